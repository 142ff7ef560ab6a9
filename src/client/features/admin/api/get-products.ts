import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Product } from '#common/schemas/catalog.ts';
import { getJson } from '#client/lib/api-client.ts';

export const getProducts = (): Promise<Product[]> => getJson<Product[]>('/api/products');

// the storefront's unfiltered shop list uses this very key, so it shares the cache entry
export const productsQueryOptions = () => queryOptions({ queryKey: ['/api/products', { brandId: null, search: '' }], queryFn: getProducts });

export function useProducts() {
  return useQuery(productsQueryOptions());
}
