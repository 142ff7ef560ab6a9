import { useEffect } from 'react';
import { Controller, useFieldArray, useForm } from 'react-hook-form';
import { ShippingMethodInput, type ShippingMethodView } from '#common/schemas/shipping.ts';
import { CARRIER_SERVICES } from '#common/schemas/shipping-rate.ts';
import { Button } from '#client/components/ui/button.tsx';
import { Checkbox } from '#client/components/ui/checkbox.tsx';
import { FormField } from '#client/components/ui/form-field.tsx';
import { Input } from '#client/components/ui/input.tsx';
import { Label } from '#client/components/ui/label.tsx';
import { Select } from '#client/components/ui/select.tsx';
import { FormActions } from '#client/components/admin/form-actions.tsx';
import { formLevelError, showServerErrors } from '#client/lib/field-errors.ts';
import { payloadResolver } from '#client/lib/payload-resolver.ts';
import { useCarrierStatus } from '../api/get-carrier-status.ts';
import { useSaveShipping } from '../api/save-shipping.ts';
import { emptyMethodValues, methodFormValues, methodPayload, type MethodFormValues } from './method-form-values.ts';

const methodResolver = payloadResolver(ShippingMethodInput, methodPayload);

interface MethodFormProps {
  zoneId: number;
  editing: ShippingMethodView | null;
  onDone: () => void;
}

/** A zone's method: name, delivery or pickup, business days and cut-off, and its rate rule (flat, by weight or subtotal brackets, free over). */
export function MethodForm({ zoneId, editing, onDone }: MethodFormProps) {
  const save = useSaveShipping();
  const form = useForm<MethodFormValues, unknown, ShippingMethodInput>({
    resolver: methodResolver,
    reValidateMode: 'onSubmit',
    defaultValues: editing ? methodFormValues(editing) : emptyMethodValues(),
  });
  const brackets = useFieldArray({ control: form.control, name: 'rate.brackets' });
  const { errors } = form.formState;
  const basis = form.watch('rate.basis');
  const kind = form.watch('kind');
  const unit = basis === 'weight' ? 'g' : '$';
  const carrier = form.watch('rate.carrier');
  const services = CARRIER_SERVICES[carrier];
  // carrier-calculated methods need the carrier API (decision 057): offered, or disabled with why
  const carrierStatus = useCarrierStatus();
  const carrierReady = carrierStatus.data?.rates === true;
  useEffect(() => {
    if (!Object.hasOwn(services, form.getValues('rate.service'))) form.setValue('rate.service', Object.keys(services)[0]!);
  }, [services, form]);

  const submit = form.handleSubmit((input) =>
    save.mutate(
      { what: 'method', zoneId, id: editing?.id ?? null, input },
      { onSuccess: onDone, onError: (error: Error) => showServerErrors(form.setError, error) },
    ),
  );
  const refusal = formLevelError(save.error);
  const bracketErrors = errors.rate && 'brackets' in errors.rate ? errors.rate.brackets : undefined;

  return (
    <form
      onSubmit={submit}
      noValidate
      aria-label={editing ? `Edit ${editing.name}` : 'New method'}
      className="grid grid-cols-1 gap-4 rounded-md border border-gray-200 p-4 sm:grid-cols-2"
    >
      <FormField label="Method name" error={errors.name?.message} hint="Standard, Expedited, Local pickup…">
        <Input {...form.register('name')} />
      </FormField>
      <FormField label="Kind" error={errors.kind?.message}>
        <Select {...form.register('kind')}>
          <option value="delivery">Delivery</option>
          <option value="pickup">Local pickup (no shipping cost)</option>
        </Select>
      </FormField>
      <FormField label="Fastest (business days)" error={errors.minBusinessDays?.message}>
        <Input type="number" min={0} step={1} inputMode="numeric" {...form.register('minBusinessDays')} />
      </FormField>
      <FormField label="Slowest (business days)" error={errors.maxBusinessDays?.message}>
        <Input type="number" min={0} step={1} inputMode="numeric" {...form.register('maxBusinessDays')} />
      </FormField>
      <FormField
        label="Same-day cut-off (optional)"
        error={errors.cutoffTime?.message}
        hint="Orders after it leave the next business day, in the shop's time zone."
      >
        <Input type="time" {...form.register('cutoffTime')} />
      </FormField>
      {kind === 'delivery' ? (
        <>
          <FormField label="Rate" error={errors.rate?.message}>
            <Select {...form.register('rate.basis')}>
              <option value="flat">Flat price</option>
              <option value="weight">By order weight</option>
              <option value="subtotal">By order subtotal</option>
              <option value="carrier" disabled={!carrierReady && basis !== 'carrier'}>
                Carrier-calculated (live rate){carrierReady ? '' : ': needs EASYPOST_API_KEY'}
              </option>
            </Select>
          </FormField>
          {!carrierReady && carrierStatus.isSuccess ? (
            <p className="text-sm text-gray-700 sm:col-span-2">
              Carrier-calculated rates are off: the server has no EASYPOST_API_KEY. Set it (see the README) to price methods with live USPS, UPS or FedEx rates
              and to buy labels.
            </p>
          ) : null}
          {basis === 'carrier' ? (
            <>
              <FormField label="Carrier" error={errors.rate && 'carrier' in errors.rate ? errors.rate.carrier?.message : undefined}>
                <Select {...form.register('rate.carrier')}>
                  <option value="usps">USPS</option>
                  <option value="ups">UPS</option>
                  <option value="fedex">FedEx</option>
                </Select>
              </FormField>
              <FormField label="Service" error={errors.rate && 'service' in errors.rate ? errors.rate.service?.message : undefined}>
                <Select {...form.register('rate.service')}>
                  {Object.entries(services).map(([code, name]) => (
                    <option key={code} value={code}>
                      {name}
                    </option>
                  ))}
                </Select>
              </FormField>
              <FormField
                label="Handling ($)"
                error={errors.rate && 'handlingCents' in errors.rate ? errors.rate.handlingCents?.message : undefined}
                hint="Added to the carrier's price for the cart's weight, from the shop's address in Contact."
              >
                <Input type="number" min={0} step="0.01" inputMode="decimal" {...form.register('rate.handlingCents')} />
              </FormField>
            </>
          ) : basis === 'flat' ? (
            <FormField label="Price ($)" error={errors.rate && 'priceCents' in errors.rate ? errors.rate.priceCents?.message : undefined}>
              <Input type="number" min={0} step="0.01" inputMode="decimal" {...form.register('rate.priceCents')} />
            </FormField>
          ) : (
            <fieldset className="grid gap-2 sm:col-span-2">
              <legend className="text-sm font-medium text-gray-900">Brackets ({basis === 'weight' ? 'grams' : 'subtotal after discounts, $'})</legend>
              {brackets.fields.map((field, index) => (
                <div key={field.id} className="grid grid-cols-[1fr_1fr_1fr_auto] items-end gap-2">
                  <FormField label={`From (${unit})`} error={bracketErrors?.[index]?.from?.message}>
                    <Input type="number" min={0} inputMode="decimal" {...form.register(`rate.brackets.${index}.from`)} />
                  </FormField>
                  <FormField label={`Up to (${unit})`} error={bracketErrors?.[index]?.to?.message} hint="Empty: no limit">
                    <Input type="number" min={0} inputMode="decimal" {...form.register(`rate.brackets.${index}.to`)} />
                  </FormField>
                  <FormField label="Price ($)" error={bracketErrors?.[index]?.priceCents?.message}>
                    <Input type="number" min={0} step="0.01" inputMode="decimal" {...form.register(`rate.brackets.${index}.priceCents`)} />
                  </FormField>
                  <Button type="button" variant="outline" onClick={() => brackets.remove(index)} disabled={brackets.fields.length === 1}>
                    Remove
                  </Button>
                </div>
              ))}
              {bracketErrors?.root?.message || bracketErrors?.message ? (
                <p role="alert" className="text-sm text-red-700">
                  {bracketErrors.root?.message ?? bracketErrors.message}
                </p>
              ) : null}
              <Button type="button" variant="outline" className="justify-self-start" onClick={() => brackets.append({ from: '', to: '', priceCents: '' })}>
                Add bracket
              </Button>
            </fieldset>
          )}
          <FormField label="Free over ($, optional)" error={errors.rate?.freeOverCents?.message} hint="Subtotal after discounts at which this method is free.">
            <Input type="number" min={0} step="0.01" inputMode="decimal" {...form.register('rate.freeOverCents')} />
          </FormField>
        </>
      ) : null}
      <div className="flex items-center gap-2 sm:col-span-2">
        <Controller
          control={form.control}
          name="active"
          render={({ field }) => (
            <Checkbox id={`method-active-${editing?.id ?? 'new'}`} checked={field.value} onCheckedChange={(checked) => field.onChange(checked === true)} />
          )}
        />
        <Label htmlFor={`method-active-${editing?.id ?? 'new'}`}>Offered at checkout</Label>
      </div>
      {refusal ? (
        <p role="alert" className="text-sm text-red-700 sm:col-span-2">
          {refusal}
        </p>
      ) : null}
      <FormActions pending={save.isPending} submitLabel={editing ? 'Save method' : 'Add method'} onCancel={onDone} className="sm:col-span-2" />
    </form>
  );
}
