import { useFieldArray, useFormContext } from 'react-hook-form';
import { Plus, Trash2 } from 'lucide-react';
import type { TestOrderEmailFormValues } from '#common/schemas/diagnostics.ts';
import { Button } from '#client/components/ui/button.tsx';
import { FormField } from '#client/components/ui/form-field.tsx';
import { Input } from '#client/components/ui/input.tsx';
import { Select } from '#client/components/ui/select.tsx';
import { toast } from '#client/components/ui/use-toast.ts';
import { useProductChoices } from '../api/get-product-choices.ts';

const toProductId = (value: unknown) => (value === '' || value === null || value === undefined ? null : Number(value));

/** Items added and removed; each a product or a custom name, with quantity and price. */
export function TestOrderItemsFields() {
  const { control, register, setValue, formState } = useFormContext<TestOrderEmailFormValues>();
  const { fields, append, remove } = useFieldArray({ control, name: 'items' });
  const products = useProductChoices();
  const errors = formState.errors.items;

  function removeItem(index: number) {
    if (fields.length <= 1) {
      toast({ title: 'Cannot remove item', description: 'Order must have at least one item', variant: 'destructive' });
      return;
    }
    remove(index);
  }

  return (
    <div className="grid gap-4">
      {fields.map((field, index) => {
        const itemErrors = errors?.[index];
        const productField = register(`items.${index}.productId`, { setValueAs: toProductId });
        return (
          <fieldset
            key={field.id}
            className="grid gap-3 rounded-md border border-gray-200 p-4 sm:grid-cols-2 lg:grid-cols-[1.2fr_1.2fr_6rem_8rem_auto] lg:items-start"
          >
            <legend className="px-1 text-sm font-semibold text-gray-900">Item {index + 1}</legend>
            <FormField label="Product" error={itemErrors?.productId?.message} hint={products.isError ? 'Products could not be loaded' : undefined}>
              <Select
                {...productField}
                onChange={(event) => {
                  void productField.onChange(event);
                  const product = products.data?.find((candidate) => candidate.id === Number(event.target.value));
                  // a chosen product brings its current price; the admin may still change it
                  if (product) setValue(`items.${index}.price`, Number(product.price), { shouldValidate: formState.isSubmitted });
                }}
              >
                <option value="">Custom item (enter a name)</option>
                {(products.data ?? []).map((product) => (
                  <option key={product.id} value={product.id}>
                    {product.name} (${product.price})
                  </option>
                ))}
              </Select>
            </FormField>
            <FormField label="Custom name" error={itemErrors?.customName?.message}>
              <Input {...register(`items.${index}.customName`)} placeholder="Used when no product is chosen" />
            </FormField>
            <FormField label="Quantity" error={itemErrors?.quantity?.message}>
              <Input type="number" min={1} step={1} inputMode="numeric" {...register(`items.${index}.quantity`, { valueAsNumber: true })} />
            </FormField>
            <FormField label="Price" error={itemErrors?.price?.message}>
              <Input type="number" min={0.01} step={0.01} inputMode="decimal" {...register(`items.${index}.price`, { valueAsNumber: true })} />
            </FormField>
            <div className="flex items-end lg:pt-6">
              <Button variant="ghost" size="sm" onClick={() => removeItem(index)} aria-label={`Remove item ${index + 1}`}>
                <Trash2 className="h-4 w-4" aria-hidden="true" />
                Remove
              </Button>
            </div>
          </fieldset>
        );
      })}
      {errors?.message || errors?.root?.message ? (
        <p role="alert" className="text-sm text-red-700">
          {errors?.message ?? errors?.root?.message}
        </p>
      ) : null}
      <div>
        <Button variant="outline" onClick={() => append({ productId: null, customName: '', quantity: 1, price: 29.99 })}>
          <Plus className="h-4 w-4" aria-hidden="true" />
          Add Item
        </Button>
      </div>
    </div>
  );
}
