import { Controller, useFieldArray, type UseFormReturn } from 'react-hook-form';
import type { CouponInput } from '#common/schemas/admin-coupons.ts';
import { Button } from '#client/components/ui/button.tsx';
import { FormField } from '#client/components/ui/form-field.tsx';
import { Input } from '#client/components/ui/input.tsx';
import { emptyBreak, type CouponFormValues } from './coupon-form-values.ts';
import { DiscountScopePicker } from './discount-scope-picker.tsx';

type CouponFormApi = UseFormReturn<CouponFormValues, unknown, CouponInput>;

/** The first message anywhere in a field's errors (a list's own, or one of its rows'). */
export function firstMessage(error: unknown): string | undefined {
  if (!error || typeof error !== 'object') return undefined;
  const own = (error as { message?: unknown }).message;
  if (typeof own === 'string' && own) return own;
  for (const [key, value] of Object.entries(error)) {
    if (key === 'ref') continue;
    const nested = firstMessage(value);
    if (nested) return nested;
  }
  return undefined;
}

/**
 * One of the form's product scopes (what a discount applies to, what buy X get Y counts and gives) as the
 * picker edits it: the names it shows for chosen ids are kept beside the form's values, for every scope.
 */
export function ScopeField({
  form,
  name,
  legend,
  emptyMeaning,
  error,
}: {
  form: CouponFormApi;
  name: 'appliesTo' | 'buyXGetY.buy' | 'buyXGetY.get';
  legend: string;
  emptyMeaning: string;
  error: string | undefined;
}) {
  const names = form.watch('names');
  return (
    <Controller
      control={form.control}
      name={name}
      render={({ field }) => (
        <DiscountScopePicker
          legend={legend}
          emptyMeaning={emptyMeaning}
          value={field.value}
          onChange={field.onChange}
          names={names}
          onName={(key, label) => form.setValue('names', { ...form.getValues('names'), [key]: label })}
          error={error}
        />
      )}
    />
  );
}

const MAX_BREAKS = 10;

/** Quantity breaks: each tier's quantity and percent; the highest tier reached gives its percent. */
export function QuantityBreakFields({ form }: { form: CouponFormApi }) {
  const tiers = useFieldArray({ control: form.control, name: 'quantityBreaks' });
  const errors = form.formState.errors.quantityBreaks;
  const listError = errors?.message ?? errors?.root?.message;
  return (
    <fieldset className="grid gap-3 rounded-md border border-gray-200 p-3 sm:col-span-2">
      <legend className="px-1 text-sm font-semibold text-gray-900">Quantity breaks</legend>
      <p className="text-xs text-gray-600">Units of the chosen products in the cart; the highest tier reached takes its percent off all of them.</p>
      {tiers.fields.map((tier, index) => (
        <div key={tier.id} className="grid grid-cols-[1fr_1fr_auto] items-end gap-3">
          <FormField label={`Tier ${index + 1}: from units`} error={errors?.[index]?.minQuantity?.message}>
            <Input type="number" min={1} step={1} inputMode="numeric" {...form.register(`quantityBreaks.${index}.minQuantity`)} />
          </FormField>
          <FormField label={`Tier ${index + 1}: % off`} error={errors?.[index]?.percent?.message}>
            <Input type="number" min={0} max={100} step="0.01" inputMode="decimal" {...form.register(`quantityBreaks.${index}.percent`)} />
          </FormField>
          <Button
            type="button"
            variant="outline"
            className="min-h-11"
            disabled={tiers.fields.length === 1}
            onClick={() => tiers.remove(index)}
            aria-label={`Remove tier ${index + 1}`}
          >
            Remove
          </Button>
        </div>
      ))}
      {listError ? <p className="text-sm text-red-700">{listError}</p> : null}
      <div>
        <Button type="button" variant="outline" disabled={tiers.fields.length >= MAX_BREAKS} onClick={() => tiers.append(emptyBreak())}>
          Add a tier
        </Button>
      </div>
    </fieldset>
  );
}

/** Buy X get Y: how many units of what earn how many units of what, at what percent off (100: free). */
export function BuyXGetYFields({ form }: { form: CouponFormApi }) {
  const errors = form.formState.errors.buyXGetY;
  return (
    <>
      <FormField label="Buy (units)" error={errors?.buyQuantity?.message}>
        <Input type="number" min={1} step={1} inputMode="numeric" {...form.register('buyXGetY.buyQuantity')} />
      </FormField>
      <FormField label="Get (units)" error={errors?.getQuantity?.message}>
        <Input type="number" min={1} step={1} inputMode="numeric" {...form.register('buyXGetY.getQuantity')} />
      </FormField>
      <FormField label="Get at % off" hint="100 makes them free; the cheapest units are given first." error={errors?.percent?.message ?? errors?.message}>
        <Input type="number" min={0} max={100} step="0.01" inputMode="decimal" {...form.register('buyXGetY.percent')} />
      </FormField>
      <div className="hidden sm:block" />
      <ScopeField form={form} name="buyXGetY.buy" legend="Buy" emptyMeaning="any product" error={firstMessage(errors?.buy)} />
      <ScopeField form={form} name="buyXGetY.get" legend="Get" emptyMeaning="any product" error={firstMessage(errors?.get)} />
    </>
  );
}
