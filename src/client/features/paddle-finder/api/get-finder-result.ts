import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { FinderResult } from '#common/schemas/paddle-finder.ts';
import { getJson } from '#client/lib/api-client.ts';

/** The finder's results for the answers' query ("skill=beginner&arm=yes"). */
export const finderResultQueryOptions = (query: string) =>
  queryOptions({
    queryKey: ['/api/paddle-finder', query],
    queryFn: ({ meta }) => getJson<FinderResult>(`/api/paddle-finder${query ? `?${query}` : ''}`, { meta }),
    placeholderData: keepPreviousData,
  });

export function useFinderResult(query: string) {
  return useQuery(finderResultQueryOptions(query));
}
