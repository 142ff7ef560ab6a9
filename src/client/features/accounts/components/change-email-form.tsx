import { useForm } from 'react-hook-form';
import { Button } from '#client/components/ui/button.tsx';
import { FormField } from '#client/components/ui/form-field.tsx';
import { Input } from '#client/components/ui/input.tsx';
import { showServerErrors, formLevelError } from '#client/lib/field-errors.ts';
import { useChangeEmail } from '../api/change-email.ts';
import { lazyZodResolver } from './lazy-resolver.ts';

const validation = lazyZodResolver(async () => (await import('#common/schemas/accounts.ts')).ChangeEmailInput);

/** A new e-mail address, confirmed by the link the shop sends to it; the current password first. */
export function ChangeEmailForm({ currentEmail }: { currentEmail: string | null }) {
  const change = useChangeEmail();
  const form = useForm({ resolver: validation.resolver, defaultValues: { newEmail: '', currentPassword: '' } });
  const { errors } = form.formState;
  const formError = formLevelError(change.error);
  return (
    <form
      noValidate
      aria-labelledby="change-email-title"
      className="grid gap-4"
      onFocus={() => void validation.preload().catch(() => undefined)}
      onSubmit={form.handleSubmit((values) =>
        change.mutate(values, {
          onSuccess: () => form.reset(),
          onError: (error) => showServerErrors(form.setError, error),
        }),
      )}
    >
      <h3 id="change-email-title" className="text-base font-semibold text-gray-900">
        Change e-mail
      </h3>
      <FormField
        label="New email"
        error={errors.newEmail?.message}
        hint={
          currentEmail
            ? `Now ${currentEmail}. It changes when you open the link we send to the new address.`
            : 'It is set when you open the link we send to it.'
        }
      >
        <Input type="email" autoComplete="email" {...form.register('newEmail')} />
      </FormField>
      <FormField label="Current password" error={errors.currentPassword?.message}>
        <Input type="password" autoComplete="current-password" {...form.register('currentPassword')} />
      </FormField>
      {formError ? (
        <p role="alert" className="text-sm text-red-700">
          {formError}
        </p>
      ) : null}
      <div role="status" className="text-sm text-green-800 empty:hidden">
        {change.isSuccess ? change.data.message : null}
      </div>
      <Button type="submit" variant="outline" className="justify-self-start" disabled={change.isPending}>
        {change.isPending ? 'Sending...' : 'Send confirmation link'}
      </Button>
    </form>
  );
}
