import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { SaveAddressInput, SavedAddressResult, UpdateAddressInput } from '#common/schemas/addresses.ts';
import { apiRequest } from '#client/lib/api-client.ts';
import { toast } from '#client/components/ui/use-toast.ts';
import { SAVED_ADDRESSES_URL, savedAddressesQueryKey } from './get-saved-addresses.ts';

const addAddress = (input: SaveAddressInput) => apiRequest<SavedAddressResult>('POST', SAVED_ADDRESSES_URL, input);
const updateAddress = ({ id, changes }: { id: number; changes: UpdateAddressInput }) =>
  apiRequest<SavedAddressResult>('PATCH', `${SAVED_ADDRESSES_URL}/${id}`, changes);

/**
 * A new address, or changes to one: the list is read again after either, since making one the default
 * changes another. The form shows refusals beside their fields; the toast says it is saved.
 */
export function useSaveAddress() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { id?: number; address: UpdateAddressInput }) =>
      input.id === undefined ? addAddress(input.address as SaveAddressInput) : updateAddress({ id: input.id, changes: input.address }),
    onSuccess: () => toast({ title: 'Address saved' }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: savedAddressesQueryKey }),
  });
}

/** Makes a saved address the default shipping address (the server clears the old default). */
export function useMakeDefaultAddress() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => updateAddress({ id, changes: { isDefaultShipping: true } }),
    onSuccess: () => toast({ title: 'Default address changed' }),
    onError: (error: Error) => toast({ title: 'Default address not changed', description: error.message, variant: 'destructive' }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: savedAddressesQueryKey }),
  });
}
