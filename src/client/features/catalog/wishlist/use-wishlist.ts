import { useEffect, useRef } from 'react';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { WishlistList } from '#common/schemas/wishlist.ts';
import { apiRequest, getJson } from '#client/lib/api-client.ts';
import { useCurrentUser } from '#client/lib/session.ts';
import { clearGuestWishlist, readGuestWishlist, toggleGuestWishlist, useGuestWishlist } from './guest-wishlist.ts';

const WISHLIST_URL = '/api/wishlist';
const wishlistQueryOptions = () => queryOptions({ queryKey: [WISHLIST_URL], queryFn: () => getJson<WishlistList>(WISHLIST_URL) });

/**
 * The shopper's wishlist wherever it is kept: on the account when signed in, in this browser otherwise.
 * Signed in with a browser list left from before, the list is merged into the account once, then emptied.
 */
export function useWishlist() {
  const { user, isLoading: userLoading } = useCurrentUser();
  const queryClient = useQueryClient();
  const guest = useGuestWishlist();
  const account = useQuery({ ...wishlistQueryOptions(), enabled: user !== null });
  const merging = useRef(false);

  useEffect(() => {
    if (!user || merging.current) return;
    const ids = readGuestWishlist();
    if (ids.length === 0) return;
    merging.current = true;
    apiRequest<WishlistList>('POST', `${WISHLIST_URL}/merge`, { variantIds: ids })
      .then((merged) => {
        clearGuestWishlist();
        queryClient.setQueryData(wishlistQueryOptions().queryKey, merged);
      })
      .catch((error: unknown) => console.error('Wishlist merge failed', error))
      .finally(() => {
        merging.current = false;
      });
  }, [user, guest.length, queryClient]);

  const toggle = useMutation({
    mutationFn: async ({ variantId, saved }: { variantId: number; saved: boolean }) => {
      if (!user) {
        toggleGuestWishlist(variantId);
        return;
      }
      await apiRequest(saved ? 'DELETE' : 'PUT', `${WISHLIST_URL}/${variantId}`);
    },
    onSettled: () => (user ? queryClient.invalidateQueries({ queryKey: [WISHLIST_URL] }) : undefined),
  });

  const ids = user ? (account.data?.items.map((item) => item.variantId) ?? []) : guest;
  return {
    signedIn: user !== null,
    ready: !userLoading && (user === null || !account.isLoading),
    ids,
    items: user ? (account.data?.items ?? []) : null,
    has: (variantId: number) => ids.includes(variantId),
    toggle: (variantId: number) => toggle.mutate({ variantId, saved: ids.includes(variantId) }),
    pending: toggle.isPending,
  };
}
