import { eq, sql } from 'drizzle-orm';
import type { Database, Transaction } from '#server/db/client.ts';
import { preparedPerDatabase } from '#server/db/prepared.ts';
import { orders } from '#server/db/schema.ts';

const setPaymentId = preparedPerDatabase((db) =>
  db
    .update(orders)
    .set({ providerPaymentId: sql`${sql.placeholder('paymentId')}`, updatedAt: sql`now()` })
    .where(eq(orders.id, sql.placeholder('orderId')))
    .prepare('order_set_payment_id'),
);

/** The provider's payment id, recorded on the order once the payment for it is created (checkout, the admin's payment test). */
export async function setOrderPaymentId(db: Database | Transaction, orderId: number, paymentId: string): Promise<void> {
  await setPaymentId(db).execute({ orderId, paymentId });
}
