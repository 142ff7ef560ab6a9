import { sql } from 'drizzle-orm';
import { bigserial, check, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import type { StockLedgerReason } from '#common/schemas/stock-ledger.ts';

/**
 * Every change of a variant's stock, append-only, written in the same statement or transaction as
 * the change: why (`reason`), the order or admin behind it, the change and the level it left. The
 * sum of a variant's entries is its stock (the migration opened each variant with its level).
 * No foreign keys: the history outlives the variant, order or user it names, and the order
 * statement's insert does not queue on their rows.
 */
export const stockLedger = pgTable(
  'stock_ledger',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    variantId: integer('variant_id').notNull(),
    reason: text('reason').$type<StockLedgerReason>().notNull(),
    change: integer('change').notNull(),
    level: integer('level').notNull(),
    orderId: integer('order_id'),
    actorUserId: integer('actor_user_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('stock_ledger_variant_idx').on(table.variantId, table.id), check('stock_ledger_level_not_negative', sql`${table.level} >= 0`)],
);
