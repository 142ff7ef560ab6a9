import { useForm } from 'react-hook-form';
import { CheckoutRecoverySettings } from '#common/schemas/checkout-recovery.ts';
import { FormActions } from '#client/components/admin/form-actions.tsx';
import { FormField } from '#client/components/ui/form-field.tsx';
import { Input } from '#client/components/ui/input.tsx';
import { Textarea } from '#client/components/ui/textarea.tsx';
import { formLevelError, showServerErrors } from '#client/lib/field-errors.ts';
import { payloadResolver } from '#client/lib/payload-resolver.ts';
import { useSaveRecoverySettings } from '../api/newsletter-admin.ts';

// the delays are typed as text; the shared schema's own messages say what a bad one should be
type SettingsFormValues = Omit<CheckoutRecoverySettings, 'firstDelayMinutes' | 'secondDelayMinutes'> & {
  firstDelayMinutes: string;
  secondDelayMinutes: string;
};

const settingsResolver = payloadResolver(CheckoutRecoverySettings, (values: SettingsFormValues) => ({
  ...values,
  firstDelayMinutes: Number(values.firstDelayMinutes),
  secondDelayMinutes: Number(values.secondDelayMinutes),
}));

const toValues = (settings: CheckoutRecoverySettings): SettingsFormValues => ({
  ...settings,
  firstDelayMinutes: String(settings.firstDelayMinutes),
  secondDelayMinutes: String(settings.secondDelayMinutes),
});

function Toggle({ label, hint, ...input }: { label: string; hint: string } & ReturnType<ReturnType<typeof useForm<SettingsFormValues>>['register']>) {
  return (
    <label className="flex items-start gap-3 text-sm">
      <input type="checkbox" className="mt-0.5 h-5 w-5 shrink-0 accent-primary" {...input} />
      <span>
        <span className="font-medium text-gray-900">{label}</span>
        <span className="block text-xs text-gray-600">{hint}</span>
      </span>
    </label>
  );
}

/**
 * The abandoned-checkout reminders' settings (decision 056): on or off, the delays, the consent rule, the
 * subject and the message. `readOnly` for a role that may read them but not change them.
 */
export function ReminderSettingsForm({ settings, readOnly = false }: { settings: CheckoutRecoverySettings; readOnly?: boolean }) {
  const save = useSaveRecoverySettings();
  const form = useForm<SettingsFormValues, unknown, CheckoutRecoverySettings>({
    resolver: settingsResolver,
    reValidateMode: 'onSubmit',
    defaultValues: toValues(settings),
  });
  const { errors } = form.formState;
  const submit = form.handleSubmit((input) =>
    save.mutate(input, {
      onSuccess: (saved) => form.reset(toValues(saved)),
      onError: (error: Error) => showServerErrors(form.setError, error),
    }),
  );
  const refusal = formLevelError(save.error);
  return (
    <form onSubmit={submit} noValidate aria-label="Checkout reminder settings">
      <fieldset disabled={readOnly} className="grid grid-cols-1 gap-4 sm:grid-cols-2">
        <div className="grid gap-3 sm:col-span-2">
          <Toggle label="Send checkout reminders" hint="Off until you turn it on." {...form.register('enabled')} />
          <Toggle
            label="Only to confirmed newsletter subscribers"
            hint="Without it, anyone who has not unsubscribed gets reminders."
            {...form.register('requireConsent')}
          />
        </div>
        <FormField
          label="First reminder after (minutes)"
          error={errors.firstDelayMinutes?.message}
          hint="From 15 to 10080 (7 days)."
          className="content-start self-end"
        >
          <Input inputMode="numeric" {...form.register('firstDelayMinutes')} />
        </FormField>
        <div className="grid content-start gap-3">
          <Toggle label="Send a second reminder" hint="Only if the first brought no order." {...form.register('secondEnabled')} />
          <FormField label="Second reminder after (minutes)" error={errors.secondDelayMinutes?.message} hint="From 60 to 20160, counted from the checkout.">
            <Input inputMode="numeric" {...form.register('secondDelayMinutes')} />
          </FormField>
        </div>
        <FormField label="Subject" error={errors.subject?.message} className="sm:col-span-2">
          <Input {...form.register('subject')} />
        </FormField>
        <FormField label="Message" error={errors.message?.message} hint="Plain text; the e-mail adds the cart and its links." className="sm:col-span-2">
          <Textarea rows={4} {...form.register('message')} />
        </FormField>
        {refusal ? (
          <p role="alert" className="text-sm text-red-700 sm:col-span-2">
            {refusal}
          </p>
        ) : null}
        {readOnly ? null : <FormActions pending={save.isPending} submitLabel="Save reminder settings" className="sm:col-span-2" />}
      </fieldset>
    </form>
  );
}
