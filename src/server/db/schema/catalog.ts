import { sql, type SQL } from 'drizzle-orm';
import { boolean, check, customType, index, integer, numeric, pgTable, serial, text, timestamp, type AnyPgColumn } from 'drizzle-orm/pg-core';

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
 * The weights, highest first: the product's name (A); the brand's name (B, brandSearchVector, joined in
 * at query time as it lives in its own table) and there too a product type column when it comes;
 * sku, thickness and colour (C); the description (D).
 */
function productSearchVector(table: { name: AnyPgColumn; sku: AnyPgColumn; thickness: AnyPgColumn; color: AnyPgColumn; description: AnyPgColumn }): SQL {
  const details = sql`${searchText(table.sku)} || ' ' || ${searchText(table.thickness)} || ' ' || ${searchText(table.color)}`;
  return sql`(${weighted('A', searchText(table.name))} || ${weighted('C', details)} || ${weighted('D', searchText(table.description))})`;
}

export function brandSearchVector(name: AnyPgColumn): SQL {
  return weighted('B', searchText(name));
}

const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

export const brands = pgTable('brands', {
  id: serial('id').primaryKey(),
  name: text('name').notNull().unique(),
  description: text('description'),
  imageUrl: text('image_url'),
  isFeatured: boolean('is_featured').notNull().default(false),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export const products = pgTable(
  'products',
  {
    id: serial('id').primaryKey(),
    brandId: integer('brand_id').references(() => brands.id, { onDelete: 'restrict' }),
    name: text('name').notNull(),
    sku: text('sku').unique(),
    price: numeric('price', { precision: 10, scale: 2 }).notNull(),
    description: text('description'),
    thickness: text('thickness'),
    color: text('color'),
    imageUrl: text('image_url'),
    stock: integer('stock').notNull().default(0),
    releaseDate: timestamp('release_date', { withTimezone: true }),
    isFeatured: boolean('is_featured').notNull().default(false),
    isDeleted: boolean('is_deleted').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    // stored, not computed per search: building it is most of a search's cost (about 0.1 ms a row)
    searchVector: tsvector('search_vector')
      .notNull()
      .generatedAlwaysAs((): SQL => productSearchVector(products)),
  },
  (table) => [
    index('products_brand_id_idx').on(table.brandId),
    index('products_search_idx').using('gin', table.searchVector),
    // substring search on the name and the SKU (pg_trgm, created by the migration)
    index('products_name_trgm_idx').using('gin', table.name.op('gin_trgm_ops')),
    index('products_sku_trgm_idx').using('gin', table.sku.op('gin_trgm_ops')),
    check('products_stock_not_negative', sql`${table.stock} >= 0`),
    check('products_price_not_negative', sql`${table.price} >= 0`),
  ],
);
