import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CatalogItem } from '#common/schemas/catalog-listing.ts';
import { getJson, type ReadContext } from '#client/lib/api-client.ts';

const getFeaturedProducts = ({ meta }: ReadContext = {}): Promise<CatalogItem[]> => getJson<CatalogItem[]>('/api/products/featured', { meta });

export const featuredProductsQueryOptions = () => queryOptions({ queryKey: ['/api/products/featured'], queryFn: getFeaturedProducts });

export function useFeaturedProducts() {
  return useQuery(featuredProductsQueryOptions());
}
