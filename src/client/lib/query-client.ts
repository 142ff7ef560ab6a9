import { QueryClient, type QueryFunction } from '@tanstack/react-query';
import { getJson, type ReadMeta } from './api-client.ts';

// A query's meta carries how its read reaches the shop (api-client.ts): a server render's QueryClient
// names its own fetch there, as a default for every query it holds.
declare module '@tanstack/react-query' {
  interface Register {
    queryMeta: ReadMeta;
  }
}

// The default read is a GET on the first element of the query key.
const defaultQueryFn: QueryFunction = ({ queryKey, signal, meta }) => getJson(String(queryKey[0]), { signal, meta });

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
