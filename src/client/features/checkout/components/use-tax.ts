import { useCallback, useRef, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { TaxResult } from '#common/schemas/checkout.ts';
import { formatCents } from '#common/money.ts';
import { toast } from '#client/components/ui/use-toast.ts';
import { useDebouncedValue } from '#client/lib/use-debounced-value.ts';
import { fetchTax, TAX_QUERY_ROOT, taxQueryKey, type TaxRequest } from '../api/calculate-tax.ts';
import { ADDRESS_MISSING_FOR_TAX, addressKey, isAddressComplete, isAddressReadyForAutoTax, taxPercentText } from '../checkout-rules.ts';

/** Typing pause before the automatic tax request, so one address is one request. */
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
 * The tax for this address, cart and coupon, cached under that key. Any change of the address
 * clears every result; it is computed by itself once the address is whole and no result exists,
 * or by the button. When only the cart or the coupon changed it is recomputed quietly, so the page
 * never shows a stale tax. A failed automatic attempt is not retried for the same key.
 */
export function useTax(request: TaxRequest) {
  const queryClient = useQueryClient();
  const queryKey = taxQueryKey(request);
  // bumped by clear(), so the automatic request waits for a typing pause again
  const [generation, setGeneration] = useState(0);
  const attempt = `${generation}|${JSON.stringify(queryKey)}`;
  const settled = useDebouncedValue(attempt, AUTO_TAX_DELAY_MS);
  const ready = isAddressReadyForAutoTax(request.address) && request.lines.length > 0;
  // the button asked for this attempt: no automatic one follows it, even after a failure
  const [pressedFor, setPressedFor] = useState<string | null>(null);
  // the next request is the button's, announced even when a result for the address is shown
  const fromButton = useRef(false);
  // the address the last result was for: a new result for it (new lines or coupon) comes quietly
  const resultAddress = useRef<string | null>(null);
  const requestAddress = addressKey(request.address);

  const query = useQuery({
    queryKey,
    queryFn: async () => {
      const quiet = !fromButton.current && resultAddress.current === requestAddress;
      fromButton.current = false;
      try {
        const result = await fetchTax(request);
        resultAddress.current = requestAddress;
        if (!quiet) announce(result);
        return result;
      } catch (error) {
        announceFailure(error as Error);
        throw error;
      }
    },
    enabled: ready && (settled === attempt || pressedFor === attempt),
  });
  const { refetch } = query;

  /** The Calculate Tax button. */
  const calculate = useCallback(() => {
    if (!isAddressComplete(request.address)) {
      toast({ ...ADDRESS_MISSING_FOR_TAX, variant: 'destructive' });
      return;
    }
    fromButton.current = true;
    setPressedFor(attempt);
    void refetch();
  }, [request.address, attempt, refetch]);

  const clear = useCallback(() => {
    queryClient.removeQueries({ queryKey: TAX_QUERY_ROOT });
    resultAddress.current = null;
    setGeneration((current) => current + 1);
  }, [queryClient]);

  return { tax: query.data ?? null, calculate, isCalculating: query.isFetching, clear };
}
