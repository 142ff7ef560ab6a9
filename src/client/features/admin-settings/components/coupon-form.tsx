import { forwardRef, useEffect } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { CouponInput, type AdminCoupon } from '#common/schemas/admin-coupons.ts';
import { Card, CardContent, CardHeader, CardTitle } from '#client/components/ui/card.tsx';
import { Checkbox } from '#client/components/ui/checkbox.tsx';
import { FormField } from '#client/components/ui/form-field.tsx';
import { Input } from '#client/components/ui/input.tsx';
import { Label } from '#client/components/ui/label.tsx';
import { Select } from '#client/components/ui/select.tsx';
import { showServerErrors } from '#client/lib/field-errors.ts';
import { FormActions } from '#client/components/admin/form-actions.tsx';
import { payloadResolver } from '#client/lib/payload-resolver.ts';
import { useCreateCoupon } from '../api/create-coupon.ts';
import { useUpdateCoupon } from '../api/update-coupon.ts';
import { couponFormValues, couponPayload, defaultCouponValues, type CouponFormValues } from './coupon-form-values.ts';

interface CouponFormProps {
  editing: AdminCoupon | null;
  onDone: () => void;
}

const couponResolver = payloadResolver(CouponInput, couponPayload);

/** Coupons: code, type, amount, usage limit, active flag and validity dates. */
export const CouponForm = forwardRef<HTMLDivElement, CouponFormProps>(function CouponForm({ editing, onDone }, ref) {
  const create = useCreateCoupon();
  const update = useUpdateCoupon();
  // messages change on Save only, as the server's do
  const form = useForm<CouponFormValues, unknown, CouponInput>({ resolver: couponResolver, reValidateMode: 'onSubmit', defaultValues: defaultCouponValues() });
  const { errors } = form.formState;
  const { reset: resetForm } = form;
  const type = form.watch('type');

  useEffect(() => {
    resetForm(editing ? couponFormValues(editing) : defaultCouponValues());
  }, [editing, resetForm]);

  function reset() {
    resetForm(defaultCouponValues());
    onDone();
  }

  const submit = form.handleSubmit((input) => {
    const callbacks = { onSuccess: reset, onError: (error: Error) => showServerErrors(form.setError, error) };
    if (editing) update.mutate({ id: editing.id, input }, callbacks);
    else create.mutate(input, callbacks);
  });

  const pending = create.isPending || update.isPending;
  return (
    <div ref={ref} className="scroll-mt-24">
      <Card>
        <CardHeader>
          <CardTitle>{editing ? `Edit Coupon: ${editing.code}` : 'Create Coupon'}</CardTitle>
        </CardHeader>
        <CardContent>
          <form onSubmit={submit} noValidate className="grid grid-cols-1 gap-4 sm:grid-cols-2">
            <FormField label="Coupon code" error={errors.code?.message} hint="Letters, digits, dashes and underscores; stored in capitals.">
              <Input {...form.register('code')} autoCapitalize="characters" required />
            </FormField>
            <FormField label="Discount type" error={errors.type?.message}>
              <Select {...form.register('type')}>
                <option value="percentage">Percentage (%)</option>
                <option value="fixed">Fixed amount ($)</option>
                <option value="free_shipping">Free shipping</option>
              </Select>
            </FormField>
            <FormField label={type === 'percentage' ? 'Amount (%)' : 'Amount ($)'} error={errors.amount?.message}>
              <Input type="number" min={0} step="0.01" {...form.register('amount')} />
            </FormField>
            <FormField label="Usage limit" error={errors.usageLimit?.message} hint="0 means unlimited.">
              <Input type="number" min={0} step={1} {...form.register('usageLimit')} />
            </FormField>
            <FormField label="Valid from" error={errors.validFrom?.message}>
              <Input type="datetime-local" {...form.register('validFrom')} />
            </FormField>
            <FormField label="Valid to" error={errors.validTo?.message}>
              <Input type="datetime-local" {...form.register('validTo')} />
            </FormField>
            <div className="flex items-center gap-2 sm:col-span-2">
              <Controller
                control={form.control}
                name="isActive"
                render={({ field }) => <Checkbox id="coupon-active" checked={field.value} onCheckedChange={(checked) => field.onChange(checked === true)} />}
              />
              <Label htmlFor="coupon-active">Active</Label>
            </div>
            <FormActions
              pending={pending}
              submitLabel={editing ? 'Update Coupon' : 'Create Coupon'}
              onCancel={editing ? reset : undefined}
              className="sm:col-span-2"
            />
          </form>
        </CardContent>
      </Card>
    </div>
  );
});
