import { lazyZodResolver } from './lazy-resolver.ts';
import { useForm } from 'react-hook-form';
import { Button } from '#client/components/ui/button.tsx';
import { FormField } from '#client/components/ui/form-field.tsx';
import { Input } from '#client/components/ui/input.tsx';
import { useState } from 'react';
import { isTwoFactorChallenge, useLogin } from '../api/login.ts';
import { TwoFactorLoginForm } from './two-factor-login-form.tsx';

// the schemas (and zod) load on first focus or submit, not with the page: see lazy-resolver.ts
const validation = lazyZodResolver(async () => (await import('#common/schemas/accounts.ts')).LoginInput);

/** `onForgotPassword` switches the card to the reset request. */
export function LoginForm({ onForgotPassword }: { onForgotPassword: () => void }) {
  const login = useLogin();
  // the password passed for an account with two-factor sign-in: the card asks for the code next
  const [loginToken, setLoginToken] = useState<string | null>(null);
  const form = useForm({ resolver: validation.resolver, defaultValues: { username: '', password: '' } });
  const { errors } = form.formState;
  if (loginToken) {
    return (
      <TwoFactorLoginForm
        loginToken={loginToken}
        onStartOver={() => {
          setLoginToken(null);
          form.resetField('password');
        }}
      />
    );
  }
  return (
    <form
      noValidate
      className="grid gap-4"
      onFocus={() => void validation.preload().catch(() => undefined)}
      onSubmit={form.handleSubmit((values) =>
        login.mutate(values, { onSuccess: (answer) => (isTwoFactorChallenge(answer) ? setLoginToken(answer.loginToken) : undefined) }),
      )}
    >
      <FormField label="Username or email" error={errors.username?.message}>
        <Input autoComplete="username" {...form.register('username')} />
      </FormField>
      <FormField label="Password" error={errors.password?.message}>
        <Input type="password" autoComplete="current-password" {...form.register('password')} />
      </FormField>
      <button
        type="button"
        className="min-h-11 justify-self-end text-sm font-medium text-link underline-offset-4 hover:underline focus-visible:outline-2 focus-visible:outline-primary"
        onClick={onForgotPassword}
      >
        Forgot password?
      </button>
      <Button type="submit" size="lg" className="w-full" disabled={login.isPending}>
        {login.isPending ? 'Logging in...' : 'Login'}
      </Button>
    </form>
  );
}
