import { lazyZodResolver } from './lazy-resolver.ts';
import { Controller, useForm } from 'react-hook-form';
import { Button } from '#client/components/ui/button.tsx';
import { FormField } from '#client/components/ui/form-field.tsx';
import { Input } from '#client/components/ui/input.tsx';
import type { RegisterInput } from '#common/schemas/accounts.ts';
import { useRegister } from '../api/register.ts';
import { MarketingConsentField } from './marketing-consent-field.tsx';

// the schemas (and zod) load on first focus or submit, not with the page: see lazy-resolver.ts
const validation = lazyZodResolver(async () => (await import('#common/schemas/accounts.ts')).RegisterInput);

export function RegisterForm() {
  const register = useRegister();
  const form = useForm({ resolver: validation.resolver, defaultValues: { username: '', password: '', email: '', fullName: '', marketingConsent: false } });
  const { errors } = form.formState;
  // the one box is the account's wish and its newsletter sign-up (decision 056); unticked, the spec's request is sent as is
  const submit = (values: RegisterInput) => register.mutate(values.marketingConsent ? { ...values, newsletter: true } : values);
  return (
    <form noValidate className="grid gap-4" onFocus={() => void validation.preload().catch(() => undefined)} onSubmit={form.handleSubmit(submit)}>
      <FormField label="Username" error={errors.username?.message}>
        <Input autoComplete="username" {...form.register('username')} />
      </FormField>
      <FormField label="Password" error={errors.password?.message} hint="At least 8 characters.">
        <Input type="password" autoComplete="new-password" {...form.register('password')} />
      </FormField>
      <FormField label="Email" error={errors.email?.message}>
        <Input type="email" autoComplete="email" {...form.register('email')} />
      </FormField>
      <FormField label="Full name (optional)" error={errors.fullName?.message} hint="Filled in for you at checkout.">
        <Input autoComplete="name" {...form.register('fullName')} />
      </FormField>
      <Controller
        control={form.control}
        name="marketingConsent"
        render={({ field }) => (
          <MarketingConsentField
            checked={field.value === true}
            onCheckedChange={field.onChange}
            hint="Occasional e-mails about new gear and offers. You can change this in your profile at any time."
          />
        )}
      />
      <Button type="submit" size="lg" className="mt-2 w-full" disabled={register.isPending}>
        {register.isPending ? 'Creating account...' : 'Register'}
      </Button>
    </form>
  );
}
