import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, jsonb, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import type { ShippingRate } from '#common/schemas/shipping-rate.ts';

// The owner's shipping profile (docs/decisions/049-shipping-profiles.md). With no zone at all the shop
// ships with the built-in Standard shipping method, priced from the site settings as the spec says.

export const shippingMethodKinds = ['delivery', 'pickup'] as const;

/** Where a set of methods applies: US states (and DC) and optionally Canadian provinces, as two-letter codes. */
export const shippingZones = pgTable('shipping_zones', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  usStates: text('us_states')
    .array()
    .notNull()
    .default(sql`'{}'::text[]`),
  caProvinces: text('ca_provinces')
    .array()
    .notNull()
    .default(sql`'{}'::text[]`),
  position: integer('position').notNull().default(0),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export const shippingMethods = pgTable(
  'shipping_methods',
  {
    id: serial('id').primaryKey(),
    zoneId: integer('zone_id')
      .notNull()
      .references(() => shippingZones.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    kind: text('kind', { enum: shippingMethodKinds }).notNull().default('delivery'),
    minBusinessDays: integer('min_business_days').notNull(),
    maxBusinessDays: integer('max_business_days').notNull(),
    // "HH:MM" in the shop's time zone: an order placed later leaves a business day later; null: no same-day dispatch
    cutoffTime: text('cutoff_time'),
    rate: jsonb('rate').$type<ShippingRate>().notNull(),
    active: boolean('active').notNull().default(true),
    position: integer('position').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('shipping_methods_zone_idx').on(table.zoneId),
    check('shipping_methods_days', sql`${table.minBusinessDays} >= 0 and ${table.maxBusinessDays} >= ${table.minBusinessDays}`),
  ],
);

/** One row (id 1): the shop's time zone, in which the methods' cut-off times are read. */
export const shippingSettings = pgTable('shipping_settings', {
  id: integer('id').primaryKey().default(1),
  timeZone: text('time_zone').notNull().default('America/Chicago'),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * The owner's boxes (docs/decisions/069): a label and a carrier rate are bought for a parcel of the box
 * chosen, its inside measured in millimetres and its own weight in grams, as variants are (decision 049).
 */
export const shippingBoxes = pgTable(
  'shipping_boxes',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    lengthMm: integer('length_mm').notNull(),
    widthMm: integer('width_mm').notNull(),
    heightMm: integer('height_mm').notNull(),
    weightGrams: integer('weight_grams').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [check('shipping_boxes_size', sql`${table.lengthMm} > 0 and ${table.widthMm} > 0 and ${table.heightMm} > 0 and ${table.weightGrams} >= 0`)],
);
