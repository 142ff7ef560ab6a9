import { lazyZodResolver } from './lazy-resolver.ts';
import { useForm } from 'react-hook-form';
import { Button } from '#client/components/ui/button.tsx';
import { FormField } from '#client/components/ui/form-field.tsx';
import { Input } from '#client/components/ui/input.tsx';
import { useUpdateProfile } from '../api/update-profile.ts';

const validation = lazyZodResolver(async () => (await import('#common/schemas/accounts.ts')).ProfileUpdate);

/** The shopper's full name, which checkout fills in; an empty field removes it. */
export function FullNameForm({ fullName }: { fullName: string | null }) {
  const update = useUpdateProfile();
  const form = useForm({ resolver: validation.resolver, values: { fullName: fullName ?? '' } });
  const { errors } = form.formState;
  return (
    <form
      noValidate
      className="grid gap-3"
      onFocus={() => void validation.preload().catch(() => undefined)}
      onSubmit={form.handleSubmit((values) => update.mutate(values))}
    >
      <FormField label="Full name" error={errors.fullName?.message} hint="Optional. Filled in for you at checkout.">
        <Input autoComplete="name" {...form.register('fullName')} />
      </FormField>
      <Button type="submit" variant="outline" className="justify-self-start" disabled={update.isPending}>
        {update.isPending ? 'Saving...' : 'Save name'}
      </Button>
    </form>
  );
}
