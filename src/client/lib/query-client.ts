import { QueryClient, type QueryFunction } from '@tanstack/react-query';
import { getJson } from './api-client.ts';

// The default read is a GET on the first element of the query key.
const defaultQueryFn: QueryFunction = ({ queryKey, signal }) => getJson(String(queryKey[0]), { signal });

/** No automatic retries, no refetch on focus, no polling, data never stale; 5 min cache retention. */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        queryFn: defaultQueryFn,
        retry: false,
        refetchOnWindowFocus: false,
        refetchInterval: false,
        staleTime: Infinity,
        gcTime: 5 * 60 * 1000,
      },
      mutations: { retry: false },
    },
  });
}
