import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Brand } from '#common/schemas/catalog.ts';
import { getJson } from '#client/lib/api-client.ts';

// same key as the storefront's brand list, so one refresh serves both
export const getBrands = (): Promise<Brand[]> => getJson<Brand[]>('/api/brands');

export const brandsQueryOptions = () => queryOptions({ queryKey: ['/api/brands'], queryFn: getBrands });

export function useBrands() {
  return useQuery(brandsQueryOptions());
}
