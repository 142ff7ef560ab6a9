import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Brand } from '#common/schemas/catalog.ts';
import { getJson, type ReadContext } from '#client/lib/api-client.ts';

const getFeaturedBrands = ({ meta }: ReadContext = {}): Promise<Brand[]> => getJson<Brand[]>('/api/brands/featured', { meta });

export const featuredBrandsQueryOptions = () => queryOptions({ queryKey: ['/api/brands/featured'], queryFn: getFeaturedBrands });

export function useFeaturedBrands() {
  return useQuery(featuredBrandsQueryOptions());
}
