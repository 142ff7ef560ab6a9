import { queryOptions, useQuery } from '@tanstack/react-query';
import type { StripeWebhookCheck } from '#common/schemas/diagnostics.ts';
import { getJson, withQuery } from '#client/lib/api-client.ts';

const STRIPE_WEBHOOK_CHECK_URL = '/api/stripe-webhook-check';

const getStripeWebhookCheck = (): Promise<StripeWebhookCheck> => getJson<StripeWebhookCheck>(withQuery(STRIPE_WEBHOOK_CHECK_URL, { t: Date.now() }));

const stripeWebhookCheckQueryOptions = () => queryOptions({ queryKey: [STRIPE_WEBHOOK_CHECK_URL], queryFn: getStripeWebhookCheck, staleTime: 0 });

export function useStripeWebhookCheck() {
  return useQuery(stripeWebhookCheckQueryOptions());
}
