import { useState } from 'react';
import { Tag, X } from 'lucide-react';
import type { CouponResult } from '#common/schemas/checkout.ts';
import { Button } from '#client/components/ui/button.tsx';
import { toast } from '#client/components/ui/use-toast.ts';
import { useValidateCoupon } from '../api/validate-coupon.ts';
import { couponDescription } from '../checkout-rules.ts';
import { CodeEntryForm } from './code-entry-form.tsx';

interface CouponBoxProps {
  coupon: CouponResult | null;
  onApplied: (coupon: CouponResult) => void;
  onRemoved: () => void;
}

/**
 * Apply is disabled when the code is empty or while validating; a good code
 * hides the box (with a way to take the coupon off again), a bad one is cleared.
 */
export function CouponBox({ coupon, onApplied, onRemoved }: CouponBoxProps) {
  const [code, setCode] = useState('');
  // the server's reason for the code just refused, beside the field until the shopper types another
  const [refusal, setRefusal] = useState<string | null>(null);
  const validate = useValidateCoupon();

  function apply(trimmed: string) {
    validate.mutate(
      { code: trimmed },
      {
        onSuccess: (result) => {
          onApplied(result);
          setCode('');
          setRefusal(null);
          toast({ title: 'Coupon applied successfully!', description: couponDescription(result) });
        },
        onError: (error) => {
          setCode('');
          setRefusal(error.message);
          toast({ title: 'Invalid coupon', description: error.message, variant: 'destructive' });
        },
      },
    );
  }

  if (coupon) {
    return (
      <div className="flex items-center justify-between gap-3 rounded-md border border-green-200 bg-green-50 px-3 py-2 text-sm">
        <p className="flex min-w-0 items-center gap-2 text-green-900">
          <Tag className="h-4 w-4 shrink-0" aria-hidden="true" />
          <span className="min-w-0">
            <span className="font-semibold break-all">{coupon.code}</span> applied: {couponDescription(coupon)}
          </span>
        </p>
        <Button
          variant="ghost"
          size="sm"
          onClick={onRemoved}
          aria-label={`Remove coupon ${coupon.code}`}
          className="shrink-0 text-green-900 hover:bg-green-100"
        >
          <X className="h-4 w-4" aria-hidden="true" />
          Remove
        </Button>
      </div>
    );
  }

  return (
    <CodeEntryForm
      formLabel="Coupon"
      fieldLabel="Coupon code"
      name="couponCode"
      placeholder="Enter coupon code"
      maxLength={50}
      value={code}
      onChange={(typed) => {
        setCode(typed);
        setRefusal(null);
      }}
      onSubmit={apply}
      pending={validate.isPending}
      pendingText="Applying..."
      refusal={refusal}
    />
  );
}
