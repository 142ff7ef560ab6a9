import { sql, type SQL } from 'drizzle-orm';
import {
  boolean,
  check,
  customType,
  date,
  index,
  integer,
  numeric,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  unique,
  uniqueIndex,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';

/**
 * The catalogue's text search configuration: english stemming, so "shoes" finds "shoe" and "paddles"
 * finds "paddle". A literal, not a parameter: an expression index matches only the same constant.
 */
export const SEARCH_CONFIG = sql.raw(`'english'`);

/**
 * Text as the search index sees it: "16 mm" becomes "16mm", the one word a shopper's "16mm" or "16 mm"
 * is turned into too (catalog-search.ts). Immutable functions only, so the expression can be indexed.
 */
function searchText(column: AnyPgColumn): SQL {
  return sql`regexp_replace(coalesce(${column}, ''), '(\\d)\\s+mm\\M', '\\1mm', 'gi')`;
}

function weighted(weight: 'A' | 'B' | 'C' | 'D', text: SQL): SQL {
  return sql`setweight(to_tsvector(${SEARCH_CONFIG}, ${text}), ${sql.raw(`'${weight}'`)})`;
}

/**
 * The weights, highest first: the product's name (A); the brand's name (B, brands.search_vector, joined in
 * at query time as it lives in its own table); sku, thickness, colour and the search terms (its type's
 * name, option and spec labels, kept by refreshProductTerms) (C); the description (D).
 */
function productSearchVector(table: {
  name: AnyPgColumn;
  sku: AnyPgColumn;
  thickness: AnyPgColumn;
  color: AnyPgColumn;
  searchTerms: AnyPgColumn;
  description: AnyPgColumn;
}): SQL {
  const details = sql`${searchText(table.sku)} || ' ' || ${searchText(table.thickness)} || ' ' || ${searchText(table.color)} || ' ' || ${searchText(table.searchTerms)}`;
  return sql`(${weighted('A', searchText(table.name))} || ${weighted('C', details)} || ${weighted('D', searchText(table.description))})`;
}

export const attributeKinds = ['number', 'range', 'choice', 'multi_choice', 'tristate', 'text'] as const;
export const attributeUnits = ['mm', 'in', 'ft', 'oz'] as const;
export const usapaStatuses = ['approved', 'not_approved', 'not_stated'] as const;
const videoProviders = ['youtube', 'vimeo'] as const;

const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

export const brands = pgTable('brands', {
  id: serial('id').primaryKey(),
  name: text('name').notNull().unique(),
  // the brand page's address, /brands/<slug>: generated from the name, editable (decision 024)
  slug: text('slug').notNull().unique(),
  description: text('description'),
  imageUrl: text('image_url'),
  isFeatured: boolean('is_featured').notNull().default(false),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  // the brand's words at weight B, stored so a search joins them in without re-parsing a name per product
  searchVector: tsvector('search_vector')
    .notNull()
    .generatedAlwaysAs((): SQL => weighted('B', searchText(brands.name))),
  // the sitemap's lastmod
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export const products = pgTable(
  'products',
  {
    id: serial('id').primaryKey(),
    brandId: integer('brand_id').references(() => brands.id, { onDelete: 'restrict' }),
    name: text('name').notNull(),
    // the product page's address, /products/<slug>: generated from the name, editable (decision 024)
    slug: text('slug').notNull().unique(),
    sku: text('sku').unique(),
    price: numeric('price', { precision: 10, scale: 2 }).notNull(),
    description: text('description'),
    thickness: text('thickness'),
    color: text('color'),
    imageUrl: text('image_url'),
    stock: integer('stock').notNull().default(0),
    releaseDate: timestamp('release_date', { withTimezone: true }),
    isFeatured: boolean('is_featured').notNull().default(false),
    productTypeId: integer('product_type_id')
      .notNull()
      .references((): AnyPgColumn => productTypes.id, { onDelete: 'restrict' }),
    // on the USA Pickleball approved list, as checked on usapa_checked_on; unknown is "not stated", never "no"
    usapaStatus: text('usapa_status', { enum: usapaStatuses }).notNull().default('not_stated'),
    usapaCheckedOn: date('usapa_checked_on'),
    isDeleted: boolean('is_deleted').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    // the words a shopper may search by that live in other tables: the type's name ("paddles"), the variants'
    // option labels ("16 mm", "Outdoor") and the spec's choice labels; written by refreshProductTerms
    searchTerms: text('search_terms').notNull().default(''),
    // the shop's spec and option facet values this product has, as "f.shape=Elongated", "f.static_weight=mid",
    // "o.core_thickness=16 mm": one GIN-indexed array, so a listing filters and counts without joining
    // variants and spec values (docs/performance.md); written by refreshProductTerms with search_terms
    facetValues: text('facet_values')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    // published reviews only, kept by the reviews module in the same transaction as each publish, hide or
    // edit (like facet_values), so the shop can sort by rating without joining reviews; null: no reviews yet
    ratingAverage: numeric('rating_average', { precision: 3, scale: 2 }),
    ratingCount: integer('rating_count').notNull().default(0),
    // the owner's product video (decision 068): only YouTube or Vimeo, kept as the provider and the video's id
    // (never the pasted address), so the page can only ever embed those players' privacy-enhanced frames
    videoProvider: text('video_provider', { enum: videoProviders }),
    videoId: text('video_id'),
    // stored, not computed per search: building it is most of a search's cost (about 0.1 ms a row)
    searchVector: tsvector('search_vector')
      .notNull()
      .generatedAlwaysAs((): SQL => productSearchVector(products)),
  },
  (table) => [
    index('products_brand_id_idx').on(table.brandId),
    index('products_type_idx').on(table.productTypeId),
    index('products_search_idx').using('gin', table.searchVector),
    index('products_facet_values_idx').using('gin', table.facetValues),
    // substring search on the name and the SKU (pg_trgm, created by the migration)
    index('products_name_trgm_idx').using('gin', table.name.op('gin_trgm_ops')),
    index('products_sku_trgm_idx').using('gin', table.sku.op('gin_trgm_ops')),
    // the kept catalogue's places, in name order (listing-snapshot-read.ts): read in order, where a sort of every
    // product spilled to disk and took the database's other cores
    index('products_name_order_idx')
      .on(table.name, table.id)
      .where(sql`not ${table.isDeleted}`),
    check('products_stock_not_negative', sql`${table.stock} >= 0`),
    check('products_price_not_negative', sql`${table.price} >= 0`),
    check(
      'products_video_whole',
      sql`(${table.videoProvider} is null and ${table.videoId} is null) or (${table.videoProvider} in ('youtube', 'vimeo') and ${table.videoId} is not null)`,
    ),
  ],
);

export const slugKinds = ['product', 'brand'] as const;

/**
 * A slug a product or brand had before a rename: its old address answers 301 to the current one
 * (decision 024). A slug taken again by another item is that item's, and its redirect row goes.
 */
export const slugRedirects = pgTable(
  'slug_redirects',
  {
    kind: text('kind', { enum: slugKinds }).notNull(),
    oldSlug: text('old_slug').notNull(),
    // a product or brand id, by kind; no foreign key (two tables), so deleting either removes its rows
    targetId: integer('target_id').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.kind, table.oldSlug] }), index('slug_redirects_target_idx').on(table.kind, table.targetId)],
);

// The catalogue model (docs/decisions/017): product types declare typed attributes and up to three
// variant options; every product sells as one or more variants, each with its own SKU, price and stock.

export const productTypes = pgTable('product_types', {
  id: serial('id').primaryKey(),
  slug: text('slug').notNull().unique(),
  name: text('name').notNull().unique(),
  position: integer('position').notNull().default(0),
});

/** A type's spec sheet, one row a field: a number with a unit, a range, a choice, yes/no/not stated or text. */
export const attributeDefinitions = pgTable(
  'attribute_definitions',
  {
    id: serial('id').primaryKey(),
    productTypeId: integer('product_type_id')
      .notNull()
      .references(() => productTypes.id, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    name: text('name').notNull(),
    kind: text('kind', { enum: attributeKinds }).notNull(),
    // numbers and ranges are stored in this one unit and shown imperial with metric beside
    unit: text('unit', { enum: attributeUnits }),
    choices: text('choices')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    position: integer('position').notNull().default(0),
    // shown as a facet on the shop page
    isFilter: boolean('is_filter').notNull().default(false),
  },
  (table) => [uniqueIndex('attribute_definitions_type_key_idx').on(table.productTypeId, table.key)],
);

/** A variant axis shared by the whole catalogue: core thickness, grip size, colour, pack size, shoe size, width. */
export const optionTypes = pgTable('option_types', {
  id: serial('id').primaryKey(),
  key: text('key').notNull().unique(),
  name: text('name').notNull(),
  position: integer('position').notNull().default(0),
});

/** One value of an axis ("4 1/4 in"), shared by every product that sells it. */
export const optionValues = pgTable(
  'option_values',
  {
    id: serial('id').primaryKey(),
    optionTypeId: integer('option_type_id')
      .notNull()
      .references(() => optionTypes.id, { onDelete: 'cascade' }),
    label: text('label').notNull(),
    // sizes sort as numbers (4.125 < 4.25), labels without a number by position
    sortValue: numeric('sort_value', { precision: 10, scale: 4 }),
    position: integer('position').notNull().default(0),
  },
  (table) => [uniqueIndex('option_values_type_label_idx').on(table.optionTypeId, table.label)],
);

/** The axes a type's products vary by, in order; at most three (the service holds the limit). */
export const productTypeOptions = pgTable(
  'product_type_options',
  {
    productTypeId: integer('product_type_id')
      .notNull()
      .references(() => productTypes.id, { onDelete: 'cascade' }),
    optionTypeId: integer('option_type_id')
      .notNull()
      .references(() => optionTypes.id, { onDelete: 'restrict' }),
    position: integer('position').notNull().default(0),
  },
  (table) => [primaryKey({ columns: [table.productTypeId, table.optionTypeId] })],
);

/** A product's ordered gallery. */
export const productImages = pgTable(
  'product_images',
  {
    id: serial('id').primaryKey(),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    url: text('url').notNull(),
    alt: text('alt').notNull().default(''),
    position: integer('position').notNull().default(0),
  },
  (table) => [index('product_images_product_idx').on(table.productId, table.position)],
);

export const productVariants = pgTable(
  'product_variants',
  {
    id: serial('id').primaryKey(),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    sku: text('sku').unique(),
    price: numeric('price', { precision: 10, scale: 2 }).notNull(),
    compareAtPrice: numeric('compare_at_price', { precision: 10, scale: 2 }),
    stock: integer('stock').notNull().default(0),
    position: integer('position').notNull().default(0),
    imageId: integer('image_id').references(() => productImages.id, { onDelete: 'set null' }),
    // the variant's option value ids, ascending and comma-joined ('' for a product without options):
    // one variant per combination, held by the unique index below
    optionKey: text('option_key').notNull().default(''),
    // for shipping rates by weight and for carriers (docs/decisions/049): grams and millimetres; null: not known
    weightGrams: integer('weight_grams'),
    lengthMm: integer('length_mm'),
    widthMm: integer('width_mm'),
    heightMm: integer('height_mm'),
    // what the shop paid for one unit, for the inventory report's value at cost; null: not known
    costPrice: numeric('cost_price', { precision: 10, scale: 2 }),
    // product identifiers for shopping feeds (Google Merchant Center): a GTIN with a valid check digit (8, 12, 13 or 14 digits), else the maker's part number
    gtin: text('gtin'),
    mpn: text('mpn'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('product_variants_combination_idx').on(table.productId, table.optionKey),
    check('product_variants_stock_not_negative', sql`${table.stock} >= 0`),
    check('product_variants_price_not_negative', sql`${table.price} >= 0`),
    check(
      'product_variants_measures_not_negative',
      sql`coalesce(${table.weightGrams}, 0) >= 0 and coalesce(${table.lengthMm}, 0) >= 0 and coalesce(${table.widthMm}, 0) >= 0 and coalesce(${table.heightMm}, 0) >= 0`,
    ),
  ],
);

export const variantOptionValues = pgTable(
  'variant_option_values',
  {
    variantId: integer('variant_id')
      .notNull()
      .references(() => productVariants.id, { onDelete: 'cascade' }),
    optionTypeId: integer('option_type_id')
      .notNull()
      .references(() => optionTypes.id, { onDelete: 'restrict' }),
    optionValueId: integer('option_value_id')
      .notNull()
      .references(() => optionValues.id, { onDelete: 'restrict' }),
  },
  // one value per axis and variant
  (table) => [primaryKey({ columns: [table.variantId, table.optionTypeId] }), index('variant_option_values_value_idx').on(table.optionValueId)],
);

/**
 * A spec value of a product, or of one variant (which overrides the product's). Typed columns, so
 * facets compare numbers: a number is a range with equal ends; choices hold one or more choice
 * labels; flag is yes/no, and no row at all is "not stated".
 */
export const productAttributeValues = pgTable(
  'product_attribute_values',
  {
    id: serial('id').primaryKey(),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    variantId: integer('variant_id').references(() => productVariants.id, { onDelete: 'cascade' }),
    attributeId: integer('attribute_id')
      .notNull()
      .references(() => attributeDefinitions.id, { onDelete: 'restrict' }),
    numberMin: numeric('number_min', { precision: 12, scale: 4 }),
    numberMax: numeric('number_max', { precision: 12, scale: 4 }),
    choices: text('choices').array(),
    flag: boolean('flag'),
    text: text('text'),
  },
  (table) => [
    unique('product_attribute_values_owner_key').on(table.productId, table.attributeId, table.variantId).nullsNotDistinct(),
    index('product_attribute_values_attribute_idx').on(table.attributeId, table.numberMin, table.numberMax),
    index('product_attribute_values_choices_idx').using('gin', table.choices),
  ],
);
