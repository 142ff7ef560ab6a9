import { useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';
import type { TaxResult } from '#common/schemas/checkout.ts';
import { formatCents } from '#common/money.ts';
import { toast } from '#client/components/ui/use-toast.ts';
import { useCalculateTax, type TaxRequest } from '../api/calculate-tax.ts';
import {
  ADDRESS_MISSING_FOR_TAX,
  addressKey,
  isAddressComplete,
  isAddressReadyForAutoTax,
  linesKey,
  taxPercentText,
} from '../checkout-rules.ts';

/** Typing pause before the automatic tax request, so one address is one request. */
export const AUTO_TAX_DELAY_MS = 400;

interface StoredTax {
  result: TaxResult;
  addressKey: string;
  /** the lines and coupon the tax was computed for */
  orderKey: string;
}

function announce(result: TaxResult) {
  // spec/storefront.md §8: the default rate has its own message
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
 * spec/storefront.md §4 step 3: the tax for this address, cart and coupon. Any change of the address
 * clears it; it is computed by itself once the address is whole and no result exists, or by the button.
 * When only the cart or the coupon changed it is recomputed quietly, so the page never shows a stale tax.
 */
export function useTax(request: TaxRequest) {
  const { mutate, isPending: pending } = useCalculateTax();
  const [stored, setStored] = useState<StoredTax | null>(null);
  const currentAddressKey = addressKey(request.address);
  const currentOrderKey = `${linesKey(request.lines)}|${request.couponCode ?? ''}`;
  const tax = stored && stored.addressKey === currentAddressKey && stored.orderKey === currentOrderKey ? stored.result : null;
  const autoTried = useRef<string | null>(null);
  const requestRef = useRef(request);
  useLayoutEffect(() => {
    requestRef.current = request;
  });

  const run = useCallback(
    (options: { quiet: boolean }) => {
      const current = requestRef.current;
      const keys = { addressKey: addressKey(current.address), orderKey: `${linesKey(current.lines)}|${current.couponCode ?? ''}` };
      autoTried.current = `${keys.addressKey}|${keys.orderKey}`;
      mutate(current, {
        onSuccess: (result) => {
          setStored({ result, ...keys });
          if (!options.quiet) announce(result);
        },
        onError: announceFailure,
      });
    },
    [mutate],
  );

  /** The Calculate Tax button. */
  const calculate = useCallback(() => {
    if (!isAddressComplete(requestRef.current.address)) {
      toast({ ...ADDRESS_MISSING_FOR_TAX, variant: 'destructive' });
      return;
    }
    run({ quiet: false });
  }, [run]);

  const ready = isAddressReadyForAutoTax(request.address) && request.lines.length > 0;
  const attemptKey = `${currentAddressKey}|${currentOrderKey}`;
  const quiet = stored !== null && stored.addressKey === currentAddressKey;
  useEffect(() => {
    // one automatic attempt per address and order: a failure is not retried in a loop
    if (!ready || tax || pending || autoTried.current === attemptKey) return;
    const timer = setTimeout(() => {
      run({ quiet });
    }, AUTO_TAX_DELAY_MS);
    return () => clearTimeout(timer);
  }, [ready, tax, pending, attemptKey, quiet, run]);

  const clear = useCallback(() => {
    setStored(null);
    autoTried.current = null;
  }, []);

  return { tax, calculate, isCalculating: pending, clear };
}
