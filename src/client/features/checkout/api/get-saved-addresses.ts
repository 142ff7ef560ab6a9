import { queryOptions, useQuery } from '@tanstack/react-query';
import type { SavedAddressList } from '#common/schemas/addresses.ts';
import { getJson } from '#client/lib/api-client.ts';

const SAVED_ADDRESSES_URL = '/api/account/addresses';

const savedAddressesQueryOptions = () => queryOptions({ queryKey: [SAVED_ADDRESSES_URL], queryFn: () => getJson<SavedAddressList>(SAVED_ADDRESSES_URL) });

/** The signed-in customer's address book (the default first); nothing is asked for a guest. */
export function useSavedAddresses(signedIn: boolean) {
  return useQuery({ ...savedAddressesQueryOptions(), enabled: signedIn });
}
