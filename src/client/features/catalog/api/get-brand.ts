import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Brand } from '#common/schemas/catalog.ts';
import { getJson, type ReadContext } from '#client/lib/api-client.ts';

/** `key`: the brand's id or its slug; the API takes either. */
const getBrand = (key: number | string, { meta }: ReadContext = {}): Promise<Brand> => getJson<Brand>(`/api/brands/${key}`, { meta });

export const brandQueryOptions = (key: number | string) => queryOptions({ queryKey: [`/api/brands/${key}`], queryFn: ({ meta }) => getBrand(key, { meta }) });

export function useBrand(key: number | string | null) {
  return useQuery({ ...brandQueryOptions(key ?? 0), enabled: key !== null });
}
