import { and, count, eq, sql } from 'drizzle-orm';
import type { CheckoutRecoveryOverview, RecoveredCart } from '#common/schemas/checkout-recovery.ts';
import type { Database } from '#server/db/client.ts';
import { checkoutRecoveries, orderItems, products, productVariants } from '#server/db/schema.ts';
import { CLAIM_SHARE, claimScheduledRun } from '#server/db/scheduled-runs.ts';
import { optOutOfMarketing } from '#server/modules/newsletter/newsletter-service.ts';
import { readRecoverySettings } from './recovery-settings.ts';
import { sendDueReminders } from './send-reminders.ts';
import type { CheckoutRecoveryDeps } from './checkout-recovery-deps.ts';

export type { CheckoutRecoveryDeps } from './checkout-recovery-deps.ts';

/**
 * The reminded checkout's lines that can still be bought: products not deleted, variants that still
 * exist, at most the stock there is today. The cart re-reads prices and stock as it always does.
 */
export async function recoveredCart(db: Database, recoveryId: number): Promise<RecoveredCart> {
  const rows = await db
    .select({ productId: orderItems.productId, variantId: orderItems.variantId, quantity: orderItems.quantity, stock: productVariants.stock })
    .from(checkoutRecoveries)
    .innerJoin(orderItems, eq(orderItems.orderId, checkoutRecoveries.orderId))
    .innerJoin(products, and(eq(products.id, orderItems.productId), eq(products.isDeleted, false)))
    .innerJoin(productVariants, eq(productVariants.id, orderItems.variantId))
    .where(eq(checkoutRecoveries.id, recoveryId))
    .orderBy(orderItems.id);
  return {
    lines: rows
      .filter((row) => row.stock > 0)
      .map((row) => ({ productId: row.productId!, variantId: row.variantId, quantity: Math.min(row.quantity, row.stock) })),
  };
}

/** A reminder's unsubscribe (link or one-click header): no more reminders or marketing to its address. */
export async function unsubscribeFromReminders(db: Database, recoveryId: number): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(checkoutRecoveries)
      .set({ status: 'stopped' })
      .where(and(eq(checkoutRecoveries.id, recoveryId), eq(checkoutRecoveries.status, 'sent')))
      .returning({ email: checkoutRecoveries.email });
    const email =
      row?.email ?? (await tx.select({ email: checkoutRecoveries.email }).from(checkoutRecoveries).where(eq(checkoutRecoveries.id, recoveryId)))[0]?.email;
    if (!email) return false;
    await optOutOfMarketing(tx, email);
    return true;
  });
}

/** The admin's view: the settings, how many checkouts were reminded and how many of those became orders. */
export async function recoveryOverview(db: Database): Promise<CheckoutRecoveryOverview> {
  const [settings, [totals]] = await Promise.all([
    readRecoverySettings(db),
    db
      .select({ reminded: count(), recovered: sql<number>`count(*) filter (where ${checkoutRecoveries.status} = 'recovered')`.mapWith(Number) })
      .from(checkoutRecoveries),
  ]);
  return { settings, reminded: totals?.reminded ?? 0, recovered: totals?.recovered ?? 0 };
}

/**
 * Every interval one instance (the scheduled run's claim) sends the reminders due; each reminder is
 * claimed by its own conditional write too, so even two runs at once send it once (send-reminders.ts).
 */
export function scheduleCheckoutRecovery(deps: CheckoutRecoveryDeps, options: { intervalMs: number; log: { warn(object: object, message: string): void } }) {
  let running = false;
  const interval = setInterval(() => {
    if (running) return;
    running = true;
    claimScheduledRun(deps.db, 'checkout-recovery', options.intervalMs * CLAIM_SHARE)
      .then(async (mine) => {
        if (mine) await sendDueReminders(deps);
      })
      .catch((error: unknown) => options.log.warn({ err: error }, 'checkout recovery run failed'))
      .finally(() => {
        running = false;
      });
  }, options.intervalMs);
  interval.unref();
  return { stop: () => clearInterval(interval) };
}
