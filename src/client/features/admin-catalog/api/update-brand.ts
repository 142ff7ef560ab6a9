import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Brand } from '#common/schemas/catalog.ts';
import { apiFormRequest } from '#client/lib/api-client.ts';
import { toast } from '#client/components/ui/use-toast.ts';
import { invalidateCatalog } from '#client/lib/admin-cache.ts';

/** PATCH /api/brands/:id, multipart with the same fields as creation. */
const updateBrand = ({ id, form }: { id: number; form: FormData }): Promise<Brand> => apiFormRequest<Brand>('PATCH', `/api/brands/${id}`, form);

export function useUpdateBrand() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateBrand,
    onSuccess: (brand) => {
      void invalidateCatalog(queryClient);
      toast({ title: 'Brand updated', description: `${brand.name} was saved.` });
    },
    onError: (error: Error) => toast({ title: 'Failed to update brand', description: error.message, variant: 'destructive' }),
  });
}
