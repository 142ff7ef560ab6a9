import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { FeaturedInput } from '#common/schemas/admin-catalog.ts';
import type { Product } from '#common/schemas/catalog.ts';
import { apiRequest } from '#client/lib/api-client.ts';
import { toast } from '#client/components/ui/use-toast.ts';
import { invalidateCatalog } from '#client/lib/admin-cache.ts';

const setProductFeatured = ({ id, isFeatured }: { id: number } & FeaturedInput): Promise<Product> =>
  apiRequest<Product>('PATCH', `/api/products/${id}/featured`, { isFeatured } satisfies FeaturedInput);

export function useSetProductFeatured() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setProductFeatured,
    onSuccess: (product) => {
      void invalidateCatalog(queryClient);
      toast({ title: product.isFeatured ? 'Product featured' : 'Product unfeatured', description: product.name });
    },
    onError: (error: Error) => toast({ title: 'Failed to update product featured status', description: error.message, variant: 'destructive' }),
  });
}
