import { desc, eq, sql } from 'drizzle-orm';
import type { StockHistory, StockLedgerReason } from '#common/schemas/stock-ledger.ts';
import type { Database, Transaction } from '#server/db/client.ts';
import { orders, productVariants, stockLedger, users } from '#server/db/schema.ts';
import { notFound } from '#server/errors/domain-errors.ts';

// The stock ledger (decision 046): every writer of a variant's stock records the change here in the
// transaction that makes it, so the entries of a variant always sum to its stock. The order
// statement (checkout/place-order.ts) writes its sales in its own statement instead.

/** One change of one variant's stock: `level` is the stock it left. */
export interface StockChange {
  variantId: number;
  reason: StockLedgerReason;
  change: number;
  level: number;
  orderId?: number | null;
  actorUserId?: number | null;
}

/** Why an admin-side save moved stock, and who made it (none for the demo seed). */
export interface StockEditSource {
  reason: Extract<StockLedgerReason, 'admin_edit' | 'variant_edit' | 'csv_import' | 'seed'>;
  actorUserId: number | null;
}

/** Appends the changes (a change of 0 moves nothing and is left out), in the caller's transaction. */
export async function recordStockChanges(tx: Transaction, changes: readonly StockChange[]): Promise<void> {
  const moved = changes.filter((entry) => entry.change !== 0);
  if (moved.length === 0) return;
  await tx.insert(stockLedger).values(
    moved.map((entry) => ({
      variantId: entry.variantId,
      reason: entry.reason,
      change: entry.change,
      level: entry.level,
      orderId: entry.orderId ?? null,
      actorUserId: entry.actorUserId ?? null,
    })),
  );
}

/** The changes an admin save made: each variant's stock before and after (a new variant was at 0). */
export function editChanges(source: StockEditSource, moves: ReadonlyArray<{ variantId: number; before: number; after: number }>): StockChange[] {
  return moves.map((move) => ({
    variantId: move.variantId,
    reason: source.reason,
    change: move.after - move.before,
    level: move.after,
    actorUserId: source.actorUserId,
  }));
}

/** A variant's stock and its newest ledger entries, newest first; 404 for a variant there is not. */
export async function readStockHistory(db: Database, variantId: number, limit = 50): Promise<StockHistory> {
  const [variant] = await db.select({ stock: productVariants.stock }).from(productVariants).where(eq(productVariants.id, variantId));
  if (!variant) throw notFound('Variant not found');
  const rows = await db
    .select({
      id: stockLedger.id,
      at: stockLedger.createdAt,
      reason: stockLedger.reason,
      change: stockLedger.change,
      level: stockLedger.level,
      orderId: stockLedger.orderId,
      orderNumber: orders.orderNumber,
      actorUserId: stockLedger.actorUserId,
      username: users.username,
    })
    .from(stockLedger)
    .leftJoin(orders, eq(orders.id, stockLedger.orderId))
    .leftJoin(users, eq(users.id, stockLedger.actorUserId))
    .where(eq(stockLedger.variantId, variantId))
    .orderBy(desc(stockLedger.id))
    .limit(limit);
  return {
    variantId,
    stock: variant.stock,
    entries: rows.map((row) => ({
      id: row.id,
      at: row.at.toISOString(),
      reason: row.reason,
      change: row.change,
      level: row.level,
      order: row.orderId !== null && row.orderNumber !== null ? { id: row.orderId, orderNumber: row.orderNumber } : null,
      actor: row.actorUserId !== null && row.username !== null ? { id: row.actorUserId, username: row.username } : null,
    })),
  };
}

/** Variants whose stock is not the sum of their ledger entries (none, unless a writer skipped the ledger). */
export async function stockLedgerMismatches(db: Database | Transaction): Promise<Array<{ variantId: number; stock: number; ledger: number }>> {
  const ledger = sql<number>`coalesce(sum(${stockLedger.change}), 0)::int`;
  return db
    .select({ variantId: productVariants.id, stock: productVariants.stock, ledger })
    .from(productVariants)
    .leftJoin(stockLedger, eq(stockLedger.variantId, productVariants.id))
    .groupBy(productVariants.id, productVariants.stock)
    .having(sql`${productVariants.stock} <> ${ledger}`);
}
