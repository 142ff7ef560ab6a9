import { useId, useState } from 'react';
import { X } from 'lucide-react';
import { scopeKey } from '#common/discount-words.ts';
import { Button } from '#client/components/ui/button.tsx';
import { Checkbox } from '#client/components/ui/checkbox.tsx';
import { Input } from '#client/components/ui/input.tsx';
import { Label } from '#client/components/ui/label.tsx';
import { useBrands } from '#client/lib/get-brands.ts';
import { useProductSearch, useProductTypeChoices } from '../api/get-discount-choices.ts';
import type { ScopeValues } from './coupon-form-values.ts';

interface ScopePickerProps {
  legend: string;
  /** what an empty scope means here: "the whole cart", "any product" */
  emptyMeaning: string;
  value: ScopeValues;
  onChange: (value: ScopeValues) => void;
  names: Record<string, string>;
  onName: (key: string, name: string) => void;
  error?: string;
}

const toggle = (ids: number[], id: number, on: boolean) => (on ? [...new Set([...ids, id])] : ids.filter((other) => other !== id));

function CheckGroup({
  label,
  options,
  chosen,
  onToggle,
}: {
  label: string;
  options: Array<{ id: number; name: string }>;
  chosen: number[];
  onToggle: (id: number, on: boolean) => void;
}) {
  const prefix = useId();
  if (options.length === 0) return null;
  return (
    <div role="group" aria-labelledby={`${prefix}-label`} className="grid gap-1.5">
      <span id={`${prefix}-label`} className="text-sm font-medium text-gray-700">
        {label}
      </span>
      <div className="flex flex-wrap gap-x-4 gap-y-1">
        {options.map((option) => (
          <div key={option.id} className="flex min-h-11 items-center gap-2 sm:min-h-8">
            <Checkbox id={`${prefix}-${option.id}`} checked={chosen.includes(option.id)} onCheckedChange={(checked) => onToggle(option.id, checked === true)} />
            <Label htmlFor={`${prefix}-${option.id}`} className="font-normal">
              {option.name}
            </Label>
          </div>
        ))}
      </div>
    </div>
  );
}

function Chip({ name, onRemove }: { name: string; onRemove: () => void }) {
  return (
    <li className="flex items-center gap-1 rounded-full bg-gray-100 py-0.5 pr-0.5 pl-3 text-sm text-gray-900">
      {name}
      <Button type="button" variant="ghost" size="sm" className="h-8 w-8 rounded-full p-0" aria-label={`Remove ${name}`} onClick={onRemove}>
        <X className="h-4 w-4" aria-hidden="true" />
      </Button>
    </li>
  );
}

/**
 * Which lines a rule looks at: product types and brands ticked from the shop's lists, products found by
 * name or SKU. Variants chosen through the API are shown and can be removed. Every list left empty: all lines.
 */
export function DiscountScopePicker({ legend, emptyMeaning, value, onChange, names, onName, error }: ScopePickerProps) {
  const types = useProductTypeChoices();
  const brands = useBrands();
  const [search, setSearch] = useState('');
  const found = useProductSearch(search);
  const searchId = useId();
  const nameOf = (dimension: 'product' | 'variant', id: number) => names[scopeKey(dimension, id)] ?? `#${id}`;
  const results = (found.data?.items ?? []).filter((product) => !value.productIds.includes(product.id));

  return (
    <fieldset className="grid gap-3 rounded-md border border-gray-200 p-3 sm:col-span-2">
      <legend className="px-1 text-sm font-semibold text-gray-900">{legend}</legend>
      <p className="text-xs text-gray-600">Nothing chosen: {emptyMeaning}. A line must match every list you fill in.</p>
      <CheckGroup
        label="Product types"
        options={types.data ?? []}
        chosen={value.productTypeIds}
        onToggle={(id, on) => onChange({ ...value, productTypeIds: toggle(value.productTypeIds, id, on) })}
      />
      <CheckGroup
        label="Brands"
        options={brands.data ?? []}
        chosen={value.brandIds}
        onToggle={(id, on) => onChange({ ...value, brandIds: toggle(value.brandIds, id, on) })}
      />
      <div className="grid gap-1.5">
        <Label htmlFor={searchId}>{`${legend}: find a product`}</Label>
        <Input id={searchId} type="search" value={search} onChange={(event) => setSearch(event.target.value)} placeholder="Name or SKU" autoComplete="off" />
        {search.trim().length >= 2 ? (
          <ul aria-label={`${legend}: products found`} className="grid gap-1">
            {results.length === 0 && !found.isFetching ? <li className="text-sm text-gray-600">No other product matches.</li> : null}
            {results.map((product) => (
              <li key={product.id} className="flex items-center justify-between gap-2 text-sm">
                <span>{product.name}</span>
                <Button
                  type="button"
                  size="sm"
                  variant="outline"
                  aria-label={`Add ${product.name}`}
                  onClick={() => {
                    onName(scopeKey('product', product.id), product.name);
                    onChange({ ...value, productIds: [...value.productIds, product.id] });
                  }}
                >
                  Add
                </Button>
              </li>
            ))}
          </ul>
        ) : null}
        {value.productIds.length + value.variantIds.length > 0 ? (
          <ul aria-label={`${legend}: chosen products`} className="flex flex-wrap gap-2">
            {value.productIds.map((id) => (
              <Chip
                key={`p${id}`}
                name={nameOf('product', id)}
                onRemove={() => onChange({ ...value, productIds: value.productIds.filter((other) => other !== id) })}
              />
            ))}
            {value.variantIds.map((id) => (
              <Chip
                key={`v${id}`}
                name={nameOf('variant', id)}
                onRemove={() => onChange({ ...value, variantIds: value.variantIds.filter((other) => other !== id) })}
              />
            ))}
          </ul>
        ) : null}
      </div>
      {error ? <p className="text-sm text-red-700">{error}</p> : null}
    </fieldset>
  );
}
