import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, numeric, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';

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
  },
  (table) => [
    index('products_brand_id_idx').on(table.brandId),
    check('products_stock_not_negative', sql`${table.stock} >= 0`),
    check('products_price_not_negative', sql`${table.price} >= 0`),
  ],
);
