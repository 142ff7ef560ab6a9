import { and, asc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { toCents } from '#common/money.ts';
import type { CatalogQuery } from '#common/schemas/catalog-listing.ts';
import type { Database } from '#server/db/client.ts';
import { attributeDefinitions, brands, optionTypes, optionValues, products, productTypeOptions, productTypes } from '#server/db/schema.ts';
import { optionValueOrder } from './product-types.ts';

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
function parsePriceRange(text: string): { min: number; max: number | null } | null {
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

async function typeFacets(db: Database, query: CatalogQuery, typeId: number): Promise<FacetDef[]> {
  const [attributes, axes] = await Promise.all([
    db
      .select()
      .from(attributeDefinitions)
      .where(and(eq(attributeDefinitions.productTypeId, typeId), eq(attributeDefinitions.isFilter, true)))
      .orderBy(asc(attributeDefinitions.position), asc(attributeDefinitions.id)),
    db
      .select({ id: optionTypes.id, key: optionTypes.key, name: optionTypes.name, value: optionValues })
      .from(productTypeOptions)
      .innerJoin(optionTypes, eq(optionTypes.id, productTypeOptions.optionTypeId))
      .innerJoin(optionValues, eq(optionValues.optionTypeId, optionTypes.id))
      .where(eq(productTypeOptions.productTypeId, typeId))
      .orderBy(asc(productTypeOptions.position), ...optionValueOrder),
  ]);
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
    const selectedRows = rows.filter((row) => chosen.includes(row.value.label));
    facets.push({
      key,
      name,
      kind: 'choice',
      values: rows.map((row) => ({ value: row.value.label, label: row.value.label })),
      counting: { by: 'terms' },
      condition: hasAnyOf(
        key,
        selectedRows.map((row) => row.value.label),
      ),
      selected: selectedRows.map((row) => row.value.label),
    });
  }
  return facets;
}

interface FacetPlan {
  type: { id: number; slug: string; name: string } | null;
  facets: FacetDef[];
}

/** The facets of a listing: brand, price, stock and approval always; a type's spec filters and axes once a type is chosen. */
export async function planFacets(db: Database, query: CatalogQuery): Promise<FacetPlan & { types: { id: number; slug: string; name: string }[] }> {
  const [types, brandRows] = await Promise.all([
    db
      .select({ id: productTypes.id, slug: productTypes.slug, name: productTypes.name })
      .from(productTypes)
      .orderBy(asc(productTypes.position), asc(productTypes.id)),
    db.select({ id: brands.id, name: brands.name }).from(brands).orderBy(asc(brands.name), asc(brands.id)),
  ]);
  const type = types.find((row) => row.slug === query.type) ?? null;
  const facets = baseFacets(query, brandRows);
  if (type) facets.push(...(await typeFacets(db, query, type.id)));
  return { type, facets, types };
}
