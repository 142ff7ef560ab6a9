import { useForm } from 'react-hook-form';
import { ShippingZoneInput, type ShippingZoneView } from '#common/schemas/shipping.ts';
import { FormField } from '#client/components/ui/form-field.tsx';
import { Input } from '#client/components/ui/input.tsx';
import { FormActions } from '#client/components/admin/form-actions.tsx';
import { formLevelError, showServerErrors } from '#client/lib/field-errors.ts';
import { payloadResolver } from '#client/lib/payload-resolver.ts';
import { useSaveShipping } from '../api/save-shipping.ts';

interface ZoneFormValues {
  name: string;
  usStates: string;
  caProvinces: string;
}

/** "tx, ok nm" -> ["TX", "OK", "NM"]: owners type codes as they come. */
const codes = (text: string) =>
  text
    .split(/[\s,]+/)
    .map((code) => code.trim().toUpperCase())
    .filter(Boolean);

const zoneResolver = payloadResolver(ShippingZoneInput, (values: ZoneFormValues) => ({
  name: values.name,
  usStates: codes(values.usStates),
  caProvinces: codes(values.caProvinces),
}));

/** The first message about a list of codes: the list's own ("each region only once") or one code's. */
function listError(error: unknown): string | undefined {
  if (!error || typeof error !== 'object') return undefined;
  const { message, root } = error as { message?: string; root?: { message?: string } };
  if (message) return message;
  if (root?.message) return root.message;
  return Object.values(error).map(listError).find(Boolean);
}

/** A zone: its name and the states (and provinces) it covers, by their two-letter codes. */
export function ZoneForm({ editing, onDone }: { editing: ShippingZoneView | null; onDone: () => void }) {
  const save = useSaveShipping();
  const form = useForm<ZoneFormValues, unknown, ShippingZoneInput>({
    resolver: zoneResolver,
    reValidateMode: 'onSubmit',
    defaultValues: { name: editing?.name ?? '', usStates: editing?.usStates.join(', ') ?? '', caProvinces: editing?.caProvinces.join(', ') ?? '' },
  });
  const { errors } = form.formState;
  const submit = form.handleSubmit((input) =>
    save.mutate(
      { what: 'zone', id: editing?.id ?? null, input },
      {
        onSuccess: () => {
          form.reset({ name: '', usStates: '', caProvinces: '' });
          onDone();
        },
        onError: (error: Error) => showServerErrors(form.setError, error),
      },
    ),
  );
  const refusal = formLevelError(save.error);
  return (
    <form onSubmit={submit} noValidate aria-label={editing ? `Edit zone ${editing.name}` : 'New zone'} className="grid grid-cols-1 gap-4 sm:grid-cols-2">
      <FormField label="Zone name" error={errors.name?.message}>
        <Input {...form.register('name')} />
      </FormField>
      <FormField label="US states" error={listError(errors.usStates)} hint="Two-letter codes, DC included: TX, OK, NM">
        <Input {...form.register('usStates')} autoCapitalize="characters" />
      </FormField>
      <FormField label="Canadian provinces (optional)" error={listError(errors.caProvinces)} hint="ON, BC…">
        <Input {...form.register('caProvinces')} autoCapitalize="characters" />
      </FormField>
      {refusal ? (
        <p role="alert" className="text-sm text-red-700 sm:col-span-2">
          {refusal}
        </p>
      ) : null}
      <FormActions
        pending={save.isPending}
        submitLabel={editing ? 'Save zone' : 'Add zone'}
        onCancel={editing ? onDone : undefined}
        className="sm:col-span-2"
      />
    </form>
  );
}
