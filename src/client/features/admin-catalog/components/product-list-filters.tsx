import { useId, useState, type FormEvent } from 'react';
import { Search } from 'lucide-react';
import type { Brand } from '#common/schemas/catalog.ts';
import type { ProductTypeCatalog } from '#common/schemas/admin-product-types.ts';
import { Button } from '#client/components/ui/button.tsx';
import { Input } from '#client/components/ui/input.tsx';
import { Label } from '#client/components/ui/label.tsx';
import { Select } from '#client/components/ui/select.tsx';
import type { AdminProductFilters } from '../api/get-admin-products.ts';

type FilterKey = Exclude<keyof AdminProductFilters, 'page'>;

interface ProductListFiltersProps {
  filters: AdminProductFilters;
  brands: Brand[];
  types: ProductTypeCatalog['types'];
  onChange: (key: FilterKey, value: string) => void;
}

function FilterSelect({ label, value, onChange, options }: { label: string; value: string; onChange: (value: string) => void; options: [string, string][] }) {
  const id = useId();
  return (
    <div className="grid gap-1.5">
      <Label htmlFor={id}>{label}</Label>
      <Select id={id} value={value} onChange={(event) => onChange(event.target.value)}>
        {options.map(([optionValue, text]) => (
          <option key={optionValue} value={optionValue}>
            {text}
          </option>
        ))}
      </Select>
    </div>
  );
}

/** Search by name or SKU and the type, brand, stock and featured filters; each change goes to the URL. */
export function ProductListFilters({ filters, brands, types, onChange }: ProductListFiltersProps) {
  const [text, setText] = useState(filters.q ?? '');
  const id = useId();
  function submit(event: FormEvent) {
    event.preventDefault();
    onChange('q', text.trim());
  }
  return (
    <div className="grid gap-3">
      <form role="search" aria-label="Search the products list" onSubmit={submit} className="grid gap-1.5">
        <Label htmlFor={id}>Search by name or SKU</Label>
        <div className="flex gap-2">
          <Input id={id} type="search" value={text} placeholder="Name or SKU" onChange={(event) => setText(event.target.value)} />
          <Button type="submit" variant="outline">
            <Search className="h-4 w-4" aria-hidden="true" /> Search
          </Button>
        </div>
      </form>
      <div className="grid grid-cols-2 gap-3 lg:grid-cols-4">
        <FilterSelect
          label="Type"
          value={filters.typeId ?? ''}
          onChange={(value) => onChange('typeId', value)}
          options={[['', 'All types'], ...types.map((type): [string, string] => [String(type.id), type.name])]}
        />
        <FilterSelect
          label="Brand filter"
          value={filters.brandId ?? ''}
          onChange={(value) => onChange('brandId', value)}
          options={[['', 'All brands'], ...brands.map((brand): [string, string] => [String(brand.id), brand.name])]}
        />
        <FilterSelect
          label="Stock filter"
          value={filters.stock ?? ''}
          onChange={(value) => onChange('stock', value)}
          options={[
            ['', 'In and out of stock'],
            ['in', 'In stock'],
            ['out', 'Out of stock'],
          ]}
        />
        <FilterSelect
          label="Featured filter"
          value={filters.featured ?? ''}
          onChange={(value) => onChange('featured', value)}
          options={[
            ['', 'Featured or not'],
            ['true', 'Featured'],
            ['false', 'Not featured'],
          ]}
        />
      </div>
    </div>
  );
}
