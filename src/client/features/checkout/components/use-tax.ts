import { useCallback, useRef, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { TaxResult } from '#common/schemas/checkout.ts';
import { formatCents } from '#common/money.ts';
import { toast } from '#client/components/ui/use-toast.ts';
import { useDebouncedValue } from '#client/lib/use-debounced-value.ts';
import { fetchTax, TAX_QUERY_ROOT, taxQueryKey, type TaxRequest } from '../api/calculate-tax.ts';
import { addressKey, isAddressReadyForAutoTax, taxPercentText } from '../checkout-rules.ts';

/** Typing pause before the tax request, so one address is one request. */
const AUTO_TAX_DELAY_MS = 400;

function announce(result: TaxResult) {
  // the default rate has its own message
  if (result.fallback) {
    toast({
      title: 'Using default tax rate',
      description: `Precise sales tax could not be calculated; the default rate of ${taxPercentText(result.rate)}% applies (${formatCents(result.amountCents)}).`,
    });
    return;
  }
  toast({ title: 'Tax calculated', description: `Sales tax: ${formatCents(result.amountCents)} (${taxPercentText(result.rate)}%)` });
}

function announceFailure(error: Error) {
  toast({ title: 'Tax calculation failed', description: error.message || 'Failed to calculate tax', variant: 'destructive' });
}

/**
 * The tax for this address, cart and coupon, cached under that key and computed by itself once the
 * address is whole and the shopper pauses. Any change of the address clears every result; when only the
 * cart or the coupon changed it is recomputed quietly, so the page never shows a stale tax. A request whose
 * key is no longer the page's is cancelled (its answer would be for another address). A failed attempt is not
 * retried for the same key, so a failing service is not asked in a loop.
 */
export function useTax(request: TaxRequest) {
  const queryClient = useQueryClient();
  const queryKey = taxQueryKey(request);
  // bumped by clear(), so the request waits for a typing pause again
  const [generation, setGeneration] = useState(0);
  const attempt = `${generation}|${JSON.stringify(queryKey)}`;
  const settled = useDebouncedValue(attempt, AUTO_TAX_DELAY_MS);
  const ready = isAddressReadyForAutoTax(request.address) && request.lines.length > 0;
  // the address the last result was for: a new result for it (new lines or coupon) comes quietly
  const resultAddress = useRef<string | null>(null);
  const requestAddress = addressKey(request.address);

  const query = useQuery({
    queryKey,
    queryFn: async ({ signal }) => {
      const quiet = resultAddress.current === requestAddress;
      try {
        const result = await fetchTax(request, signal);
        resultAddress.current = requestAddress;
        if (!quiet) announce(result);
        return result;
      } catch (error) {
        if (!signal.aborted) announceFailure(error as Error);
        throw error;
      }
    },
    enabled: ready && settled === attempt,
  });

  const clear = useCallback(() => {
    // an answer still on its way is for the old address
    void queryClient.cancelQueries({ queryKey: TAX_QUERY_ROOT });
    queryClient.removeQueries({ queryKey: TAX_QUERY_ROOT });
    resultAddress.current = null;
    setGeneration((current) => current + 1);
  }, [queryClient]);

  return { tax: query.data ?? null, isCalculating: query.isFetching, clear };
}
