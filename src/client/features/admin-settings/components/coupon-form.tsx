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
import { BuyXGetYFields, firstMessage, QuantityBreakFields, ScopeField } from './discount-rule-fields.tsx';

interface CouponFormProps {
  editing: AdminCoupon | null;
  onDone: () => void;
}

const couponResolver = payloadResolver(CouponInput, couponPayload);

/**
 * Coupons and discounts: the spec's code, type, amount, usage limit, active flag and validity dates,
 * and the engine's rules (decision 058): automatic or by code, quantity breaks, buy X get Y, minimums,
 * what it applies to, uses per customer and whether an automatic one combines with a code.
 */
export const CouponForm = forwardRef<HTMLDivElement, CouponFormProps>(function CouponForm({ editing, onDone }, ref) {
  const create = useCreateCoupon();
  const update = useUpdateCoupon();
  // messages change on Save only, as the server's do
  const form = useForm<CouponFormValues, unknown, CouponInput>({ resolver: couponResolver, reValidateMode: 'onSubmit', defaultValues: defaultCouponValues() });
  const { errors } = form.formState;
  const { reset: resetForm } = form;
  const type = form.watch('type');
  const kind = form.watch('kind');
  const automatic = kind === 'automatic';

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
          <CardTitle>{editing ? `Edit Coupon: ${editing.kind === 'automatic' ? editing.title : editing.code}` : 'Create Coupon'}</CardTitle>
        </CardHeader>
        <CardContent>
          <form onSubmit={submit} noValidate className="grid grid-cols-1 gap-4 sm:grid-cols-2">
            <FormField label="How it applies" error={errors.kind?.message}>
              <Select {...form.register('kind')}>
                <option value="code">With a code the shopper types</option>
                <option value="automatic">Automatically, without a code</option>
              </Select>
            </FormField>
            {automatic ? (
              <div className="hidden sm:block" />
            ) : (
              <FormField label="Coupon code" error={errors.code?.message} hint="Letters, digits, dashes and underscores; stored in capitals.">
                <Input {...form.register('code')} autoCapitalize="characters" required />
              </FormField>
            )}
            <FormField
              label="Title in the cart"
              error={errors.title?.message}
              hint={automatic ? 'Required: the cart names the saving by it, e.g. Balls.' : 'Optional: the cart shows the code when empty.'}
            >
              <Input {...form.register('title')} maxLength={80} />
            </FormField>
            <FormField label="Discount type" error={errors.type?.message}>
              <Select {...form.register('type')}>
                <option value="percentage">Percentage (%)</option>
                <option value="fixed">Fixed amount ($)</option>
                <option value="free_shipping">Free shipping</option>
                <option value="quantity_breaks">Quantity breaks (% by units)</option>
                <option value="buy_x_get_y">Buy X get Y</option>
              </Select>
            </FormField>
            {type === 'percentage' || type === 'fixed' ? (
              <FormField label={type === 'percentage' ? 'Amount (%)' : 'Amount ($)'} error={errors.amount?.message}>
                <Input type="number" min={0} step="0.01" {...form.register('amount')} />
              </FormField>
            ) : null}
            {type === 'quantity_breaks' ? <QuantityBreakFields form={form} /> : null}
            {type === 'buy_x_get_y' ? <BuyXGetYFields form={form} /> : null}
            <FormField label="Minimum subtotal ($)" error={errors.minSubtotal?.message} hint="Of the products it applies to; empty: none.">
              <Input type="number" min={0} step="0.01" inputMode="decimal" {...form.register('minSubtotal')} />
            </FormField>
            <FormField label="Minimum units" error={errors.minQuantity?.message} hint="Of the products it applies to; 0: none.">
              <Input type="number" min={0} step={1} inputMode="numeric" {...form.register('minQuantity')} />
            </FormField>
            <ScopeField form={form} name="appliesTo" legend="Applies to" emptyMeaning="the whole cart" error={firstMessage(errors.appliesTo)} />
            {automatic ? (
              <div className="flex items-center gap-2 sm:col-span-2">
                <Controller
                  control={form.control}
                  name="combinesWithCodes"
                  render={({ field }) => (
                    <Checkbox id="coupon-combines" checked={field.value} onCheckedChange={(checked) => field.onChange(checked === true)} />
                  )}
                />
                <Label htmlFor="coupon-combines">Also applies with a code</Label>
                {errors.combinesWithCodes?.message ? <p className="text-sm text-red-700">{errors.combinesWithCodes.message}</p> : null}
              </div>
            ) : (
              <>
                <FormField label="Usage limit" error={errors.usageLimit?.message} hint="0 means unlimited.">
                  <Input type="number" min={0} step={1} {...form.register('usageLimit')} />
                </FormField>
                <FormField label="Uses per customer" error={errors.perCustomerLimit?.message} hint="By order e-mail; 1 is once per customer, 0 unlimited.">
                  <Input type="number" min={0} step={1} inputMode="numeric" {...form.register('perCustomerLimit')} />
                </FormField>
              </>
            )}
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
