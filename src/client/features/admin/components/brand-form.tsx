import { forwardRef, useEffect, useRef, useState, type FormEvent } from 'react';
import { BrandInput } from '#common/schemas/admin-catalog.ts';
import type { Brand } from '#common/schemas/catalog.ts';
import { Card, CardContent, CardHeader, CardTitle } from '#client/components/ui/card.tsx';
import { FormField } from '#client/components/ui/form-field.tsx';
import { Input } from '#client/components/ui/input.tsx';
import { Textarea } from '#client/components/ui/textarea.tsx';
import { useCreateBrand } from '../api/create-brand.ts';
import { useUpdateBrand } from '../api/update-brand.ts';
import { AdminImage } from './admin-image.tsx';
import { fieldErrorsOf, serverFieldErrors, type FieldErrors } from './field-errors.ts';
import { FormActions } from './form-actions.tsx';

interface BrandFormProps {
  /** The brand being edited, or null to add a new one. */
  editing: Brand | null;
  onDone: () => void;
}

/** spec/admin.md §2 brands: name, description and image file, sent as multipart. */
export const BrandForm = forwardRef<HTMLDivElement, BrandFormProps>(function BrandForm({ editing, onDone }, ref) {
  const create = useCreateBrand();
  const update = useUpdateBrand();
  const [name, setName] = useState('');
  const [description, setDescription] = useState('');
  const [image, setImage] = useState<File | null>(null);
  const [errors, setErrors] = useState<FieldErrors>({});
  const fileInput = useRef<HTMLInputElement>(null);

  useEffect(() => {
    setName(editing?.name ?? '');
    setDescription(editing?.description ?? '');
    setImage(null);
    setErrors({});
    if (fileInput.current) fileInput.current.value = '';
  }, [editing]);

  function reset() {
    setName('');
    setDescription('');
    setImage(null);
    setErrors({});
    if (fileInput.current) fileInput.current.value = '';
    onDone();
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    const parsed = BrandInput.safeParse({ name, description });
    if (!parsed.success) {
      setErrors(fieldErrorsOf(parsed.error));
      return;
    }
    setErrors({});
    const form = new FormData();
    form.append('name', parsed.data.name);
    form.append('description', parsed.data.description ?? '');
    if (image) form.append('image', image);
    const callbacks = { onSuccess: reset, onError: (error: Error) => setErrors(serverFieldErrors(error)) };
    if (editing) update.mutate({ id: editing.id, form }, callbacks);
    else create.mutate(form, callbacks);
  }

  const pending = create.isPending || update.isPending;
  return (
    <div ref={ref} className="scroll-mt-24">
    <Card>
      <CardHeader>
        <CardTitle>{editing ? `Edit Brand: ${editing.name}` : 'Add New Brand'}</CardTitle>
      </CardHeader>
      <CardContent>
        <form onSubmit={submit} noValidate className="grid grid-cols-1 gap-4">
          <FormField label="Brand name" error={errors.name}>
            <Input value={name} onChange={(event) => setName(event.target.value)} required />
          </FormField>
          <FormField label="Description" error={errors.description}>
            <Textarea rows={3} value={description} onChange={(event) => setDescription(event.target.value)} />
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
