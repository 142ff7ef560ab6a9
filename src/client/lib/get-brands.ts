import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Brand } from '#common/schemas/catalog.ts';
import { getJson, type ReadContext } from '#client/lib/api-client.ts';

const getBrands = ({ meta }: ReadContext = {}): Promise<Brand[]> => getJson<Brand[]>('/api/brands', { meta });

// one definition for the shop page's brand filter, the rendered pages' loaders and the admin's brand list and
// product forms, so a change the admin saves refreshes the shop's list too
export const brandsQueryOptions = () => queryOptions({ queryKey: ['/api/brands'], queryFn: getBrands });

export function useBrands() {
  return useQuery(brandsQueryOptions());
}
