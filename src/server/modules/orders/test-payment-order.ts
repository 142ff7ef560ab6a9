import { RESERVATION_TTL_MINUTES } from '#common/constants.ts';
import type { Database } from '#server/db/client.ts';
import { orderItems, orders } from '#server/db/schema.ts';

interface TestPaymentOrder {
  userId: number;
  /** the customer's name on the order and its one line's name */
  name: string;
  customerEmail: string;
  /** the amount as a decimal string, e.g. "12.50" */
  total: string;
  paymentProvider: string;
}

/**
 * The admin's payment test: an unpaid order with one line that names no product (so no stock is
 * taken), expiring like a checkout's order. Answers the order's id.
 */
export async function createTestPaymentOrder(db: Database, order: TestPaymentOrder): Promise<number> {
  return db.transaction(async (tx) => {
    const [created] = await tx
      .insert(orders)
      .values({
        userId: order.userId,
        customerName: order.name,
        customerEmail: order.customerEmail,
        subtotal: order.total,
        total: order.total,
        paymentProvider: order.paymentProvider,
        expiresAt: new Date(Date.now() + RESERVATION_TTL_MINUTES * 60_000),
      })
      .returning({ id: orders.id });
    await tx.insert(orderItems).values({ orderId: created!.id, productId: null, productName: order.name, quantity: 1, price: order.total });
    return created!.id;
  });
}
