import type { Brand } from '#common/schemas/catalog.ts';
import { MAX_SLUG_LENGTH } from '#common/slug.ts';
import type { ProductTypeSummary, UsapaStatus } from '#common/schemas/catalog-model.ts';
import { Checkbox } from '#client/components/ui/checkbox.tsx';
import { FormField } from '#client/components/ui/form-field.tsx';
import { Input } from '#client/components/ui/input.tsx';
import { Select } from '#client/components/ui/select.tsx';
import { Textarea } from '#client/components/ui/textarea.tsx';
import type { EditorState } from './editor-model.ts';

type Basics = Pick<
  EditorState,
  | 'name'
  | 'slug'
  | 'brandId'
  | 'productTypeId'
  | 'description'
  | 'thickness'
  | 'color'
  | 'releaseDate'
  | 'isFeatured'
  | 'usapaStatus'
  | 'usapaCheckedOn'
  | 'videoUrl'
>;

interface BasicsSectionProps {
  value: Basics;
  /** the product's saved slug: null for a new product */
  savedSlug: string | null;
  brands: Brand[];
  types: ProductTypeSummary[];
  errors: Record<string, string>;
  onChange: (changes: Partial<Basics>) => void;
  /** a new type brings its own axes and spec sheet */
  onType: (productTypeId: string) => void;
}

const USAPA_LABELS: Record<UsapaStatus, string> = { approved: 'Approved', not_approved: 'Not approved', not_stated: 'Not stated' };

/** Name, brand, type, texts, release date, featured, USA Pickleball status with the date it was checked, and the product video. */
export function BasicsSection({ value, savedSlug, brands, types, errors, onChange, onType }: BasicsSectionProps) {
  return (
    <div className="grid gap-4 md:grid-cols-2">
      <FormField label="Product name" error={errors.name}>
        <Input value={value.name} maxLength={200} onChange={(event) => onChange({ name: event.target.value })} />
      </FormField>
      <FormField
        label="URL slug"
        error={errors.slug}
        hint={
          savedSlug
            ? `The page's address: /products/${savedSlug}. A new slug keeps the old address working; it redirects here.`
            : "The page's address, /products/<slug>. Leave empty to make one from the name."
        }
      >
        <Input
          value={value.slug}
          maxLength={MAX_SLUG_LENGTH}
          autoCapitalize="none"
          spellCheck={false}
          placeholder={savedSlug ? undefined : 'made from the name'}
          onChange={(event) => onChange({ slug: event.target.value })}
        />
      </FormField>
      <FormField label="Brand" error={errors.brandId}>
        <Select value={value.brandId} onChange={(event) => onChange({ brandId: event.target.value })}>
          <option value="">Select a brand</option>
          {brands.map((brand) => (
            <option key={brand.id} value={brand.id}>
              {brand.name}
            </option>
          ))}
        </Select>
      </FormField>
      <FormField label="Product type" error={errors.productTypeId} hint="Changing the type starts its variants and spec sheet afresh.">
        <Select value={value.productTypeId} onChange={(event) => onType(event.target.value)}>
          {types.map((type) => (
            <option key={type.id} value={type.id}>
              {type.name}
            </option>
          ))}
        </Select>
      </FormField>
      <FormField label="Release date" error={errors.releaseDate}>
        <Input type="date" value={value.releaseDate} onChange={(event) => onChange({ releaseDate: event.target.value })} />
      </FormField>
      <FormField label="Description" error={errors.description} className="md:col-span-2">
        <Textarea value={value.description} maxLength={5000} onChange={(event) => onChange({ description: event.target.value })} />
      </FormField>
      <FormField label="Thickness" error={errors.thickness}>
        <Input value={value.thickness} maxLength={100} onChange={(event) => onChange({ thickness: event.target.value })} />
      </FormField>
      <FormField label="Color" error={errors.color}>
        <Input value={value.color} maxLength={100} onChange={(event) => onChange({ color: event.target.value })} />
      </FormField>
      <FormField label="USA Pickleball status" error={errors.usapaStatus}>
        <Select value={value.usapaStatus} onChange={(event) => onChange({ usapaStatus: event.target.value as UsapaStatus })}>
          {Object.entries(USAPA_LABELS).map(([status, label]) => (
            <option key={status} value={status}>
              {label}
            </option>
          ))}
        </Select>
      </FormField>
      <FormField label="USA Pickleball list checked on" error={errors.usapaCheckedOn}>
        <Input type="date" value={value.usapaCheckedOn} onChange={(event) => onChange({ usapaCheckedOn: event.target.value })} />
      </FormField>
      <FormField
        label="Product video"
        error={errors.videoUrl}
        hint="A YouTube or Vimeo link. The product page plays it only when a shopper asks, without cookies."
        className="md:col-span-2"
      >
        <Input
          type="url"
          inputMode="url"
          value={value.videoUrl}
          maxLength={500}
          placeholder="https://www.youtube.com/watch?v=…"
          onChange={(event) => onChange({ videoUrl: event.target.value })}
        />
      </FormField>
      <label className="flex min-h-11 items-center gap-2 text-sm text-gray-800">
        <Checkbox checked={value.isFeatured} onCheckedChange={(checked) => onChange({ isFeatured: checked === true })} />
        Featured product
      </label>
    </div>
  );
}
