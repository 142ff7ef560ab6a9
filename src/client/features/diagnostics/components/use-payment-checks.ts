import { useEffect, useRef } from 'react';
import type { UseQueryResult } from '@tanstack/react-query';
import { toast } from '#client/components/ui/use-toast.ts';
import { useStripeModeCheck } from '../api/get-stripe-mode-check.ts';
import { useStripeWebhookCheck } from '../api/get-stripe-webhook-check.ts';

/**
 * One check with its toasts: an automatic check that fails toasts `automaticTitle`; a refresh the
 * admin asked for toasts `manualTitle` instead (never both for the same failure).
 */
function useCheckToasts<T>(query: UseQueryResult<T, Error>, automaticTitle: string, manualTitle: string) {
  const manualPending = useRef(false);
  const handledErrorAt = useRef(0);

  useEffect(() => {
    if (!query.isError || manualPending.current || query.errorUpdatedAt === handledErrorAt.current) return;
    handledErrorAt.current = query.errorUpdatedAt;
    toast({ title: automaticTitle, description: query.error.message, variant: 'destructive' });
  }, [query.isError, query.errorUpdatedAt, query.error, automaticTitle]);

  return async function refresh() {
    manualPending.current = true;
    try {
      const result = await query.refetch();
      if (result.isError) {
        handledErrorAt.current = result.errorUpdatedAt;
        toast({ title: manualTitle, description: result.error.message, variant: 'destructive' });
      }
    } finally {
      manualPending.current = false;
    }
  };
}

/** Both checks of the diagnostics pages with their toasts. */
export function usePaymentChecks() {
  const mode = useStripeModeCheck();
  const webhooks = useStripeWebhookCheck();
  const refreshMode = useCheckToasts(mode, 'Error checking Stripe mode', 'Stripe check failed');
  const refreshWebhooks = useCheckToasts(webhooks, 'Webhook check failed', 'Webhook check failed');
  return { mode, webhooks, refreshMode, refreshWebhooks, refreshAll: () => Promise.all([refreshMode(), refreshWebhooks()]) };
}
