import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Brand } from '#common/schemas/catalog.ts';
import { apiFormRequest } from '#client/lib/api-client.ts';
import { toast } from '#client/components/ui/use-toast.ts';
import { invalidateCatalog } from '#client/lib/admin-cache.ts';

/** POST /api/brands, multipart: name, description, image. */
const createBrand = (form: FormData): Promise<Brand> => apiFormRequest<Brand>('POST', '/api/brands', form);

export function useCreateBrand() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createBrand,
    onSuccess: (brand) => {
      void invalidateCatalog(queryClient);
      toast({ title: 'Brand created', description: `${brand.name} was added.` });
    },
    onError: (error: Error) => toast({ title: 'Failed to create brand', description: error.message, variant: 'destructive' }),
  });
}
