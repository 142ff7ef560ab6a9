import { forwardRef, useEffect, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import { BrandInput } from '#common/schemas/admin-catalog.ts';
import type { Brand } from '#common/schemas/catalog.ts';
import { MAX_SLUG_LENGTH } from '#common/slug.ts';
import { Card, CardContent, CardHeader, CardTitle } from '#client/components/ui/card.tsx';
import { FormField } from '#client/components/ui/form-field.tsx';
import { Input } from '#client/components/ui/input.tsx';
import { Textarea } from '#client/components/ui/textarea.tsx';
import { AdminImage } from '#client/components/admin/admin-image.tsx';
import { showServerErrors } from '#client/lib/field-errors.ts';
import { FormActions } from '#client/components/admin/form-actions.tsx';
import { useCreateBrand } from '../api/create-brand.ts';
import { useUpdateBrand } from '../api/update-brand.ts';

interface BrandFormProps {
  /** The brand being edited, or null to add a new one. */
  editing: Brand | null;
  onDone: () => void;
}

const valuesOf = (brand: Brand | null) => ({ name: brand?.name ?? '', description: brand?.description ?? '', slug: brand?.slug ?? '' });

/** Brands: name, description and image file, sent as multipart. */
export const BrandForm = forwardRef<HTMLDivElement, BrandFormProps>(function BrandForm({ editing, onDone }, ref) {
  const create = useCreateBrand();
  const update = useUpdateBrand();
  // messages change on Save only, as the server's do
  const form = useForm<z.input<typeof BrandInput>, unknown, BrandInput>({
    resolver: zodResolver(BrandInput),
    reValidateMode: 'onSubmit',
    defaultValues: valuesOf(null),
  });
  const { errors } = form.formState;
  const [image, setImage] = useState<File | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const { reset: resetForm } = form;

  useEffect(() => {
    resetForm(valuesOf(editing));
    setImage(null);
    if (fileInput.current) fileInput.current.value = '';
  }, [editing, resetForm]);

  function reset() {
    resetForm(valuesOf(null));
    setImage(null);
    if (fileInput.current) fileInput.current.value = '';
    onDone();
  }

  const submit = form.handleSubmit((input) => {
    const body = new FormData();
    body.append('name', input.name);
    body.append('description', input.description ?? '');
    // empty: a new brand's slug is made from its name, an edited one keeps its own
    if (input.slug) body.append('slug', input.slug);
    if (image) body.append('image', image);
    const callbacks = { onSuccess: reset, onError: (error: Error) => showServerErrors(form.setError, error) };
    if (editing) update.mutate({ id: editing.id, form: body }, callbacks);
    else create.mutate(body, callbacks);
  });

  const pending = create.isPending || update.isPending;
  return (
    <div ref={ref} className="scroll-mt-24">
      <Card>
        <CardHeader>
          <CardTitle>{editing ? `Edit Brand: ${editing.name}` : 'Add New Brand'}</CardTitle>
        </CardHeader>
        <CardContent>
          <form onSubmit={submit} noValidate className="grid grid-cols-1 gap-4">
            <FormField label="Brand name" error={errors.name?.message}>
              <Input {...form.register('name')} required />
            </FormField>
            <FormField
              label="URL slug"
              error={errors.slug?.message}
              hint={
                editing
                  ? `The brand page's address: /brands/${editing.slug}. A new slug keeps the old address working; it redirects here.`
                  : "The brand page's address, /brands/<slug>. Leave empty to make one from the name."
              }
            >
              <Input {...form.register('slug')} maxLength={MAX_SLUG_LENGTH} autoCapitalize="none" spellCheck={false} />
            </FormField>
            <FormField label="Description" error={errors.description?.message}>
              <Textarea rows={3} {...form.register('description')} />
            </FormField>
            <div className="flex items-end gap-3">
              {editing?.imageUrl ? <AdminImage src={editing.imageUrl} alt={`Current image of ${editing.name}`} /> : null}
              <FormField label="Brand image" className="flex-1" hint={editing?.imageUrl ? 'Choose a file to replace the current image.' : undefined}>
                <Input ref={fileInput} type="file" accept="image/*" className="py-2" onChange={(event) => setImage(event.target.files?.[0] ?? null)} />
              </FormField>
            </div>
            <FormActions pending={pending} submitLabel={editing ? 'Update Brand' : 'Add Brand'} onCancel={editing ? reset : undefined} />
          </form>
        </CardContent>
      </Card>
    </div>
  );
});
