import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import { ContactInfoInput } from '#common/schemas/admin-content.ts';
import type { ContactInfo } from '#common/schemas/content.ts';
import { Button } from '#client/components/ui/button.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '#client/components/ui/card.tsx';
import { FormField } from '#client/components/ui/form-field.tsx';
import { Input } from '#client/components/ui/input.tsx';
import { Spinner } from '#client/components/ui/spinner.tsx';
import { Textarea } from '#client/components/ui/textarea.tsx';
import { useContactInfo } from '#client/lib/get-contact-info.ts';
import { showServerErrors } from '#client/lib/field-errors.ts';
import { useUpdateContactInfo } from '../api/update-contact-info.ts';

type ContactKey = Exclude<keyof ContactInfo, 'updatedAt'>;

const FIELDS: { key: ContactKey; label: string; type?: string; multiline?: boolean; placeholder?: string }[] = [
  { key: 'email', label: 'Email', type: 'email' },
  { key: 'phone', label: 'Phone', type: 'tel' },
  { key: 'address', label: 'Address', multiline: true, placeholder: 'Street, city, state, ZIP' },
  { key: 'businessHours', label: 'Business hours', multiline: true },
  { key: 'facebook', label: 'Facebook URL', type: 'url', placeholder: 'https://' },
  { key: 'twitter', label: 'Twitter URL', type: 'url', placeholder: 'https://' },
  { key: 'instagram', label: 'Instagram URL', type: 'url', placeholder: 'https://' },
  { key: 'linkedin', label: 'LinkedIn URL', type: 'url', placeholder: 'https://' },
];

type Values = Record<ContactKey, string>;
const valuesOf = (info: ContactInfo | undefined): Values => Object.fromEntries(FIELDS.map(({ key }) => [key, info?.[key] ?? ''])) as Values;

/** The contact page's details; an empty field removes that line. */
export function ContactTab() {
  const info = useContactInfo();
  const update = useUpdateContactInfo();
  // messages change on Save only, as the server's do
  const form = useForm<z.input<typeof ContactInfoInput>, unknown, ContactInfoInput>({
    resolver: zodResolver(ContactInfoInput),
    reValidateMode: 'onSubmit',
    defaultValues: valuesOf(undefined),
  });
  const { errors } = form.formState;
  const { reset } = form;

  useEffect(() => {
    if (info.data) reset(valuesOf(info.data));
  }, [info.data, reset]);

  const submit = form.handleSubmit((input) => update.mutate(input, { onError: (error) => showServerErrors(form.setError, error) }));

  if (info.isLoading) return <Spinner label="Loading contact information" />;
  return (
    <Card>
      <CardHeader>
        <CardTitle>Contact Information</CardTitle>
        <CardDescription>Shown on the Contact page. The address is also where sales tax is calculated from.</CardDescription>
      </CardHeader>
      <CardContent>
        <form onSubmit={submit} noValidate className="grid grid-cols-1 gap-4 sm:grid-cols-2">
          {FIELDS.map((field) => (
            <FormField key={field.key} label={field.label} error={errors[field.key]?.message}>
              {field.multiline ? (
                <Textarea rows={2} placeholder={field.placeholder} {...form.register(field.key)} />
              ) : (
                <Input type={field.type} placeholder={field.placeholder} {...form.register(field.key)} />
              )}
            </FormField>
          ))}
          <div className="sm:col-span-2">
            <Button type="submit" disabled={update.isPending}>
              {update.isPending ? 'Saving…' : 'Save Contact Information'}
            </Button>
          </div>
        </form>
      </CardContent>
    </Card>
  );
}
