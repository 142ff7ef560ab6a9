import { inArray, sql, type SQL } from 'drizzle-orm';
import { toCents } from '#common/money.ts';
import type { CatalogQuery } from '#common/schemas/catalog-listing.ts';
import { products } from '#server/db/schema.ts';
import type { ListingMetadata, TypeRow } from './listing-metadata.ts';

// The shop's facets: what each one is, which values it offers and the condition a chosen set of values
// puts on a product (OR within a facet). Conditions are SQL on "products"; listing.ts ANDs them.

export const PRICE_BANDS = [
  { value: '0-50', label: 'Under $50', min: 0, max: 5000 },
  { value: '50-100', label: '$50 to $100', min: 5000, max: 10000 },
  { value: '100-150', label: '$100 to $150', min: 10000, max: 15000 },
  { value: '150-200', label: '$150 to $200', min: 15000, max: 20000 },
  { value: '200-', label: '$200 and up', min: 20000, max: null },
] as const;

/**
 * Static weight bands in ounces (light < 7.8, mid 7.8-8.3, heavy > 8.3): a paddle's stated range is in
 * every band it overlaps. As SQL over a spec value's number_min/number_max (alias a). The shop's weight
 * facet offers them; the catalogue's admin stores each product's bands in its facet_values (catalog-admin/product-terms.ts).
 */
export const WEIGHT_BANDS = [
  { value: 'light', label: 'Light (under 7.8 oz)', overlaps: sql`a.number_min < 7.8` },
  { value: 'mid', label: 'Mid (7.8-8.3 oz)', overlaps: sql`a.number_min <= 8.3 and a.number_max >= 7.8` },
  { value: 'heavy', label: 'Heavy (over 8.3 oz)', overlaps: sql`a.number_max > 8.3` },
] as const;

interface FacetValueDef {
  value: string;
  label: string;
}

/** How a facet's values are counted: grouped by an expression over the listing's base rows (see catalog-listing.ts). */
type FacetCounting =
  | { by: 'brand' }
  | { by: 'price' }
  | { by: 'in_stock' }
  | { by: 'usapa' }
  /** products.facet_values entries "<key>=<value>" (written by catalog-admin/product-terms.ts) */
  | { by: 'terms' };

export interface FacetDef {
  key: string;
  name: string;
  kind: 'choice' | 'toggle' | 'price';
  values: FacetValueDef[];
  counting: FacetCounting;
  /** the products the chosen values allow, or undefined when nothing valid is chosen */
  condition?: SQL;
  /** the values as chosen (the ones the facet knows) */
  selected: string[];
}

/** A parameter's values: "a,b" and repeated parameters alike, blanks dropped. */
function paramValues(query: CatalogQuery, key: string): string[] {
  const raw = query[key];
  const list = Array.isArray(raw) ? raw : typeof raw === 'string' ? [raw] : [];
  return list
    .flatMap((text) => text.split(','))
    .map((text) => text.trim())
    .filter(Boolean);
}

/** "50-150", "-80", "200-": dollars to cents, half-open [min, max); null when it is no range. */
export function parsePriceRange(text: string): { min: number; max: number | null } | null {
  const match = /^(\d{0,7}(?:\.\d{1,2})?)-(\d{0,7}(?:\.\d{1,2})?)$/.exec(text);
  if (!match) return null;
  const min = match[1] ? toCents(match[1]) : 0;
  const max = match[2] ? toCents(match[2]) : null;
  if (max !== null && max <= min) return null;
  return { min, max };
}

function anyOf(conditions: SQL[]): SQL | undefined {
  if (conditions.length === 0) return undefined;
  return sql`(${sql.join(conditions, sql` or `)})`;
}

function priceCondition(range: { min: number; max: number | null }): SQL {
  const min = sql`${products.price} >= ${(range.min / 100).toFixed(2)}::numeric`;
  return range.max === null ? min : sql`(${min} and ${products.price} < ${(range.max / 100).toFixed(2)}::numeric)`;
}

/** Products having any of a facet's values (products.facet_values, GIN-indexed). */
function hasAnyOf(key: string, values: string[]): SQL | undefined {
  if (values.length === 0) return undefined;
  const terms = values.map((value) => sql`${`${key}=${value}`}`);
  return sql`${products.facetValues} && array[${sql.join(terms, sql`, `)}]::text[]`;
}

function baseFacets(query: CatalogQuery, brandRows: { id: number; name: string }[]): FacetDef[] {
  const brandIds = paramValues(query, 'brand')
    .filter((text) => /^\d{1,9}$/.test(text))
    .map(Number)
    .filter((id) => brandRows.some((brand) => brand.id === id));
  const ranges = paramValues(query, 'price').flatMap((text) => {
    const range = parsePriceRange(text);
    return range ? [{ text, range }] : [];
  });
  const inStock = paramValues(query, 'in_stock').includes('1');
  const usapa = paramValues(query, 'usapa').includes('1');
  return [
    {
      key: 'brand',
      name: 'Brand',
      kind: 'choice',
      values: brandRows.map((brand) => ({ value: String(brand.id), label: brand.name })),
      counting: { by: 'brand' },
      condition: brandIds.length ? inArray(products.brandId, brandIds) : undefined,
      selected: brandIds.map(String),
    },
    {
      key: 'price',
      name: 'Price',
      kind: 'price',
      values: PRICE_BANDS.map(({ value, label }) => ({ value, label })),
      counting: { by: 'price' },
      condition: anyOf(ranges.map(({ range }) => priceCondition(range))),
      selected: ranges.map(({ text }) => text),
    },
    {
      key: 'in_stock',
      name: 'Availability',
      kind: 'toggle',
      values: [{ value: '1', label: 'In stock only' }],
      counting: { by: 'in_stock' },
      condition: inStock ? sql`${products.stock} > 0` : undefined,
      selected: inStock ? ['1'] : [],
    },
    {
      key: 'usapa',
      name: 'USA Pickleball',
      kind: 'toggle',
      values: [{ value: '1', label: 'USA Pickleball approved' }],
      counting: { by: 'usapa' },
      condition: usapa ? sql`${products.usapaStatus} = 'approved'` : undefined,
      selected: usapa ? ['1'] : [],
    },
  ];
}

function typeFacets(metadata: ListingMetadata, query: CatalogQuery, typeId: number): FacetDef[] {
  const attributes = metadata.filtersOf(typeId);
  const axes = metadata.axesOf(typeId);
  const facets: FacetDef[] = [];
  for (const attribute of attributes) {
    const key = `f.${attribute.key}`;
    const chosen = paramValues(query, key);
    if (attribute.kind === 'choice' || attribute.kind === 'multi_choice') {
      const selected = chosen.filter((value) => attribute.choices.includes(value));
      facets.push({
        key,
        name: attribute.name,
        kind: 'choice',
        values: attribute.choices.map((choice) => ({ value: choice, label: choice })),
        counting: { by: 'terms' },
        condition: hasAnyOf(key, selected),
        selected,
      });
    } else if (attribute.kind === 'tristate') {
      const on = chosen.includes('1');
      facets.push({
        key,
        name: attribute.name,
        kind: 'toggle',
        values: [{ value: '1', label: attribute.name }],
        counting: { by: 'terms' },
        condition: on ? hasAnyOf(key, ['1']) : undefined,
        selected: on ? ['1'] : [],
      });
    } else if (attribute.key === 'static_weight' && attribute.unit === 'oz') {
      const bands = WEIGHT_BANDS.filter((band) => chosen.includes(band.value));
      facets.push({
        key,
        name: attribute.name,
        kind: 'choice',
        values: WEIGHT_BANDS.map(({ value, label }) => ({ value, label })),
        counting: { by: 'terms' },
        condition: hasAnyOf(
          key,
          bands.map((band) => band.value),
        ),
        selected: bands.map((band) => band.value),
      });
    }
  }
  const axisIds = [...new Set(axes.map((axis) => axis.id))];
  for (const axisId of axisIds) {
    const rows = axes.filter((axis) => axis.id === axisId);
    const { key: optionKey, name } = rows[0]!;
    const key = `o.${optionKey}`;
    const chosen = paramValues(query, key);
    const selectedRows = rows.filter((row) => chosen.includes(row.label));
    facets.push({
      key,
      name,
      kind: 'choice',
      values: rows.map((row) => ({ value: row.label, label: row.label })),
      counting: { by: 'terms' },
      condition: hasAnyOf(
        key,
        selectedRows.map((row) => row.label),
      ),
      selected: selectedRows.map((row) => row.label),
    });
  }
  return facets;
}

interface FacetPlan {
  type: TypeRow | null;
  facets: FacetDef[];
  types: TypeRow[];
}

/**
 * The facets of a listing: brand, price, stock and approval always; a type's spec filters and axes once a
 * type is chosen. From the metadata kept between listings (listing-metadata.ts): no statement of its own.
 */
export function planFacets(metadata: ListingMetadata, query: CatalogQuery): FacetPlan {
  const { types } = metadata;
  const type = types.find((row) => row.slug === query.type) ?? null;
  const facets = baseFacets(query, metadata.brands);
  if (type) facets.push(...typeFacets(metadata, query, type.id));
  return { type, facets, types };
}

/** The value a base row counts for in a facet grouped over base itself (term facets are counted together, in one pass over their terms). */
export function countedValue(facet: FacetDef): { from: SQL; value: SQL } | null {
  switch (facet.counting.by) {
    case 'brand':
      return { from: sql`base`, value: sql`base.brand_id::text` };
    case 'price': {
      const bands = sql.join(
        PRICE_BANDS.map((band) => sql.raw(`('${band.value}'::text, ${band.min / 100}::numeric, ${band.max === null ? 'null' : band.max / 100}::numeric)`)),
        sql`, `,
      );
      return {
        from: sql`base join (values ${bands}) band(value, lo, hi) on base.price >= band.lo and (band.hi is null or base.price < band.hi)`,
        value: sql`band.value`,
      };
    }
    case 'in_stock':
      return { from: sql`base`, value: sql`case when base.stock > 0 then '1' end` };
    case 'usapa':
      return { from: sql`base`, value: sql`case when base.usapa_status = 'approved' then '1' end` };
    case 'terms':
      return null;
  }
}
