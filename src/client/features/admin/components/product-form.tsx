import { forwardRef, useEffect, useRef, useState, type FormEvent } from 'react';
import { ProductInput } from '#common/schemas/admin-catalog.ts';
import type { Product } from '#common/schemas/catalog.ts';
import { Card, CardContent, CardHeader, CardTitle } from '#client/components/ui/card.tsx';
import { Checkbox } from '#client/components/ui/checkbox.tsx';
import { FormField } from '#client/components/ui/form-field.tsx';
import { Input } from '#client/components/ui/input.tsx';
import { Label } from '#client/components/ui/label.tsx';
import { Select } from '#client/components/ui/select.tsx';
import { Textarea } from '#client/components/ui/textarea.tsx';
import { useBrands } from '../api/get-brands.ts';
import { useCreateProduct } from '../api/create-product.ts';
import { useUpdateProduct } from '../api/update-product.ts';
import { AdminImage } from './admin-image.tsx';
import { fieldErrorsOf, serverFieldErrors, type FieldErrors } from './field-errors.ts';
import { EMPTY_PRODUCT, productFormValues, productPayload, type ProductFormValues } from './product-form-values.ts';
import { FormActions } from './form-actions.tsx';

interface ProductFormProps {
  editing: Product | null;
  onDone: () => void;
}

/** spec/admin.md §2 products: every product field plus an image file, sent as multipart. */
export const ProductForm = forwardRef<HTMLDivElement, ProductFormProps>(function ProductForm({ editing, onDone }, ref) {
  const brands = useBrands();
  const create = useCreateProduct();
  const update = useUpdateProduct();
  const [values, setValues] = useState<ProductFormValues>(EMPTY_PRODUCT);
  const [image, setImage] = useState<File | null>(null);
  const [errors, setErrors] = useState<FieldErrors>({});
  const fileInput = useRef<HTMLInputElement>(null);

  const clearFile = () => {
    setImage(null);
    if (fileInput.current) fileInput.current.value = '';
  };

  useEffect(() => {
    setValues(editing ? productFormValues(editing) : EMPTY_PRODUCT);
    setErrors({});
    clearFile();
  }, [editing]);

  function reset() {
    setValues(EMPTY_PRODUCT);
    setErrors({});
    clearFile();
    onDone();
  }

  const set = <K extends keyof ProductFormValues>(key: K, value: ProductFormValues[K]) => setValues((current) => ({ ...current, [key]: value }));

  function submit(event: FormEvent) {
    event.preventDefault();
    const payload = productPayload(values, editing?.stock);
    const parsed = ProductInput.safeParse(payload);
    if (!parsed.success) {
      setErrors(fieldErrorsOf(parsed.error));
      return;
    }
    setErrors({});
    const form = new FormData();
    for (const [key, value] of Object.entries(payload)) form.append(key, value);
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
          <CardTitle>{editing ? `Edit Product: ${editing.name}` : 'Add New Product'}</CardTitle>
        </CardHeader>
        <CardContent>
          <form onSubmit={submit} noValidate className="grid grid-cols-1 gap-4 sm:grid-cols-2">
            <FormField label="Product name" error={errors.name} className="sm:col-span-2">
              <Input value={values.name} onChange={(event) => set('name', event.target.value)} required />
            </FormField>
            <FormField label="Price ($)" error={errors.price}>
              <Input inputMode="decimal" value={values.price} placeholder="129.99" onChange={(event) => set('price', event.target.value)} required />
            </FormField>
            <FormField label="Brand" error={errors.brandId}>
              <Select value={values.brandId} onChange={(event) => set('brandId', event.target.value)} required>
                <option value="">Select a brand</option>
                {(brands.data ?? []).map((brand) => (
                  <option key={brand.id} value={brand.id}>
                    {brand.name}
                  </option>
                ))}
              </Select>
            </FormField>
            <FormField label="Stock" error={errors.stock}>
              <Input type="number" min={0} step={1} value={values.stock} onChange={(event) => set('stock', event.target.value)} />
            </FormField>
            <FormField label="SKU (optional)" error={errors.sku}>
              <Input value={values.sku} onChange={(event) => set('sku', event.target.value)} />
            </FormField>
            <FormField label="Description" error={errors.description} className="sm:col-span-2">
              <Textarea rows={3} value={values.description} onChange={(event) => set('description', event.target.value)} />
            </FormField>
            <FormField label="Thickness" error={errors.thickness}>
              <Input value={values.thickness} placeholder="16mm" onChange={(event) => set('thickness', event.target.value)} />
            </FormField>
            <FormField label="Color" error={errors.color}>
              <Input value={values.color} onChange={(event) => set('color', event.target.value)} />
            </FormField>
            <FormField label="Release date" error={errors.releaseDate}>
              <Input type="date" value={values.releaseDate} onChange={(event) => set('releaseDate', event.target.value)} />
            </FormField>
            <div className="flex items-center gap-2 self-end pb-2">
              <Checkbox id="product-featured" checked={values.isFeatured} onCheckedChange={(checked) => set('isFeatured', checked === true)} />
              <Label htmlFor="product-featured">Featured product</Label>
            </div>
            <div className="flex items-end gap-3 sm:col-span-2">
              {editing?.imageUrl ? <AdminImage src={editing.imageUrl} alt={`Current image of ${editing.name}`} /> : null}
              <FormField label="Product image" className="flex-1" error={errors.imageUrl} hint={editing?.imageUrl ? 'Choose a file to replace the current image.' : undefined}>
                <Input ref={fileInput} type="file" accept="image/*" className="py-2" onChange={(event) => setImage(event.target.files?.[0] ?? null)} />
              </FormField>
            </div>
            <FormActions pending={pending} submitLabel={editing ? 'Update Product' : 'Add Product'} onCancel={editing ? reset : undefined} className="sm:col-span-2" />
          </form>
        </CardContent>
      </Card>
    </div>
  );
});
