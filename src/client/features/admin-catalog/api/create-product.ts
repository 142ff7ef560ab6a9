import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Product } from '#common/schemas/catalog.ts';
import { ApiError, apiFormRequest } from '#client/lib/api-client.ts';
import { toast } from '#client/components/ui/use-toast.ts';
import { invalidateCatalog } from '#client/lib/admin-cache.ts';

/** POST /api/products, multipart: name, price, brandId, stock, optional fields, isFeatured, image. */
const createProduct = (form: FormData): Promise<Product> => apiFormRequest<Product>('POST', '/api/products', form);

/** The failure lists each issue's path and message when the server gives them. */
export function productErrorText(error: Error): string {
  if (error instanceof ApiError && error.issues.length > 0) {
    return error.issues.map((issue) => (issue.path ? `${issue.path}: ${issue.message}` : issue.message)).join('; ');
  }
  return error.message;
}

export function useCreateProduct() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createProduct,
    onSuccess: (product) => {
      void invalidateCatalog(queryClient);
      toast({ title: 'Product created', description: `${product.name} was added.` });
    },
    onError: (error: Error) => toast({ title: 'Failed to create product', description: productErrorText(error), variant: 'destructive' }),
  });
}
