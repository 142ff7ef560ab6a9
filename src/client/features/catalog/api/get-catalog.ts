import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { CatalogListing, Comparison } from '#common/schemas/catalog-listing.ts';
import { getJson } from '#client/lib/api-client.ts';

/** The shop page's listing for its address's query (the page's `search` is the API's `q`). */
export const catalogQueryOptions = (query: string) =>
  queryOptions({
    queryKey: ['/api/catalog', query],
    queryFn: ({ meta }) => getJson<CatalogListing>(`/api/catalog${query ? `?${query}` : ''}`, { meta }),
    // the old page stays on screen while the next one loads: no flash of a spinner per tick
    placeholderData: keepPreviousData,
  });

export function useCatalog(query: string) {
  return useQuery(catalogQueryOptions(query));
}

export function useComparison(ids: number[]) {
  return useQuery({
    queryKey: ['/api/catalog/compare', ids.join(',')],
    queryFn: ({ meta }) => getJson<Comparison>(`/api/catalog/compare?ids=${ids.join(',')}`, { meta }),
    enabled: ids.length > 0,
  });
}
