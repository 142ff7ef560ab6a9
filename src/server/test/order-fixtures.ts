import { eq } from 'drizzle-orm';
import type { Database } from '#server/db/client.ts';
import { orders } from '#server/db/schema.ts';

/** The public number ("PB-7K3Q9D") people see for an order, e.g. in its e-mails' subjects. */
export async function orderNumberOf(db: Database, orderId: number): Promise<string> {
  const [row] = await db.select({ orderNumber: orders.orderNumber }).from(orders).where(eq(orders.id, orderId));
  if (!row) throw new Error(`no order ${orderId}`);
  return row.orderNumber;
}
