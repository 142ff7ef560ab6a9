import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Product } from '#common/schemas/catalog.ts';
import { getJson, withQuery } from '#client/lib/api-client.ts';

export interface ProductFilter {
  brandId?: number;
  search?: string;
}

/** A failed response gives the error "Network response was not ok". */
export async function getProducts(filter: ProductFilter = {}): Promise<Product[]> {
  try {
    return await getJson<Product[]>(withQuery('/api/products', { brandId: filter.brandId, search: filter.search }));
  } catch (error) {
    console.error(error);
    throw new Error('Network response was not ok');
  }
}

export const productsQueryOptions = (filter: ProductFilter = {}) =>
  queryOptions({
    queryKey: ['/api/products', { brandId: filter.brandId ?? null, search: filter.search ?? '' }],
    queryFn: () => getProducts(filter),
  });

export function useProducts(filter: ProductFilter = {}) {
  return useQuery(productsQueryOptions(filter));
}
