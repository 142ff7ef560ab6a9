import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Brand } from '#common/schemas/catalog.ts';
import { getJson, type ReadContext } from '#client/lib/api-client.ts';

export const getBrands = ({ meta }: ReadContext = {}): Promise<Brand[]> => getJson<Brand[]>('/api/brands', { meta });

export const brandsQueryOptions = () => queryOptions({ queryKey: ['/api/brands'], queryFn: getBrands });

export function useBrands() {
  return useQuery(brandsQueryOptions());
}
