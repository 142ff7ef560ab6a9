import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Brand } from '#common/schemas/catalog.ts';
import { getJson } from '#client/lib/api-client.ts';

export const getBrand = (id: number): Promise<Brand> => getJson<Brand>(`/api/brands/${id}`);

export const brandQueryOptions = (id: number) => queryOptions({ queryKey: [`/api/brands/${id}`], queryFn: () => getBrand(id) });

export function useBrand(id: number | null) {
  return useQuery({ ...brandQueryOptions(id ?? 0), enabled: id !== null });
}
