import { Link } from 'wouter';
import type { CatalogListing, Facet } from '#common/schemas/catalog-listing.ts';
import { valuesOf, withType, withValues } from './shop-query.ts';

interface FacetPanelProps {
  listing: CatalogListing;
  search: string;
  onNavigate: (href: string) => void;
}

/** Categories and the listing's facets (brand has its own filter): checkboxes with their counts, each a link-like change of the address. */
export function FacetPanel({ listing, search, onNavigate }: FacetPanelProps) {
  const params = new URLSearchParams(search);
  const type = params.get('type');
  return (
    <div className="space-y-5">
      <nav aria-label="Categories">
        <h2 className="text-sm font-bold tracking-wide text-gray-900 uppercase">Categories</h2>
        <ul className="mt-2 space-y-0.5 text-sm">
          <li>
            <Link href={withType(search, null)} aria-current={type ? undefined : 'page'} className={categoryClass(!type)}>
              All products
            </Link>
          </li>
          {listing.categories.map((category) => (
            <li key={category.id}>
              <Link
                href={withType(search, category.slug)}
                aria-current={type === category.slug ? 'page' : undefined}
                className={categoryClass(type === category.slug)}
              >
                {category.name} <span className={type === category.slug ? undefined : 'text-gray-600'}>({category.count})</span>
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      {listing.facets
        .filter((facet) => facet.key !== 'brand')
        .map((facet) => (
          <FacetGroup
            key={facet.key}
            facet={facet}
            chosen={valuesOf(params, facet.key)}
            search={search}
            onChange={(values) => onNavigate(withValues(search, facet.key, values))}
          />
        ))}
    </div>
  );
}

function categoryClass(current: boolean): string {
  return `block rounded-md px-2 py-1.5 ${current ? 'bg-primary font-semibold text-primary-foreground' : 'text-gray-700 hover:bg-gray-100'}`;
}

/** Without scripts the checkboxes cannot change the address (index.html hides them): each value is a plain link instead. */
function FacetLinks({ facet, chosen, search }: { facet: Facet; chosen: string[]; search: string }) {
  return (
    <noscript>
      <ul className="mt-2 space-y-1 text-sm">
        {facet.values
          .filter((value) => value.count > 0 || chosen.includes(value.value))
          .map((value) => {
            const checked = chosen.includes(value.value);
            const next = checked ? chosen.filter((other) => other !== value.value) : [...chosen, value.value];
            return (
              <li key={value.value}>
                <a href={withValues(search, facet.key, next)} className="flex min-h-9 items-center gap-2 text-gray-800 underline-offset-4 hover:underline">
                  <span aria-hidden="true">{checked ? '☑' : '☐'}</span>
                  <span className="flex-1">
                    {value.label}
                    {checked ? <span className="sr-only"> (chosen: remove)</span> : null}
                  </span>
                  <span className="text-gray-600 tabular-nums">{value.count}</span>
                </a>
              </li>
            );
          })}
      </ul>
    </noscript>
  );
}

function FacetGroup({ facet, chosen, search, onChange }: { facet: Facet; chosen: string[]; search: string; onChange: (values: string[]) => void }) {
  const id = `facet-${facet.key.replace(/[^a-z0-9]/gi, '-')}`;
  // a typed price range ("30-120") is shown as chosen too, beside the bands
  const custom = facet.kind === 'price' ? chosen.filter((value) => !facet.values.some((option) => option.value === value)) : [];
  return (
    <fieldset aria-labelledby={`${id}-legend`}>
      <legend id={`${id}-legend`} className="text-sm font-bold tracking-wide text-gray-900 uppercase">
        {facet.name}
      </legend>
      <ul className="mt-2 space-y-1 text-sm" data-needs-script="">
        {facet.values.map((value) => {
          const checked = chosen.includes(value.value);
          return (
            <li key={value.value}>
              <label className="flex min-h-9 cursor-pointer items-center gap-2 text-gray-800">
                <input
                  type="checkbox"
                  className="h-4 w-4 accent-primary"
                  checked={checked}
                  disabled={!checked && value.count === 0}
                  onChange={() => onChange(checked ? chosen.filter((other) => other !== value.value) : [...chosen, value.value])}
                />
                <span className="flex-1">{value.label}</span>
                <span className="text-gray-600 tabular-nums" aria-label={`${value.count} products`}>
                  {value.count}
                </span>
              </label>
            </li>
          );
        })}
        {custom.map((value) => (
          <li key={value}>
            <label className="flex min-h-9 cursor-pointer items-center gap-2 text-gray-800">
              <input type="checkbox" className="h-4 w-4 accent-primary" checked onChange={() => onChange(chosen.filter((other) => other !== value))} />
              <span className="flex-1">${value.replace('-', ' to $')}</span>
            </label>
          </li>
        ))}
      </ul>
      <FacetLinks facet={facet} chosen={chosen} search={search} />
      {facet.kind === 'price' ? <PriceRange onApply={(range) => onChange([range])} /> : null}
    </fieldset>
  );
}

function PriceRange({ onApply }: { onApply: (range: string) => void }) {
  return (
    <form
      className="mt-2 flex items-end gap-2"
      onSubmit={(event) => {
        event.preventDefault();
        const form = new FormData(event.currentTarget);
        const min = String(form.get('min') ?? '').trim();
        const max = String(form.get('max') ?? '').trim();
        if (min || max) onApply(`${min}-${max}`);
      }}
    >
      <label className="text-xs text-gray-700">
        Min $
        <input
          name="min"
          inputMode="decimal"
          pattern="\d{0,7}(\.\d{1,2})?"
          className="mt-0.5 block w-16 rounded-md border border-gray-300 px-2 py-1.5 text-sm"
        />
      </label>
      <label className="text-xs text-gray-700">
        Max $
        <input
          name="max"
          inputMode="decimal"
          pattern="\d{0,7}(\.\d{1,2})?"
          className="mt-0.5 block w-16 rounded-md border border-gray-300 px-2 py-1.5 text-sm"
        />
      </label>
      <button type="submit" className="min-h-9 rounded-md border border-gray-300 px-3 text-sm font-medium text-gray-800 hover:bg-gray-100">
        Go
      </button>
    </form>
  );
}
