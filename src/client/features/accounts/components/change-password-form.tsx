import { useForm } from 'react-hook-form';
import { Button } from '#client/components/ui/button.tsx';
import { FormField } from '#client/components/ui/form-field.tsx';
import { Input } from '#client/components/ui/input.tsx';
import { showServerErrors, formLevelError } from '#client/lib/field-errors.ts';
import { useChangePassword } from '../api/change-password.ts';
import { lazyZodResolver } from './lazy-resolver.ts';

const validation = lazyZodResolver(async () => (await import('#common/schemas/accounts.ts')).ChangePasswordInput);

/** The current password, then the new one (registration's rule); the shop signs every other device out. */
export function ChangePasswordForm() {
  const change = useChangePassword();
  const form = useForm({ resolver: validation.resolver, defaultValues: { currentPassword: '', newPassword: '' } });
  const { errors } = form.formState;
  // a refusal that names no field: the account locked by too many wrong passwords, the shop unreachable
  const formError = formLevelError(change.error);
  return (
    <form
      noValidate
      aria-labelledby="change-password-title"
      className="grid gap-4"
      onFocus={() => void validation.preload().catch(() => undefined)}
      onSubmit={form.handleSubmit((values) =>
        change.mutate(values, {
          onSuccess: () => form.reset(),
          onError: (error) => showServerErrors(form.setError, error),
        }),
      )}
    >
      <h3 id="change-password-title" className="text-base font-semibold text-gray-900">
        Change password
      </h3>
      <FormField label="Current password" error={errors.currentPassword?.message}>
        <Input type="password" autoComplete="current-password" {...form.register('currentPassword')} />
      </FormField>
      <FormField label="New password" error={errors.newPassword?.message} hint="At least 8 characters. You stay signed in here; other devices are signed out.">
        <Input type="password" autoComplete="new-password" {...form.register('newPassword')} />
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
        {change.isPending ? 'Saving...' : 'Change password'}
      </Button>
    </form>
  );
}
