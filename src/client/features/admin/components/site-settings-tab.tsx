import { useEffect, useRef, useState, type FormEvent } from 'react';
import { SiteSettingsInput } from '#common/schemas/admin-content.ts';
import type { SiteSettings } from '#common/schemas/content.ts';
import { Button } from '#client/components/ui/button.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '#client/components/ui/card.tsx';
import { FormField } from '#client/components/ui/form-field.tsx';
import { Input } from '#client/components/ui/input.tsx';
import { Spinner } from '#client/components/ui/spinner.tsx';
import { Textarea } from '#client/components/ui/textarea.tsx';
import { useSiteSettings } from '#client/lib/site-settings.ts';
import { useUpdateSiteSettings } from '../api/update-site-settings.ts';
import { AdminImage } from './admin-image.tsx';
import { ColorField } from './color-field.tsx';
import { fieldErrorsOf, serverFieldErrors, type FieldErrors } from './field-errors.ts';
import { SETTING_GROUPS, SETTING_KEYS, type SettingField, type SettingKey } from './site-settings-fields.ts';

type Values = Record<SettingKey, string>;

function valuesOf(settings: SiteSettings | undefined): Values {
  return Object.fromEntries(SETTING_KEYS.map((key) => [key, settings?.[key] ?? ''])) as Values;
}

/** spec/admin.md §2 site-settings: every field of §3 and a hero image; only non-empty fields are sent. */
export function SiteSettingsTab() {
  const settings = useSiteSettings();
  const update = useUpdateSiteSettings();
  const [values, setValues] = useState<Values>(() => valuesOf(undefined));
  const [errors, setErrors] = useState<FieldErrors>({});
  const [heroImage, setHeroImage] = useState<File | null>(null);
  const heroInput = useRef<HTMLInputElement>(null);

  useEffect(() => {
    if (settings.data) setValues(valuesOf(settings.data));
  }, [settings.data]);

  const set = (key: SettingKey, value: string) => setValues((current) => ({ ...current, [key]: value }));

  function submit(event: FormEvent) {
    event.preventDefault();
    // spec §5: an empty string counts as missing, so blank fields are simply not sent
    const filled = Object.fromEntries(Object.entries(values).filter(([, value]) => value.trim() !== ''));
    const parsed = SiteSettingsInput.safeParse(filled);
    if (!parsed.success) {
      setErrors(fieldErrorsOf(parsed.error));
      return;
    }
    setErrors({});
    const form = new FormData();
    for (const [key, value] of Object.entries(filled)) form.append(key, value.trim());
    if (heroImage) form.append('heroImage', heroImage);
    update.mutate(form, {
      onSuccess: () => {
        setHeroImage(null);
        if (heroInput.current) heroInput.current.value = '';
      },
      onError: (error) => setErrors(serverFieldErrors(error)),
    });
  }

  if (settings.isLoading) return <Spinner label="Loading site settings" />;

  const renderField = (field: SettingField) => {
    const value = values[field.key];
    if (field.kind === 'color') {
      return <ColorField key={field.key} label={field.label} value={value} fallback={field.fallback ?? '#000000'} error={errors[field.key]} onChange={(next) => set(field.key, next)} />;
    }
    const control =
      field.kind === 'textarea' ? (
        <Textarea rows={3} value={value} onChange={(event) => set(field.key, event.target.value)} />
      ) : (
        <Input
          type={field.kind === 'email' ? 'email' : 'text'}
          inputMode={field.kind === 'number' ? 'decimal' : undefined}
          value={value}
          onChange={(event) => set(field.key, event.target.value)}
        />
      );
    return (
      <FormField key={field.key} label={field.label} hint={field.hint} error={errors[field.key]} className={field.kind === 'textarea' ? 'sm:col-span-2' : undefined}>
        {control}
      </FormField>
    );
  };

  return (
    <Card>
      <CardHeader>
        <CardTitle>Site Settings</CardTitle>
        <CardDescription>Texts, colours and checkout settings of the storefront. Empty fields keep their current value.</CardDescription>
      </CardHeader>
      <CardContent>
        <form onSubmit={submit} noValidate className="grid grid-cols-1 gap-8">
          {SETTING_GROUPS.map((group) => (
            <fieldset key={group.title} className="min-w-0 grid grid-cols-1 gap-4 sm:grid-cols-2">
              <legend className="mb-3 text-base font-semibold text-gray-900">{group.title}</legend>
              {group.fields.map(renderField)}
              {group.title === 'Site and hero' ? (
                <div className="flex items-end gap-3">
                  {settings.data?.heroImageUrl ? <AdminImage src={settings.data.heroImageUrl} alt="Current hero image" /> : null}
                  <FormField label="Hero image" className="flex-1" hint={settings.data?.heroImageUrl ? 'Choose a file to replace the current hero image.' : 'JPEG, PNG or WebP.'}>
                    <Input ref={heroInput} type="file" accept="image/*" className="py-2" onChange={(event) => setHeroImage(event.target.files?.[0] ?? null)} />
                  </FormField>
                </div>
              ) : null}
            </fieldset>
          ))}
          <div>
            <Button type="submit" disabled={update.isPending}>
              {update.isPending ? 'Saving…' : 'Save Settings'}
            </Button>
          </div>
        </form>
      </CardContent>
    </Card>
  );
}
