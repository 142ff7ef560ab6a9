import { useEffect, useState, type FormEvent } from 'react';
import { ContactInfoInput } from '#common/schemas/admin-content.ts';
import type { ContactInfo } from '#common/schemas/content.ts';
import { Button } from '#client/components/ui/button.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '#client/components/ui/card.tsx';
import { FormField } from '#client/components/ui/form-field.tsx';
import { Input } from '#client/components/ui/input.tsx';
import { Spinner } from '#client/components/ui/spinner.tsx';
import { Textarea } from '#client/components/ui/textarea.tsx';
import { useContactInfo } from '../api/get-contact-info.ts';
import { useUpdateContactInfo } from '../api/update-contact-info.ts';
import { fieldErrorsOf, serverFieldErrors, type FieldErrors } from './field-errors.ts';

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

/** spec/admin.md §2 contact: the contact page's details; an empty field removes that line. */
export function ContactTab() {
  const info = useContactInfo();
  const update = useUpdateContactInfo();
  const [values, setValues] = useState<Values>(() => valuesOf(undefined));
  const [errors, setErrors] = useState<FieldErrors>({});

  useEffect(() => {
    if (info.data) setValues(valuesOf(info.data));
  }, [info.data]);

  function submit(event: FormEvent) {
    event.preventDefault();
    const parsed = ContactInfoInput.safeParse(values);
    if (!parsed.success) {
      setErrors(fieldErrorsOf(parsed.error));
      return;
    }
    setErrors({});
    update.mutate(parsed.data, { onError: (error) => setErrors(serverFieldErrors(error)) });
  }

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
            <FormField key={field.key} label={field.label} error={errors[field.key]}>
              {field.multiline ? (
                <Textarea rows={2} value={values[field.key]} placeholder={field.placeholder} onChange={(event) => setValues({ ...values, [field.key]: event.target.value })} />
              ) : (
                <Input type={field.type} value={values[field.key]} placeholder={field.placeholder} onChange={(event) => setValues({ ...values, [field.key]: event.target.value })} />
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
