import { queryOptions, useQuery } from '@tanstack/react-query';
import type { SavedAddressList } from '#common/schemas/addresses.ts';
import { getJson } from '#client/lib/api-client.ts';

export const SAVED_ADDRESSES_URL = '/api/account/addresses';

// keyed by its address, as every read: checkout's list of the same addresses shares the cached answer
export const savedAddressesQueryKey = [SAVED_ADDRESSES_URL] as const;

const savedAddressesQueryOptions = () => queryOptions({ queryKey: savedAddressesQueryKey, queryFn: () => getJson<SavedAddressList>(SAVED_ADDRESSES_URL) });

/** The signed-in customer's address book: the default first, then the newest. */
export function useSavedAddresses(enabled: boolean) {
  return useQuery({ ...savedAddressesQueryOptions(), enabled });
}
