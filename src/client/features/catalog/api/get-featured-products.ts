import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Product } from '#common/schemas/catalog.ts';
import { getJson } from '#client/lib/api-client.ts';

export const getFeaturedProducts = (): Promise<Product[]> => getJson<Product[]>('/api/products/featured');

export const featuredProductsQueryOptions = () => queryOptions({ queryKey: ['/api/products/featured'], queryFn: getFeaturedProducts });

export function useFeaturedProducts() {
  return useQuery(featuredProductsQueryOptions());
}
