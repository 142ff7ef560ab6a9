import { and, eq, sql } from 'drizzle-orm';
import { centsToDecimal, toCents } from '#common/money.ts';
import type { AttributeValue, OptionType, ProductType, Variant } from '#common/schemas/catalog-model.ts';
import type { ProductDetail } from '#common/schemas/catalog.ts';
import type { Database } from '#server/db/client.ts';
import { brands, products } from '#server/db/schema.ts';
import { brandColumns, productColumns, toProductRating, toProductView, type BrandRow, type ProductRow } from './catalog-views.ts';

// The product page's read: one prepared statement, one round trip (docs/performance.md: p99 <= 20 ms
// at 100 connections). The type, variants, gallery and spec values come as JSON from subqueries
// rather than as joined rows, which would multiply the product row by variants x values.

interface OptionJson {
  optionTypeId: number;
  key: string;
  name: string;
  valueId: number;
  label: string;
  sortValue: number | null;
  valuePosition: number;
}

interface VariantJson {
  id: number;
  sku: string | null;
  price: string;
  compareAtPrice: string | null;
  stock: number;
  position: number;
  imageId: number | null;
  options: OptionJson[];
}

interface DetailRow {
  product: ProductRow;
  brand: BrandRow | null;
  productType: ProductType;
  variants: VariantJson[];
  images: ProductDetail['images'];
  attributes: AttributeValue[];
}

// the product's own axes first, in its type's order; an axis its type no longer names after them
const axisOrder = sql`(select pto.position from product_type_options pto where pto.product_type_id = ${products.productTypeId} and pto.option_type_id = vov.option_type_id)`;

const productTypeJson = sql<ProductType>`(
  select json_build_object(
    'id', t.id, 'slug', t.slug, 'name', t.name, 'position', t.position,
    'options', coalesce((
      select json_agg(json_build_object('id', o.id, 'key', o.key, 'name', o.name) order by pto.position, o.id)
      from product_type_options pto join option_types o on o.id = pto.option_type_id
      where pto.product_type_id = t.id), '[]'::json),
    'attributes', coalesce((
      select json_agg(json_build_object(
        'id', a.id, 'key', a.key, 'name', a.name, 'kind', a.kind, 'unit', a.unit,
        'choices', a.choices, 'position', a.position, 'isFilter', a.is_filter) order by a.position, a.id)
      from attribute_definitions a where a.product_type_id = t.id), '[]'::json))
  from product_types t where t.id = ${products.productTypeId})`;

const variantsJson = sql<VariantJson[]>`coalesce((
  select json_agg(json_build_object(
    'id', v.id, 'sku', v.sku, 'price', v.price::text, 'compareAtPrice', v.compare_at_price::text,
    'stock', v.stock, 'position', v.position, 'imageId', v.image_id,
    'options', coalesce((
      select json_agg(json_build_object(
        'optionTypeId', o.id, 'key', o.key, 'name', o.name, 'valueId', ov.id, 'label', ov.label,
        'sortValue', ov.sort_value::float8, 'valuePosition', ov.position)
        order by ${axisOrder} nulls last, o.position, o.id)
      from variant_option_values vov
      join option_values ov on ov.id = vov.option_value_id
      join option_types o on o.id = vov.option_type_id
      where vov.variant_id = v.id), '[]'::json))
    order by v.position, v.id)
  from product_variants v where v.product_id = ${products.id}), '[]'::json)`;

const imagesJson = sql<ProductDetail['images']>`coalesce((
  select json_agg(json_build_object('id', i.id, 'url', i.url, 'alt', i.alt, 'position', i.position) order by i.position, i.id)
  from product_images i where i.product_id = ${products.id}), '[]'::json)`;

const attributesJson = sql<AttributeValue[]>`coalesce((
  select json_agg(json_build_object(
    'attributeId', pav.attribute_id, 'variantId', pav.variant_id,
    'min', pav.number_min::float8, 'max', pav.number_max::float8,
    'choices', pav.choices, 'flag', pav.flag, 'text', pav.text) order by pav.attribute_id, pav.variant_id nulls first)
  from product_attribute_values pav where pav.product_id = ${products.id}), '[]'::json)`;

export function prepareProductDetail(db: Database) {
  return db
    .select({
      product: productColumns,
      brand: brandColumns,
      productType: productTypeJson,
      variants: variantsJson,
      images: imagesJson,
      attributes: attributesJson,
    })
    .from(products)
    .leftJoin(brands, eq(brands.id, products.brandId))
    .where(and(eq(products.id, sql.placeholder('id')), eq(products.isDeleted, false)))
    .limit(1)
    .prepare('catalog_product_detail');
}

const money = (value: string | null): string | null => {
  if (value === null) return null;
  const cents = toCents(value);
  return centsToDecimal(Number.isNaN(cents) ? 0 : cents);
};

/**
 * The axes the variants use, each with only the values they use: values by sort value (sizes as
 * numbers), then by position; axes in the order the variants name them (the type's).
 */
function usedOptions(variants: readonly VariantJson[]): OptionType[] {
  const axes = new Map<number, { axis: OptionType; values: Map<number, OptionJson> }>();
  for (const option of variants.flatMap((variant) => variant.options)) {
    let entry = axes.get(option.optionTypeId);
    if (!entry) {
      entry = { axis: { id: option.optionTypeId, key: option.key, name: option.name, values: [] }, values: new Map() };
      axes.set(option.optionTypeId, entry);
    }
    entry.values.set(option.valueId, option);
  }
  return [...axes.values()].map(({ axis, values }) => ({
    ...axis,
    values: [...values.values()]
      .sort((a, b) => a.valuePosition - b.valuePosition || (a.sortValue ?? Infinity) - (b.sortValue ?? Infinity) || a.valueId - b.valueId)
      .map((value) => ({ id: value.valueId, label: value.label, sortValue: value.sortValue })),
  }));
}

function toVariant(row: VariantJson): Variant {
  return {
    id: row.id,
    sku: row.sku,
    price: money(row.price) ?? '0.00',
    compareAtPrice: money(row.compareAtPrice),
    stock: row.stock,
    position: row.position,
    imageId: row.imageId,
    options: row.options.map((option) => ({ optionTypeId: option.optionTypeId, valueId: option.valueId, label: option.label })),
  };
}

export function toProductDetail(row: DetailRow): ProductDetail {
  return {
    ...toProductView(row.product, row.brand),
    ...toProductRating(row.product),
    productType: row.productType,
    options: usedOptions(row.variants),
    variants: row.variants.map(toVariant),
    images: row.images,
    attributes: row.attributes,
  };
}
