import { forwardRef, useEffect, useMemo, useRef, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { ProductInput } from '#common/schemas/admin-catalog.ts';
import type { Product } from '#common/schemas/catalog.ts';
import { Card, CardContent, CardHeader, CardTitle } from '#client/components/ui/card.tsx';
import { Checkbox } from '#client/components/ui/checkbox.tsx';
import { FormField } from '#client/components/ui/form-field.tsx';
import { Input } from '#client/components/ui/input.tsx';
import { Label } from '#client/components/ui/label.tsx';
import { Select } from '#client/components/ui/select.tsx';
import { Textarea } from '#client/components/ui/textarea.tsx';
import { AdminImage } from '#client/components/admin/admin-image.tsx';
import { showServerErrors } from '#client/lib/field-errors.ts';
import { FormActions } from '#client/components/admin/form-actions.tsx';
import { payloadResolver } from '#client/lib/payload-resolver.ts';
import { useBrands } from '#client/lib/get-brands.ts';
import { useCreateProduct } from '../api/create-product.ts';
import { useUpdateProduct } from '../api/update-product.ts';
import { EMPTY_PRODUCT, productFormValues, productPayload, type ProductFormValues } from './product-form-values.ts';

/** The server's message about the uploaded image: the form has no imageUrl field of its own. */
const serverImageError = (errors: object) => (errors as Partial<Record<string, { message?: string }>>).imageUrl?.message;

interface ProductFormProps {
  editing: Product | null;
  onDone: () => void;
}

/** Every product field plus an image file, sent as multipart. */
export const ProductForm = forwardRef<HTMLDivElement, ProductFormProps>(function ProductForm({ editing, onDone }, ref) {
  const brands = useBrands();
  const create = useCreateProduct();
  const update = useUpdateProduct();
  const loadedStock = editing?.stock;
  const resolver = useMemo(() => payloadResolver(ProductInput, (values: ProductFormValues) => productPayload(values, loadedStock)), [loadedStock]);
  // messages change on Save only, as the server's do
  const form = useForm<ProductFormValues, unknown, ProductInput>({ resolver, reValidateMode: 'onSubmit', defaultValues: EMPTY_PRODUCT });
  const { errors } = form.formState;
  const { reset: resetForm } = form;
  const [image, setImage] = useState<File | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);

  const clearFile = () => {
    setImage(null);
    if (fileInput.current) fileInput.current.value = '';
  };

  useEffect(() => {
    resetForm(editing ? productFormValues(editing) : EMPTY_PRODUCT);
    clearFile();
  }, [editing, resetForm]);

  function reset() {
    resetForm(EMPTY_PRODUCT);
    clearFile();
    onDone();
  }

  // the API takes the fields as text (multipart), so the form sends its payload, not the parsed values
  const submit = form.handleSubmit(() => {
    const body = new FormData();
    for (const [key, value] of Object.entries(productPayload(form.getValues(), loadedStock))) body.append(key, value);
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
          <CardTitle>{editing ? `Edit Product: ${editing.name}` : 'Add New Product'}</CardTitle>
        </CardHeader>
        <CardContent>
          <form onSubmit={submit} noValidate className="grid grid-cols-1 gap-4 sm:grid-cols-2">
            <FormField label="Product name" error={errors.name?.message} className="sm:col-span-2">
              <Input {...form.register('name')} required />
            </FormField>
            <FormField label="Price ($)" error={errors.price?.message}>
              <Input inputMode="decimal" placeholder="129.99" {...form.register('price')} required />
            </FormField>
            <FormField label="Brand" error={errors.brandId?.message}>
              <Select {...form.register('brandId')} required>
                <option value="">Select a brand</option>
                {(brands.data ?? []).map((brand) => (
                  <option key={brand.id} value={brand.id}>
                    {brand.name}
                  </option>
                ))}
              </Select>
            </FormField>
            <FormField label="Stock" error={errors.stock?.message}>
              <Input type="number" min={0} step={1} {...form.register('stock')} />
            </FormField>
            <FormField label="SKU (optional)" error={errors.sku?.message}>
              <Input {...form.register('sku')} />
            </FormField>
            <FormField label="Description" error={errors.description?.message} className="sm:col-span-2">
              <Textarea rows={3} {...form.register('description')} />
            </FormField>
            <FormField label="Thickness" error={errors.thickness?.message}>
              <Input placeholder="16mm" {...form.register('thickness')} />
            </FormField>
            <FormField label="Color" error={errors.color?.message}>
              <Input {...form.register('color')} />
            </FormField>
            <FormField label="Release date" error={errors.releaseDate?.message}>
              <Input type="date" {...form.register('releaseDate')} />
            </FormField>
            <div className="flex items-center gap-2 self-end pb-2">
              <Controller
                control={form.control}
                name="isFeatured"
                render={({ field }) => <Checkbox id="product-featured" checked={field.value} onCheckedChange={(checked) => field.onChange(checked === true)} />}
              />
              <Label htmlFor="product-featured">Featured product</Label>
            </div>
            <div className="flex items-end gap-3 sm:col-span-2">
              {editing?.imageUrl ? <AdminImage src={editing.imageUrl} alt={`Current image of ${editing.name}`} /> : null}
              <FormField
                label="Product image"
                className="flex-1"
                error={serverImageError(errors)}
                hint={editing?.imageUrl ? 'Choose a file to replace the current image.' : undefined}
              >
                <Input ref={fileInput} type="file" accept="image/*" className="py-2" onChange={(event) => setImage(event.target.files?.[0] ?? null)} />
              </FormField>
            </div>
            <FormActions
              pending={pending}
              submitLabel={editing ? 'Update Product' : 'Add Product'}
              onCancel={editing ? reset : undefined}
              className="sm:col-span-2"
            />
          </form>
        </CardContent>
      </Card>
    </div>
  );
});
