import { useQuery } from '@tanstack/react-query';
import { Link } from 'wouter';
import type { WishlistItem, WishlistList } from '#common/schemas/wishlist.ts';
import { formatPrice } from '#common/money.ts';
import { productPath } from '#common/slug.ts';
import { buttonClasses } from '#client/components/ui/button.tsx';
import { Spinner } from '#client/components/ui/spinner.tsx';
import { getJson } from '#client/lib/api-client.ts';
import { useDocumentTitle } from '#client/lib/use-document-title.ts';
import { useHydrated } from '#client/lib/use-hydrated.ts';
import { NotifyMe } from '../components/notify-me.tsx';
import { ProductImage } from '#client/components/ui/product-image.tsx';
import { useWishlist } from '../wishlist/use-wishlist.ts';

/** A guest's list is only ids in this browser: the shop describes them (price and stock now). */
function useGuestItems(ids: number[], enabled: boolean) {
  const url = `/api/wishlist/items?ids=${ids.join(',')}`;
  return useQuery({ queryKey: [url], queryFn: () => getJson<WishlistList>(url), enabled: enabled && ids.length > 0 });
}

function Row({ item, onRemove }: { item: WishlistItem; onRemove: () => void }) {
  const name = item.variantName ? `${item.name} (${item.variantName})` : item.name;
  const href = `${productPath(item)}?variant=${item.variantId}`;
  return (
    <li className="flex gap-4 rounded-lg border border-gray-200 bg-white p-4">
      <Link href={href} className="w-20 shrink-0">
        <ProductImage src={item.imageUrl} alt="" width={160} height={160} sizes="80px" className="aspect-square w-20 rounded" />
      </Link>
      <div className="min-w-0 flex-1 space-y-2">
        <Link href={href} className="block font-semibold text-gray-900 hover:underline">
          {name}
        </Link>
        <p className="text-sm text-gray-700">
          {formatPrice(item.price)} · {item.stock > 0 ? 'In stock' : 'Sold out'}
        </p>
        {item.stock <= 0 ? <NotifyMe variantId={item.variantId} itemName={name} /> : null}
        <button type="button" onClick={onRemove} className="min-h-11 text-sm font-medium text-link hover:underline">
          Remove<span className="sr-only"> {name}</span>
        </button>
      </div>
    </li>
  );
}

/** /wishlist: the saved variants, each linking to its product page; a sold-out one offers the back-in-stock sign-up. */
export default function WishlistPage() {
  useDocumentTitle('Wishlist');
  const hydrated = useHydrated();
  const wishlist = useWishlist();
  const guest = useGuestItems(wishlist.ids, hydrated && !wishlist.signedIn);
  const items = wishlist.signedIn ? wishlist.items : wishlist.ids.length === 0 ? [] : (guest.data?.items ?? null);

  return (
    <div className="mx-auto max-w-3xl px-4 py-8">
      <h1 className="text-3xl font-extrabold text-gray-900">Wishlist</h1>
      {!wishlist.signedIn && hydrated ? (
        <p className="mt-2 text-sm text-gray-700">
          Kept in this browser.{' '}
          <Link href="/auth?returnTo=/wishlist" className="font-medium text-link hover:underline">
            Sign in
          </Link>{' '}
          to keep it on your account.
        </p>
      ) : null}
      {!hydrated || !wishlist.ready || items === null ? (
        <Spinner className="min-h-[30vh]" />
      ) : items.length === 0 ? (
        <div className="mt-8 text-center">
          <p className="text-gray-700">Nothing saved yet: tap the heart on a product to keep it here.</p>
          <Link href="/shop" className={buttonClasses('default', 'default', 'mt-4')}>
            Browse the shop
          </Link>
        </div>
      ) : (
        <ul className="mt-6 space-y-4">
          {items.map((item) => (
            <Row key={item.variantId} item={item} onRemove={() => wishlist.toggle(item.variantId)} />
          ))}
        </ul>
      )}
    </div>
  );
}
