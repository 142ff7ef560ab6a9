import { lazyZodResolver } from './lazy-resolver.ts';
import { useForm } from 'react-hook-form';
import { Button } from '#client/components/ui/button.tsx';
import { FormField } from '#client/components/ui/form-field.tsx';
import { Input } from '#client/components/ui/input.tsx';
import { useResetPassword } from '../api/password-reset.ts';

// the schemas (and zod) load on first focus or submit, not with the page: see lazy-resolver.ts
const validation = lazyZodResolver(async () => (await import('#common/schemas/accounts.ts')).PasswordReset);

/** The new password for the e-mailed link's token; the server signs the shopper in when it is accepted. */
export function ResetPasswordForm({ token, onDone }: { token: string; onDone: () => void }) {
  const reset = useResetPassword();
  const form = useForm({ resolver: validation.resolver, defaultValues: { token, password: '' } });
  const { errors } = form.formState;
  return (
    <form
      noValidate
      className="grid gap-4"
      onFocus={() => void validation.preload().catch(() => undefined)}
      onSubmit={form.handleSubmit((values) => reset.mutate(values, { onSuccess: onDone }))}
    >
      <FormField label="New password" error={errors.password?.message ?? errors.token?.message} hint="At least 8 characters.">
        <Input type="password" autoComplete="new-password" {...form.register('password')} />
      </FormField>
      <Button type="submit" size="lg" className="mt-2 w-full" disabled={reset.isPending}>
        {reset.isPending ? 'Saving...' : 'Set new password'}
      </Button>
    </form>
  );
}
