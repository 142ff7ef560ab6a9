import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { FeaturedInput } from '#common/schemas/admin-catalog.ts';
import type { Brand } from '#common/schemas/catalog.ts';
import { ApiError, apiRequest } from '#client/lib/api-client.ts';
import { toast } from '#client/components/ui/use-toast.ts';
import { invalidateCatalog } from '#client/lib/admin-cache.ts';

const setBrandFeatured = ({ id, isFeatured }: { id: number } & FeaturedInput): Promise<Brand> =>
  apiRequest<Brand>('PATCH', `/api/brands/${id}/featured`, { isFeatured } satisfies FeaturedInput);

/** At most 4 featured brands; the server answers 409 beyond that. */
export function useSetBrandFeatured() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setBrandFeatured,
    onSuccess: (brand) => {
      void invalidateCatalog(queryClient);
      toast({ title: brand.isFeatured ? 'Brand featured' : 'Brand unfeatured', description: brand.name });
    },
    onError: (error: Error) => {
      if (error instanceof ApiError && error.status === 409) {
        toast({ title: 'Maximum featured brands reached', description: 'You can only have up to 4 featured brands.', variant: 'destructive' });
      } else {
        toast({ title: 'Failed to update brand featured status', description: error.message, variant: 'destructive' });
      }
    },
  });
}
