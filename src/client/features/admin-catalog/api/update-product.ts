import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Product } from '#common/schemas/catalog.ts';
import { ApiError, apiFormRequest } from '#client/lib/api-client.ts';
import { toast } from '#client/components/ui/use-toast.ts';
import { invalidateCatalog } from '#client/lib/admin-cache.ts';

const updateProduct = ({ id, form }: { id: number; form: FormData }): Promise<Product> => apiFormRequest<Product>('PATCH', `/api/products/${id}`, form);

export function useUpdateProduct() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateProduct,
    onSuccess: (product) => {
      void invalidateCatalog(queryClient);
      toast({ title: 'Product updated', description: `${product.name} was saved.` });
    },
    onError: (error: Error) => {
      // a 409 may mean stock moved under the open form: show the list's current figures
      if (error instanceof ApiError && error.status === 409) void invalidateCatalog(queryClient);
      toast({ title: 'Failed to update product', description: error.message, variant: 'destructive' });
    },
  });
}
