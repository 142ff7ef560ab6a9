import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Brand } from '#common/schemas/catalog.ts';
import { getJson } from '#client/lib/api-client.ts';

/** `key`: the brand's id or its slug; the API takes either. */
export const getBrand = (key: number | string): Promise<Brand> => getJson<Brand>(`/api/brands/${key}`);

export const brandQueryOptions = (key: number | string) => queryOptions({ queryKey: [`/api/brands/${key}`], queryFn: () => getBrand(key) });

export function useBrand(key: number | string | null) {
  return useQuery({ ...brandQueryOptions(key ?? 0), enabled: key !== null });
}
