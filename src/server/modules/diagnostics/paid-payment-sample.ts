import { and, desc, eq, isNotNull } from 'drizzle-orm';
import type { PaidPaymentSample } from '#common/schemas/diagnostics.ts';
import type { Database } from '#server/db/client.ts';
import { orders } from '#server/db/schema.ts';

/** The newest paid order's payment id: the confirmation simulator links to the real page for it. */
export async function findPaidPaymentSample(db: Database): Promise<PaidPaymentSample> {
  const [row] = await db
    .select({ orderId: orders.id, paymentIntentId: orders.providerPaymentId })
    .from(orders)
    .where(and(eq(orders.paymentStatus, 'succeeded'), isNotNull(orders.providerPaymentId)))
    .orderBy(desc(orders.createdAt), desc(orders.id))
    .limit(1);
  return { orderId: row?.orderId ?? null, paymentIntentId: row?.paymentIntentId ?? null };
}
