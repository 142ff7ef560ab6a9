import { useState } from 'react';
import {
  MAX_CATEGORY_TILES,
  MAX_GRID_PRODUCTS,
  MAX_STRIP_REVIEWS,
  PRODUCT_RULE_LABELS,
  PRODUCT_RULES,
  type HomeSection,
  type ProductRule,
} from '#common/schemas/home.ts';
import type { ProductTypeWithValues } from '#common/schemas/catalog-model.ts';
import { Button } from '#client/components/ui/button.tsx';
import { fieldClasses, Input } from '#client/components/ui/input.tsx';
import { Textarea } from '#client/components/ui/textarea.tsx';
import { useDebouncedValue } from '#client/lib/use-debounced-value.ts';
import { cn } from '#client/lib/cn.ts';
import { useProductSearch } from '../api/home-admin.ts';

type Change = (section: HomeSection) => void;

function Field({ label, id, children }: { label: string; id: string; children: React.ReactNode }) {
  return (
    <div className="grid gap-1">
      <label htmlFor={id} className="text-sm font-medium text-gray-900">
        {label}
      </label>
      {children}
    </div>
  );
}

function CountField({ id, value, max, onChange }: { id: string; value: number; max: number; onChange: (count: number) => void }) {
  return (
    <Field label={`How many (1-${max})`} id={id}>
      <Input id={id} type="number" min={1} max={max} value={value} onChange={(event) => onChange(Number(event.target.value))} className="w-28" />
    </Field>
  );
}

/** Hand-picked products: search by name, add, remove; shown in the grid in this order. */
function ProductPicker({
  ids,
  names,
  onChange,
  fieldId,
}: {
  ids: number[];
  names: Map<number, string>;
  onChange: (ids: number[], name?: [number, string]) => void;
  fieldId: string;
}) {
  const [search, setSearch] = useState('');
  const found = useProductSearch(useDebouncedValue(search, 250));
  return (
    <div className="grid gap-2">
      <Field label="Find a product to add" id={fieldId}>
        <Input id={fieldId} type="search" value={search} onChange={(event) => setSearch(event.target.value)} placeholder="Name, brand..." />
      </Field>
      {found.data && found.data.length > 0 ? (
        <ul className="grid gap-1" aria-label="Products found">
          {found.data.map((product) => (
            <li key={product.id} className="flex items-center justify-between gap-2 text-sm">
              <span>{product.name}</span>
              <Button
                type="button"
                size="sm"
                variant="outline"
                disabled={ids.includes(product.id)}
                onClick={() => onChange([...ids, product.id], [product.id, product.name])}
              >
                Add<span className="sr-only"> {product.name}</span>
              </Button>
            </li>
          ))}
        </ul>
      ) : null}
      <ol className="grid gap-1" aria-label="Chosen products">
        {ids.map((id) => (
          <li key={id} className="flex items-center justify-between gap-2 rounded border border-gray-200 px-2 text-sm">
            <span>{names.get(id) ?? `Product ${id}`}</span>
            <Button type="button" size="sm" variant="ghost" onClick={() => onChange(ids.filter((other) => other !== id))}>
              Remove<span className="sr-only"> {names.get(id) ?? `product ${id}`}</span>
            </Button>
          </li>
        ))}
      </ol>
    </div>
  );
}

/** The settings of one section, by its kind. */
export function SectionEditor({
  section,
  types,
  productNames,
  onChange,
  onProductName,
}: {
  section: HomeSection;
  types: ProductTypeWithValues[];
  productNames: Map<number, string>;
  onChange: Change;
  onProductName: (id: number, name: string) => void;
}) {
  const key = (name: string) => `${section.id}-${name}`;
  const titleField =
    'title' in section ? (
      <Field label="Title" id={key('title')}>
        <Input id={key('title')} value={section.title} maxLength={120} onChange={(event) => onChange({ ...section, title: event.target.value })} />
      </Field>
    ) : null;

  switch (section.kind) {
    case 'hero':
      return (
        <label className="flex min-h-11 items-center gap-2 text-sm text-gray-900">
          <input
            type="checkbox"
            className="h-5 w-5"
            checked={section.carousel}
            onChange={(event) => onChange({ ...section, carousel: event.target.checked })}
          />
          Show the featured products' carousel under the hero (its texts and image are in Site Settings)
        </label>
      );
    case 'categories':
      return (
        <div className="grid gap-3">
          {titleField}
          <fieldset className="grid gap-1">
            <legend className="text-sm font-medium text-gray-900">Categories (none ticked: every category with products, at most {MAX_CATEGORY_TILES})</legend>
            <div className="flex flex-wrap gap-x-4">
              {types.map((type) => (
                <label key={type.slug} className="flex min-h-11 items-center gap-2 text-sm">
                  <input
                    type="checkbox"
                    className="h-5 w-5"
                    checked={section.typeSlugs.includes(type.slug)}
                    onChange={(event) =>
                      onChange({
                        ...section,
                        typeSlugs: event.target.checked ? [...section.typeSlugs, type.slug] : section.typeSlugs.filter((slug) => slug !== type.slug),
                      })
                    }
                  />
                  {type.name}
                </label>
              ))}
            </div>
          </fieldset>
        </div>
      );
    case 'products':
      return (
        <div className="grid gap-3">
          {titleField}
          <div className="flex flex-wrap gap-4">
            <Field label="Products" id={key('rule')}>
              <select
                id={key('rule')}
                className={cn(fieldClasses, 'h-10')}
                value={section.rule}
                onChange={(event) => onChange({ ...section, rule: event.target.value as ProductRule })}
              >
                {PRODUCT_RULES.map((rule) => (
                  <option key={rule} value={rule}>
                    {PRODUCT_RULE_LABELS[rule]}
                  </option>
                ))}
              </select>
            </Field>
            {section.rule === 'hand_picked' ? null : (
              <Field label="Category" id={key('type')}>
                <select
                  id={key('type')}
                  className={cn(fieldClasses, 'h-10')}
                  value={section.typeSlug ?? ''}
                  onChange={(event) => onChange({ ...section, typeSlug: event.target.value || null })}
                >
                  <option value="">Every category</option>
                  {types.map((type) => (
                    <option key={type.slug} value={type.slug}>
                      {type.name}
                    </option>
                  ))}
                </select>
              </Field>
            )}
            <CountField id={key('count')} value={section.count} max={MAX_GRID_PRODUCTS} onChange={(count) => onChange({ ...section, count })} />
          </div>
          {section.rule === 'hand_picked' ? (
            <ProductPicker
              fieldId={key('pick')}
              ids={section.productIds}
              names={productNames}
              onChange={(productIds, name) => {
                if (name) onProductName(...name);
                onChange({ ...section, productIds });
              }}
            />
          ) : null}
        </div>
      );
    case 'reviews':
      return (
        <div className="grid gap-3">
          {titleField}
          <CountField id={key('count')} value={section.count} max={MAX_STRIP_REVIEWS} onChange={(count) => onChange({ ...section, count })} />
        </div>
      );
    case 'text':
      return (
        <div className="grid gap-3">
          {titleField}
          <Field label="Text (blank line: new paragraph; - item; **bold**; [words](/shop))" id={key('body')}>
            <Textarea
              id={key('body')}
              rows={5}
              maxLength={4000}
              value={section.body}
              onChange={(event) => onChange({ ...section, body: event.target.value })}
            />
          </Field>
        </div>
      );
    case 'finder':
      return <p className="text-sm text-gray-700">The invitation to the paddle finder; nothing to set.</p>;
    case 'brands':
      return <p className="text-sm text-gray-700">The brands marked featured in the catalogue.</p>;
    case 'features':
      return <p className="text-sm text-gray-700">The three feature blocks; their texts are in Site Settings.</p>;
  }
}
