import { useEffect, useRef } from 'react';
import { lazyZodResolver } from './lazy-resolver.ts';
import { useForm } from 'react-hook-form';
import { Button } from '#client/components/ui/button.tsx';
import { FormField } from '#client/components/ui/form-field.tsx';
import { Input } from '#client/components/ui/input.tsx';
import { useRequestPasswordReset } from '../api/password-reset.ts';

// the schemas (and zod) load on first focus or submit, not with the page: see lazy-resolver.ts
const validation = lazyZodResolver(async () => (await import('#common/schemas/accounts.ts')).PasswordResetRequest);

/** Asks for the account's e-mail; the shop mails a link to choose a new password. */
export function ForgotPasswordForm({ onBack }: { onBack: () => void }) {
  const request = useRequestPasswordReset();
  const form = useForm({ resolver: validation.resolver, defaultValues: { email: '' } });
  const { errors } = form.formState;
  const heading = useRef<HTMLHeadingElement>(null);
  // the "Forgot password?" button that had focus is gone: keyboard and screen reader users continue here
  useEffect(() => heading.current?.focus(), []);
  return (
    <div className="grid gap-4">
      <h2 ref={heading} tabIndex={-1} className="text-lg font-semibold text-gray-900 focus:outline-none">
        Forgot your password?
      </h2>
      <p className="text-sm text-gray-700">Enter the email address of your account and we will send you a link to choose a new password.</p>
      <form
        noValidate
        className="grid gap-4"
        onFocus={() => void validation.preload().catch(() => undefined)}
        onSubmit={form.handleSubmit((values) => request.mutate(values))}
      >
        <FormField label="Email" error={errors.email?.message}>
          <Input type="email" autoComplete="email" {...form.register('email')} />
        </FormField>
        <Button type="submit" size="lg" className="w-full" disabled={request.isPending}>
          {request.isPending ? 'Sending...' : 'Send reset link'}
        </Button>
      </form>
      <p role="status" className="text-sm text-gray-800">
        {request.data?.message}
      </p>
      <button
        type="button"
        className="justify-self-start text-sm font-medium text-link underline-offset-4 hover:underline focus-visible:outline-2 focus-visible:outline-primary"
        onClick={onBack}
      >
        Back to sign in
      </button>
    </div>
  );
}
