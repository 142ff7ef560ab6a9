import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import { PoliciesInput } from '#common/schemas/admin-content.ts';
import type { Policies } from '#common/schemas/content.ts';
import { Button } from '#client/components/ui/button.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '#client/components/ui/card.tsx';
import { FormField } from '#client/components/ui/form-field.tsx';
import { Input } from '#client/components/ui/input.tsx';
import { Spinner } from '#client/components/ui/spinner.tsx';
import { Textarea } from '#client/components/ui/textarea.tsx';
import { usePolicies } from '#client/lib/get-policies.ts';
import { useUpdatePolicies } from '../api/update-policies.ts';
import { ReturnPolicyCard } from './return-policy-card.tsx';

// the titles used while a section has none
const DEFAULT_TITLES = ['Privacy Policy', 'Terms and Conditions', 'Shipping & Returns'] as const;
const SECTIONS = [1, 2, 3] as const;

type Values = Omit<Policies, 'updatedAt'>;

function valuesOf(policies: Policies | undefined): Values {
  return {
    title1: policies?.title1 || DEFAULT_TITLES[0],
    content1: policies?.content1 ?? '',
    title2: policies?.title2 || DEFAULT_TITLES[1],
    content2: policies?.content2 ?? '',
    title3: policies?.title3 || DEFAULT_TITLES[2],
    content3: policies?.content3 ?? '',
  };
}

/** Three titled sections and one Save Policies button. */
export function PoliciesTab() {
  const policies = usePolicies();
  const update = useUpdatePolicies();
  // messages change on Save only
  const form = useForm<z.input<typeof PoliciesInput>, unknown, PoliciesInput>({
    resolver: zodResolver(PoliciesInput),
    reValidateMode: 'onSubmit',
    defaultValues: valuesOf(undefined),
  });
  const { errors } = form.formState;
  const { reset } = form;

  useEffect(() => {
    if (policies.data) reset(valuesOf(policies.data));
  }, [policies.data, reset]);

  const submit = form.handleSubmit((input) => update.mutate(input));

  if (policies.isLoading) return <Spinner label="Loading policies" />;
  return (
    <div className="grid gap-6">
      <Card>
        <CardHeader>
          <CardTitle>Policies</CardTitle>
          <CardDescription>Shown on the Policies page, one section each.</CardDescription>
        </CardHeader>
        <CardContent>
          <form onSubmit={submit} noValidate className="grid grid-cols-1 gap-6">
            {SECTIONS.map((n) => {
              const titleKey = `title${n}` as const;
              const contentKey = `content${n}` as const;
              return (
                <fieldset key={n} className="min-w-0 grid grid-cols-1 gap-3 rounded-md border border-gray-200 p-4">
                  <legend className="px-1 text-sm font-semibold text-gray-700">Section {n}</legend>
                  <FormField label={`Section ${n} title`} error={errors[titleKey]?.message}>
                    <Input {...form.register(titleKey)} />
                  </FormField>
                  <FormField label={`Section ${n} content`} error={errors[contentKey]?.message}>
                    <Textarea rows={6} {...form.register(contentKey)} />
                  </FormField>
                </fieldset>
              );
            })}
            <div>
              <Button type="submit" disabled={update.isPending}>
                {update.isPending ? 'Saving…' : 'Save Policies'}
              </Button>
            </div>
          </form>
        </CardContent>
      </Card>
      <ReturnPolicyCard />
    </div>
  );
}
