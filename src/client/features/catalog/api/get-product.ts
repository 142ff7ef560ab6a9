import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ProductDetail } from '#common/schemas/catalog.ts';
import { getJson } from '#client/lib/api-client.ts';

export const getProduct = (id: number): Promise<ProductDetail> => getJson<ProductDetail>(`/api/products/${id}`);

export const productQueryOptions = (id: number) => queryOptions({ queryKey: [`/api/products/${id}`], queryFn: () => getProduct(id) });

/** `id` is null when the address does not hold a valid id: nothing is asked, the page shows "Product Not Found". */
export function useProduct(id: number | null) {
  return useQuery({ ...productQueryOptions(id ?? 0), enabled: id !== null });
}
