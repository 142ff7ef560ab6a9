import { hydrate, type DehydratedState, type QueryClient } from '@tanstack/react-query';
import { ApiError } from './api-client.ts';

// A server-rendered page carries the answers it was drawn from (TanStack Query's dehydrated state) in a
// JSON <script>; the browser puts them into its QueryClient before hydrating, so its first render draws
// the same thing. A read that failed (a missing product: 404) travels too, as its status and message,
// and is not asked again on mount: the page keeps showing what the server showed.

export const PAGE_STATE_ID = 'page-state';

interface SentError {
  apiError: { status: number; message: string };
}

const isSentError = (value: unknown): value is SentError =>
  typeof value === 'object' && value !== null && 'apiError' in value && typeof (value as SentError).apiError?.status === 'number';

/**
 * The state as sent: failed reads as plain data (an Error does not survive JSON), and without the queries'
 * meta, which on the server names the render's own fetch (query-client.ts) and means nothing in the browser.
 */
export function sendableState(state: DehydratedState): DehydratedState {
  return {
    ...state,
    queries: state.queries.map(({ meta: _renderFetch, ...query }) =>
      query.state.error instanceof ApiError
        ? { ...query, state: { ...query.state, error: { apiError: { status: query.state.error.status, message: query.state.error.message } } as never } }
        : query,
    ),
  };
}

/** Puts a page's sent state into the client's QueryClient, failed reads as ApiErrors that are not retried on mount. */
export function hydratePageState(queryClient: QueryClient, state: DehydratedState): void {
  const queries = state.queries.map((query) => {
    const sent = query.state.error;
    if (!isSentError(sent)) return query;
    queryClient.setQueryDefaults(query.queryKey, { retryOnMount: false });
    return { ...query, state: { ...query.state, error: new ApiError(sent.apiError.status, sent.apiError.message) as never } };
  });
  hydrate(queryClient, { ...state, queries });
}

/** The page's sent state, or null on a page the browser renders alone. */
export function readPageState(): DehydratedState | null {
  const script = document.getElementById(PAGE_STATE_ID);
  return script?.textContent ? (JSON.parse(script.textContent) as DehydratedState) : null;
}
