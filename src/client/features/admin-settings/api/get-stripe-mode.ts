import { queryOptions, useQuery } from '@tanstack/react-query';
import type { StripeModeCheck } from '#common/schemas/diagnostics.ts';
import { getJson, withQuery } from '#client/lib/api-client.ts';

const STRIPE_MODE_URL = '/api/stripe-mode-check';

// the cache-busting parameter keeps any proxy from answering with an old mode
const getStripeMode = (): Promise<StripeModeCheck> => getJson<StripeModeCheck>(withQuery(STRIPE_MODE_URL, { t: Date.now() }));

/** This one query refreshes every 30 s and when the window regains focus. */
const stripeModeQueryOptions = () =>
  queryOptions({
    queryKey: [STRIPE_MODE_URL],
    queryFn: getStripeMode,
    refetchInterval: 30_000,
    refetchOnWindowFocus: true,
    staleTime: 0,
  });

export function useStripeMode() {
  return useQuery(stripeModeQueryOptions());
}
