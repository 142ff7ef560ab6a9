import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '#client/lib/api-client.ts';
import { toast } from '#client/components/ui/use-toast.ts';
import { invalidateCatalog } from '#client/lib/admin-cache.ts';

const deleteProduct = (id: number): Promise<unknown> => apiRequest('DELETE', `/api/products/${id}`);

export function useDeleteProduct() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteProduct,
    onSuccess: () => {
      void invalidateCatalog(queryClient);
      toast({ title: 'Product deleted' });
    },
    onError: (error: Error) => toast({ title: 'Failed to delete product', description: error.message, variant: 'destructive' }),
  });
}
