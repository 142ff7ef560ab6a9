import { useId, useState, type FormEvent } from 'react';
import { Tag, X } from 'lucide-react';
import type { CouponResult } from '#common/schemas/checkout.ts';
import { Button } from '#client/components/ui/button.tsx';
import { Input } from '#client/components/ui/input.tsx';
import { Label } from '#client/components/ui/label.tsx';
import { toast } from '#client/components/ui/use-toast.ts';
import { useValidateCoupon } from '../api/validate-coupon.ts';
import { couponDescription } from '../checkout-rules.ts';

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
  const inputId = useId();
  const errorId = `${inputId}-error`;

  function apply(event: FormEvent) {
    event.preventDefault();
    const trimmed = code.trim();
    if (!trimmed || validate.isPending) return;
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
    <form onSubmit={apply} className="grid gap-1.5" aria-label="Coupon">
      <Label htmlFor={inputId}>Coupon code</Label>
      <div className="flex gap-2">
        <Input
          id={inputId}
          name="couponCode"
          value={code}
          onChange={(event) => {
            setCode(event.target.value);
            setRefusal(null);
          }}
          aria-invalid={refusal ? true : undefined}
          aria-describedby={refusal ? errorId : undefined}
          placeholder="Enter coupon code"
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          maxLength={50}
        />
        <Button type="submit" variant="outline" disabled={!code.trim() || validate.isPending}>
          {validate.isPending ? 'Applying...' : 'Apply'}
        </Button>
      </div>
      {refusal ? (
        <p id={errorId} className="text-sm text-red-700">
          {refusal}
        </p>
      ) : null}
    </form>
  );
}
