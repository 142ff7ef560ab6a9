import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { Database } from '#server/db/client.ts';
import { brands, products } from '#server/db/schema.ts';

// The product page's read: one prepared statement, one round trip, and PostgreSQL writes the whole
// answer, in the shape of ProductDetail (#common/schemas/catalog.ts), as JSON text the route sends as
// it is: decoding the row, mapping it to the page's shape and encoding it again was a third of the
// read's CPU (docs/performance.md). The type, variants, gallery and spec values come from subqueries
// rather than joined rows, which would multiply the product row by variants x values. The product's
// own fields are written as toProductView writes them for every other read (catalog-views.ts; a test
// holds the two together): prices with two decimals, dates as ISO strings in UTC.

// an axis's place in the product's type; null for an axis the type no longer names (ordered after the others)
const typePosition = (axisId: SQL) =>
  sql`(select pto.position from product_type_options pto where pto.product_type_id = ${products.productTypeId} and pto.option_type_id = ${axisId})`;

const productTypeJson = sql`(
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

const variantsJson = sql`coalesce((
  select json_agg(json_build_object(
    'id', v.id, 'sku', v.sku, 'price', v.price::text, 'compareAtPrice', v.compare_at_price::text,
    'stock', v.stock, 'position', v.position, 'imageId', v.image_id,
    'options', coalesce((
      select json_agg(json_build_object('optionTypeId', o.id, 'valueId', ov.id, 'label', ov.label)
        order by ${typePosition(sql`vov.option_type_id`)} nulls last, o.position, o.id)
      from variant_option_values vov
      join option_values ov on ov.id = vov.option_value_id
      join option_types o on o.id = vov.option_type_id
      where vov.variant_id = v.id), '[]'::json))
    order by v.position, v.id)
  from product_variants v where v.product_id = ${products.id}), '[]'::json)`;

// The axes the variants use, each with only the values they use: axes in the order the variants first
// name them (the type's order within a variant), values by position, then size (sort value), then id.
const usedOptionsJson = sql`coalesce((
  select json_agg(json_build_object('id', axis.id, 'key', axis.key, 'name', axis.name, 'values', axis.values)
    order by axis.first_variant, axis.type_position nulls last, axis.position, axis.id)
  from (
    select o.id, o.key, o.name, o.position, min(listed.rank) as first_variant,
      ${typePosition(sql`o.id`)} as type_position,
      (select json_agg(json_build_object('id', ov.id, 'label', ov.label, 'sortValue', ov.sort_value::float8)
          order by ov.position, ov.sort_value nulls last, ov.id)
        from option_values ov
        where exists (
          select 1 from variant_option_values used join product_variants uv on uv.id = used.variant_id
          where uv.product_id = ${products.id} and used.option_type_id = o.id and used.option_value_id = ov.id)) as values
    from (select v.id, row_number() over (order by v.position, v.id) as rank from product_variants v where v.product_id = ${products.id}) listed
    join variant_option_values vov on vov.variant_id = listed.id
    join option_types o on o.id = vov.option_type_id
    group by o.id, o.key, o.name, o.position) axis), '[]'::json)`;

const imagesJson = sql`coalesce((
  select json_agg(json_build_object('id', i.id, 'url', i.url, 'alt', i.alt, 'position', i.position) order by i.position, i.id)
  from product_images i where i.product_id = ${products.id}), '[]'::json)`;

const attributesJson = sql`coalesce((
  select json_agg(json_build_object(
    'attributeId', pav.attribute_id, 'variantId', pav.variant_id,
    'min', pav.number_min::float8, 'max', pav.number_max::float8,
    'choices', pav.choices, 'flag', pav.flag, 'text', pav.text) order by pav.attribute_id, pav.variant_id nulls first)
  from product_attribute_values pav where pav.product_id = ${products.id}), '[]'::json)`;

const utcIso = (column: PgColumn) => sql`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

const brandJson = sql`case when ${brands.id} is null then null else json_build_object(
  'id', ${brands.id}, 'name', ${brands.name}, 'slug', ${brands.slug}, 'description', ${brands.description},
  'imageUrl', ${brands.imageUrl}, 'isFeatured', ${brands.isFeatured}) end`;

const productDetailJson = sql<string>`json_build_object(
  'id', ${products.id}, 'brandId', ${products.brandId}, 'name', ${products.name}, 'slug', ${products.slug},
  'sku', ${products.sku}, 'price', ${products.price}::text, 'description', ${products.description},
  'thickness', ${products.thickness}, 'color', ${products.color}, 'imageUrl', ${products.imageUrl},
  'stock', ${products.stock}, 'releaseDate', ${utcIso(products.releaseDate)}, 'isFeatured', ${products.isFeatured},
  'productTypeId', ${products.productTypeId}, 'usapaStatus', ${products.usapaStatus},
  'usapaCheckedOn', to_char(${products.usapaCheckedOn}, 'YYYY-MM-DD'), 'brand', ${brandJson},
  'ratingAverage', ${products.ratingAverage}::float8, 'ratingCount', ${products.ratingCount},
  'productType', ${productTypeJson}, 'options', ${usedOptionsJson}, 'variants', ${variantsJson},
  'images', ${imagesJson}, 'attributes', ${attributesJson},
  'video', case when ${products.videoProvider} is null then null else json_build_object('provider', ${products.videoProvider}, 'id', ${products.videoId}) end)::text`;

/** The product page's answer, as JSON text (ProductDetail); no row for a missing or deleted product. */
export function prepareProductDetail(db: Database) {
  return detailWhere(db, eq(products.id, sql.placeholder('id'))).prepare('catalog_product_detail');
}

/**
 * The same by the product's current slug: a rendered product page reads its product by the slug in its
 * address, in one statement rather than the slug's id first (a former slug finds no row).
 */
export function prepareProductDetailBySlug(db: Database) {
  return detailWhere(db, eq(products.slug, sql.placeholder('slug'))).prepare('catalog_product_detail_by_slug');
}

function detailWhere(db: Database, key: SQL) {
  return db
    .select({ json: productDetailJson })
    .from(products)
    .leftJoin(brands, eq(brands.id, products.brandId))
    .where(and(key, eq(products.isDeleted, false)))
    .limit(1);
}
