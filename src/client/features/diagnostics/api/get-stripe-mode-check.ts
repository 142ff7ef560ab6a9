import { queryOptions, useQuery } from '@tanstack/react-query';
import type { StripeModeCheck } from '#common/schemas/diagnostics.ts';
import { getJson, withQuery } from '#client/lib/api-client.ts';

const STRIPE_MODE_CHECK_URL = '/api/stripe-mode-check';

// A cache-busting parameter, so no cache between us and the server answers an old mode
const getStripeModeCheck = (): Promise<StripeModeCheck> => getJson<StripeModeCheck>(withQuery(STRIPE_MODE_CHECK_URL, { t: Date.now() }));

/** The mode check refreshes every 30 seconds and when the window regains focus. */
const stripeModeCheckQueryOptions = () =>
  queryOptions({
    queryKey: [STRIPE_MODE_CHECK_URL],
    queryFn: getStripeModeCheck,
    refetchInterval: 30_000,
    refetchOnWindowFocus: true,
    staleTime: 0,
  });

export function useStripeModeCheck() {
  return useQuery(stripeModeCheckQueryOptions());
}
