import { useId } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { US_STATES } from '#common/constants.ts';
import type { SavedAddress } from '#common/schemas/addresses.ts';
import { Button } from '#client/components/ui/button.tsx';
import { Checkbox } from '#client/components/ui/checkbox.tsx';
import { FormField } from '#client/components/ui/form-field.tsx';
import { Input } from '#client/components/ui/input.tsx';
import { Label } from '#client/components/ui/label.tsx';
import { Select } from '#client/components/ui/select.tsx';
import { showServerErrors, formLevelError } from '#client/lib/field-errors.ts';
import { useSaveAddress } from '../api/save-address.ts';
import { lazyZodResolver } from './lazy-resolver.ts';

// the shared schema (and zod) loads on first focus or submit, not with the profile: see lazy-resolver.ts
const validation = lazyZodResolver(async () => (await import('#common/schemas/addresses.ts')).SaveAddressInput);

interface AddressFormProps {
  /** the address being edited; none for a new one */
  address?: SavedAddress;
  /** a customer's first address is their default unless they untick it */
  firstAddress: boolean;
  onDone: () => void;
}

/** One address of the book: the same fields and list of states as checkout's shipping address. */
export function AddressForm({ address, firstAddress, onDone }: AddressFormProps) {
  const save = useSaveAddress();
  const headingId = useId();
  const defaultBoxId = useId();
  const form = useForm({
    resolver: validation.resolver,
    defaultValues: {
      fullName: address?.fullName ?? '',
      street: address?.street ?? '',
      city: address?.city ?? '',
      state: address?.state ?? '',
      zip: address?.zip ?? '',
      phone: address?.phone ?? '',
      isDefaultShipping: address?.isDefaultShipping ?? firstAddress,
    },
  });
  const { errors } = form.formState;
  // a refusal that names no field (the book is full, the address is already saved) shows above the buttons
  const formError = formLevelError(save.error);
  const title = address ? 'Edit address' : 'New address';

  return (
    <form
      noValidate
      aria-labelledby={headingId}
      className="grid gap-4 rounded-lg border border-gray-200 bg-gray-50 p-4"
      onFocus={() => void validation.preload().catch(() => undefined)}
      onSubmit={form.handleSubmit((values) =>
        save.mutate({ id: address?.id, address: values }, { onSuccess: onDone, onError: (error) => showServerErrors(form.setError, error) }),
      )}
    >
      <h3 id={headingId} className="text-base font-semibold text-gray-900">
        {title}
      </h3>
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField label="Full name" error={errors.fullName?.message} className="sm:col-span-2">
          {/* the form opens at the press of a button: the shopper starts typing where it opened */}
          <Input autoComplete="shipping name" autoFocus {...form.register('fullName')} />
        </FormField>
        <FormField label="Street address" error={errors.street?.message} className="sm:col-span-2">
          <Input autoComplete="shipping street-address" {...form.register('street')} />
        </FormField>
        <FormField label="City" error={errors.city?.message}>
          <Input autoComplete="shipping address-level2" {...form.register('city')} />
        </FormField>
        {/* controlled: an uncontrolled select may be given its saved value before its options exist */}
        <Controller
          control={form.control}
          name="state"
          render={({ field }) => (
            <FormField label="State" error={errors.state?.message}>
              <Select autoComplete="shipping address-level1" {...field} value={field.value ?? ''}>
                <option value="">Select a state</option>
                {US_STATES.map(([code, name]) => (
                  <option key={code} value={code}>
                    {name}
                  </option>
                ))}
              </Select>
            </FormField>
          )}
        />
        <FormField label="ZIP code" error={errors.zip?.message}>
          <Input autoComplete="shipping postal-code" inputMode="numeric" {...form.register('zip')} />
        </FormField>
        <FormField label="Phone" error={errors.phone?.message} hint="Optional. For the carrier, if they need to reach you.">
          <Input type="tel" autoComplete="shipping tel" {...form.register('phone')} />
        </FormField>
      </div>
      <div className="flex min-h-11 items-center gap-3">
        <Controller
          control={form.control}
          name="isDefaultShipping"
          render={({ field }) => (
            <Checkbox id={defaultBoxId} checked={field.value === true} onCheckedChange={(checked) => field.onChange(checked === true)} onBlur={field.onBlur} />
          )}
        />
        <Label htmlFor={defaultBoxId} className="cursor-pointer py-2">
          Use as my default shipping address
        </Label>
      </div>
      {formError ? (
        <p role="alert" className="text-sm text-red-700">
          {formError}
        </p>
      ) : null}
      <div className="flex flex-wrap gap-2">
        <Button type="submit" disabled={save.isPending}>
          {save.isPending ? 'Saving...' : 'Save address'}
        </Button>
        <Button type="button" variant="outline" onClick={onDone}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
