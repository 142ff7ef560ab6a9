import { useForm } from 'react-hook-form';
import { ShippingSettingsInput } from '#common/schemas/shipping.ts';
import { FormField } from '#client/components/ui/form-field.tsx';
import { Select } from '#client/components/ui/select.tsx';
import { FormActions } from '#client/components/admin/form-actions.tsx';
import { formLevelError, showServerErrors } from '#client/lib/field-errors.ts';
import { payloadResolver } from '#client/lib/payload-resolver.ts';
import { useSaveShipping } from '../api/save-shipping.ts';

interface TimeZoneValues {
  timeZone: string;
}

const settingsResolver = payloadResolver(ShippingSettingsInput, (values: TimeZoneValues) => values);

/** Every IANA zone the browser knows, with the saved one kept even if this browser does not list it. */
function zoneNames(current: string): string[] {
  const known = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];
  return known.includes(current) ? known : [current, ...known];
}

/**
 * The shop's time zone (decision 057, item 2): the methods' same-day cut-off and the reports' days are
 * read in it. Chosen from the IANA zones; the server checks the name again.
 */
export function TimeZoneForm({ timeZone }: { timeZone: string }) {
  const save = useSaveShipping();
  const form = useForm<TimeZoneValues, unknown, ShippingSettingsInput>({ resolver: settingsResolver, reValidateMode: 'onSubmit', values: { timeZone } });
  const submit = form.handleSubmit((input) => save.mutate({ what: 'settings', input }, { onError: (error: Error) => showServerErrors(form.setError, error) }));
  const refusal = formLevelError(save.error);
  return (
    <form onSubmit={submit} noValidate aria-label="Shop time zone" className="grid gap-3 sm:grid-cols-[minmax(0,20rem)_auto] sm:items-end">
      <FormField label="Shop time zone" error={form.formState.errors.timeZone?.message} hint="Same-day cut-off times and the reports' days follow it.">
        <Select {...form.register('timeZone')}>
          {zoneNames(timeZone).map((zone) => (
            <option key={zone} value={zone}>
              {zone.replaceAll('_', ' ')}
            </option>
          ))}
        </Select>
      </FormField>
      <FormActions pending={save.isPending} submitLabel="Save time zone" />
      {refusal ? (
        <p role="alert" className="text-sm text-red-700 sm:col-span-2">
          {refusal}
        </p>
      ) : null}
    </form>
  );
}
