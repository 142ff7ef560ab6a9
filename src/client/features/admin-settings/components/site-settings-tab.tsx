import { useEffect, useRef, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { SiteSettingsInput } from '#common/schemas/admin-content.ts';
import type { SiteSettings } from '#common/schemas/content.ts';
import { Button } from '#client/components/ui/button.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '#client/components/ui/card.tsx';
import { FormField } from '#client/components/ui/form-field.tsx';
import { Input } from '#client/components/ui/input.tsx';
import { Spinner } from '#client/components/ui/spinner.tsx';
import { Textarea } from '#client/components/ui/textarea.tsx';
import { useSiteSettings } from '#client/lib/site-settings.ts';
import { AdminImage } from '#client/components/admin/admin-image.tsx';
import { showServerErrors } from '#client/lib/field-errors.ts';
import { payloadResolver } from '#client/lib/payload-resolver.ts';
import { useUpdateSiteSettings } from '../api/update-site-settings.ts';
import { ColorField } from './color-field.tsx';
import { colorWarnings, type ColorKey } from './color-warnings.ts';
import { SETTING_GROUPS, SETTING_KEYS, type SettingField, type SettingKey } from './site-settings-fields.ts';

type Values = Record<SettingKey, string>;

function valuesOf(settings: SiteSettings | undefined): Values {
  return Object.fromEntries(SETTING_KEYS.map((key) => [key, settings?.[key] ?? ''])) as Values;
}

// an empty string counts as missing, so blank fields are simply not sent
const filledOf = (values: Values) => Object.fromEntries(Object.entries(values).filter(([, value]) => value.trim() !== ''));
const settingsResolver = payloadResolver(SiteSettingsInput, filledOf);

/** Every site setting and a hero image; only non-empty fields are sent. */
export function SiteSettingsTab() {
  const settings = useSiteSettings();
  const update = useUpdateSiteSettings();
  // messages change on Save only, as the server's do
  const form = useForm<Values, unknown, SiteSettingsInput>({ resolver: settingsResolver, reValidateMode: 'onSubmit', defaultValues: valuesOf(undefined) });
  const { errors } = form.formState;
  const { reset } = form;
  const [heroImage, setHeroImage] = useState<File | null>(null);
  const heroInput = useRef<HTMLInputElement>(null);

  useEffect(() => {
    if (settings.data) reset(valuesOf(settings.data));
  }, [settings.data, reset]);

  const submit = form.handleSubmit(() => {
    const body = new FormData();
    for (const [key, value] of Object.entries(filledOf(form.getValues()))) body.append(key, value.trim());
    if (heroImage) body.append('heroImage', heroImage);
    update.mutate(body, {
      onSuccess: () => {
        setHeroImage(null);
        if (heroInput.current) heroInput.current.value = '';
      },
      onError: (error) => showServerErrors(form.setError, error),
    });
  });

  const [primaryColor, headerColor, bodyColor, footerColor] = form.watch(['primaryColor', 'headerColor', 'bodyColor', 'footerColor']);
  const warnings = colorWarnings({ primaryColor, headerColor, bodyColor, footerColor });

  if (settings.isLoading) return <Spinner label="Loading site settings" />;

  const renderField = (field: SettingField) => {
    if (field.kind === 'color') {
      return (
        <Controller
          key={field.key}
          control={form.control}
          name={field.key}
          render={({ field: control }) => (
            <ColorField
              label={field.label}
              value={control.value}
              fallback={field.fallback ?? '#000000'}
              error={errors[field.key]?.message}
              warning={warnings[field.key as ColorKey]}
              onChange={control.onChange}
            />
          )}
        />
      );
    }
    const control =
      field.kind === 'textarea' ? (
        <Textarea rows={3} {...form.register(field.key)} />
      ) : (
        <Input type={field.kind === 'email' ? 'email' : 'text'} inputMode={field.kind === 'number' ? 'decimal' : undefined} {...form.register(field.key)} />
      );
    return (
      <FormField
        key={field.key}
        label={field.label}
        hint={field.hint}
        error={errors[field.key]?.message}
        className={field.kind === 'textarea' ? 'sm:col-span-2' : undefined}
      >
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
                  <FormField
                    label="Hero image"
                    className="flex-1"
                    hint={settings.data?.heroImageUrl ? 'Choose a file to replace the current hero image.' : 'JPEG, PNG or WebP.'}
                  >
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
