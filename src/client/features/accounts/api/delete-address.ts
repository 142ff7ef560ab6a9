import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '#client/lib/api-client.ts';
import { toast } from '#client/components/ui/use-toast.ts';
import { SAVED_ADDRESSES_URL, savedAddressesQueryKey } from './get-saved-addresses.ts';

const deleteAddress = (id: number) => apiRequest<null>('DELETE', `${SAVED_ADDRESSES_URL}/${id}`);

export function useDeleteAddress() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteAddress,
    onSuccess: () => toast({ title: 'Address deleted' }),
    onError: (error: Error) => toast({ title: 'Address not deleted', description: error.message, variant: 'destructive' }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: savedAddressesQueryKey }),
  });
}
