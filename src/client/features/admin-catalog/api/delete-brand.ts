import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '#client/lib/api-client.ts';
import { toast } from '#client/components/ui/use-toast.ts';
import { invalidateCatalog } from '#client/lib/admin-cache.ts';

const deleteBrand = (id: number): Promise<unknown> => apiRequest('DELETE', `/api/brands/${id}`);

export function useDeleteBrand() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteBrand,
    onSuccess: () => {
      void invalidateCatalog(queryClient);
      toast({ title: 'Brand deleted' });
    },
    onError: (error: Error) => toast({ title: 'Failed to delete brand', description: error.message, variant: 'destructive' }),
  });
}
