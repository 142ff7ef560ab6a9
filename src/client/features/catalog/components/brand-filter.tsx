import { SlidersHorizontal } from 'lucide-react';
import type { Brand } from '#common/schemas/catalog.ts';
import { Button } from '#client/components/ui/button.tsx';
import { Select } from '#client/components/ui/select.tsx';
import { cn } from '#client/lib/cn.ts';
import { brandOptionGroups } from './brand-options.ts';

interface BrandFilterProps {
  brands: Brand[];
  selected: number | null;
  onSelect: (brandId: number | null) => void;
}

interface FilterToggle {
  /** on narrow screens: the filters are shown (the brand dropdown and the panel named by `controls`) */
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** the id of the other filters the same toggle shows (the shop's facets) */
  controls: string;
}

/**
 * Shop brand filter: a sidebar on wide screens; on narrow ones a dropdown behind the page's one "Show Filters"
 * toggle, which also shows the other filters (`controls`), so a phone has one way to open filters.
 */
export function BrandFilter({ open, onOpenChange, controls, ...props }: BrandFilterProps & FilterToggle) {
  return (
    <>
      <BrandFilterDropdown {...props} open={open} onOpenChange={onOpenChange} controls={controls} />
      <BrandFilterSidebar {...props} />
    </>
  );
}

function BrandFilterDropdown({ brands, selected, onSelect, open, onOpenChange, controls }: BrandFilterProps & FilterToggle) {
  const { featured, others } = brandOptionGroups(brands);
  return (
    <div className="md:hidden">
      <Button variant="outline" onClick={() => onOpenChange(!open)} aria-expanded={open} aria-controls={`brand-filter-dropdown ${controls}`}>
        <SlidersHorizontal className="h-4 w-4" aria-hidden="true" />
        {open ? 'Hide Filters' : 'Show Filters'}
      </Button>
      {open ? (
        <div id="brand-filter-dropdown" className="mt-3 rounded-lg border border-gray-200 bg-white p-4 shadow-sm">
          <label htmlFor="brand-select" className="mb-1 block text-sm font-medium text-gray-800">
            Brand
          </label>
          <Select
            id="brand-select"
            value={selected === null ? '' : String(selected)}
            onChange={(event) => onSelect(event.target.value ? Number(event.target.value) : null)}
          >
            <option value="">All Brands</option>
            {featured.length > 0 ? (
              <optgroup label="Featured Brands">
                {featured.map((brand) => (
                  <option key={brand.id} value={brand.id}>
                    {brand.name}
                  </option>
                ))}
              </optgroup>
            ) : null}
            {others.length > 0 ? (
              <optgroup label="All Brands">
                {others.map((brand) => (
                  <option key={brand.id} value={brand.id}>
                    {brand.name}
                  </option>
                ))}
              </optgroup>
            ) : null}
          </Select>
        </div>
      ) : null}
    </div>
  );
}

function BrandFilterSidebar({ brands, selected, onSelect }: BrandFilterProps) {
  const { featured, others } = brandOptionGroups(brands);
  const option = (brandId: number | null, label: string) => (
    <li key={brandId ?? 'all'}>
      <button
        type="button"
        aria-pressed={selected === brandId}
        onClick={() => onSelect(brandId)}
        className={cn(
          'w-full cursor-pointer rounded-md px-3 py-2 text-left text-sm transition-colors focus-visible:outline-2 focus-visible:outline-primary',
          selected === brandId ? 'bg-primary font-semibold text-primary-foreground' : 'text-gray-700 hover:bg-gray-100',
        )}
      >
        {label}
      </button>
    </li>
  );
  return (
    <nav aria-label="Brands" className="hidden md:block">
      <div className="sticky top-20 rounded-lg border border-gray-200 bg-white p-4 shadow-sm">
        <h2 className="px-3 text-sm font-bold tracking-wide text-gray-900 uppercase">Brands</h2>
        <ul className="mt-2 space-y-0.5">{option(null, 'All Brands')}</ul>
        {featured.length > 0 ? (
          <>
            <h3 className="mt-4 px-3 text-xs font-semibold tracking-wide text-gray-600 uppercase">Featured Brands</h3>
            <ul className="mt-1 space-y-0.5">{featured.map((brand) => option(brand.id, brand.name))}</ul>
          </>
        ) : null}
        {others.length > 0 ? (
          <>
            <h3 className="mt-4 px-3 text-xs font-semibold tracking-wide text-gray-600 uppercase">All Brands</h3>
            <ul className="mt-1 space-y-0.5">{others.map((brand) => option(brand.id, brand.name))}</ul>
          </>
        ) : null}
      </div>
    </nav>
  );
}
