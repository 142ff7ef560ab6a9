import { forwardRef, useEffect, useState, type FormEvent } from 'react';
import { CouponInput, type AdminCoupon } from '#common/schemas/admin-coupons.ts';
import { Card, CardContent, CardHeader, CardTitle } from '#client/components/ui/card.tsx';
import { Checkbox } from '#client/components/ui/checkbox.tsx';
import { FormField } from '#client/components/ui/form-field.tsx';
import { Input } from '#client/components/ui/input.tsx';
import { Label } from '#client/components/ui/label.tsx';
import { Select } from '#client/components/ui/select.tsx';
import { useCreateCoupon } from '../api/create-coupon.ts';
import { useUpdateCoupon } from '../api/update-coupon.ts';
import { couponFormValues, couponPayload, defaultCouponValues, type CouponFormValues } from './coupon-form-values.ts';
import { fieldErrorsOf, serverFieldErrors, type FieldErrors } from './field-errors.ts';
import { FormActions } from './form-actions.tsx';

interface CouponFormProps {
  editing: AdminCoupon | null;
  onDone: () => void;
}

/** spec/admin.md §2 coupons: code, type, amount, usage limit, active flag and validity dates. */
export const CouponForm = forwardRef<HTMLDivElement, CouponFormProps>(function CouponForm({ editing, onDone }, ref) {
  const create = useCreateCoupon();
  const update = useUpdateCoupon();
  const [values, setValues] = useState<CouponFormValues>(() => defaultCouponValues());
  const [errors, setErrors] = useState<FieldErrors>({});

  useEffect(() => {
    setValues(editing ? couponFormValues(editing) : defaultCouponValues());
    setErrors({});
  }, [editing]);

  const set = <K extends keyof CouponFormValues>(key: K, value: CouponFormValues[K]) => setValues((current) => ({ ...current, [key]: value }));

  function reset() {
    setValues(defaultCouponValues());
    setErrors({});
    onDone();
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    const parsed = CouponInput.safeParse(couponPayload(values));
    if (!parsed.success) {
      setErrors(fieldErrorsOf(parsed.error));
      return;
    }
    setErrors({});
    const callbacks = { onSuccess: reset, onError: (error: Error) => setErrors(serverFieldErrors(error)) };
    if (editing) update.mutate({ id: editing.id, input: parsed.data }, callbacks);
    else create.mutate(parsed.data, callbacks);
  }

  const pending = create.isPending || update.isPending;
  return (
    <div ref={ref} className="scroll-mt-24">
      <Card>
        <CardHeader>
          <CardTitle>{editing ? `Edit Coupon: ${editing.code}` : 'Create Coupon'}</CardTitle>
        </CardHeader>
        <CardContent>
          <form onSubmit={submit} noValidate className="grid grid-cols-1 gap-4 sm:grid-cols-2">
            <FormField label="Coupon code" error={errors.code} hint="Letters, digits, dashes and underscores; stored in capitals.">
              <Input value={values.code} onChange={(event) => set('code', event.target.value)} autoCapitalize="characters" required />
            </FormField>
            <FormField label="Discount type" error={errors.type}>
              <Select value={values.type} onChange={(event) => set('type', event.target.value as CouponFormValues['type'])}>
                <option value="percentage">Percentage (%)</option>
                <option value="fixed">Fixed amount ($)</option>
              </Select>
            </FormField>
            <FormField label={values.type === 'percentage' ? 'Amount (%)' : 'Amount ($)'} error={errors.amount}>
              <Input type="number" min={0} step="0.01" value={values.amount} onChange={(event) => set('amount', event.target.value)} />
            </FormField>
            <FormField label="Usage limit" error={errors.usageLimit} hint="0 means unlimited.">
              <Input type="number" min={0} step={1} value={values.usageLimit} onChange={(event) => set('usageLimit', event.target.value)} />
            </FormField>
            <FormField label="Valid from" error={errors.validFrom}>
              <Input type="datetime-local" value={values.validFrom} onChange={(event) => set('validFrom', event.target.value)} />
            </FormField>
            <FormField label="Valid to" error={errors.validTo}>
              <Input type="datetime-local" value={values.validTo} onChange={(event) => set('validTo', event.target.value)} />
            </FormField>
            <div className="flex items-center gap-2 sm:col-span-2">
              <Checkbox id="coupon-active" checked={values.isActive} onCheckedChange={(checked) => set('isActive', checked === true)} />
              <Label htmlFor="coupon-active">Active</Label>
            </div>
            <FormActions pending={pending} submitLabel={editing ? 'Update Coupon' : 'Create Coupon'} onCancel={editing ? reset : undefined} className="sm:col-span-2" />
          </form>
        </CardContent>
      </Card>
    </div>
  );
});
