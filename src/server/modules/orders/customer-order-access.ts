import type { FastifyRequest } from 'fastify';
import { ORDER_LINK_EXPIRED, ORDER_LINK_INVALID, ORDER_NOT_FOUND, ORDER_SIGN_IN_NEEDED } from '#common/schemas/customer-orders.ts';
import type { Database } from '#server/db/client.ts';
import { gone, notAllowed, notFound, notSignedIn } from '#server/errors/domain-errors.ts';
import { findOrderByNumber } from './customer-order-view.ts';
import type { OrderLinks } from './order-link-service.ts';

export type CustomerOrderRow = NonNullable<Awaited<ReturnType<typeof findOrderByNumber>>>;

/**
 * Who may open an order: its signed-in owner, or anyone holding a valid signed link. A bad or
 * expired link is told apart only after its signature is checked against the number, before the
 * database is asked, so the answer says nothing about whether the order exists.
 */
export async function openCustomerOrder(
  db: Database,
  links: OrderLinks,
  request: FastifyRequest,
  orderNumber: string,
  key: string | undefined,
): Promise<CustomerOrderRow> {
  const user = request.user;
  const linked = key === undefined ? null : links.check(orderNumber, key);
  if (linked === 'valid') {
    const order = await findOrderByNumber(db, orderNumber);
    if (!order) throw notFound(ORDER_NOT_FOUND);
    return order;
  }
  if (!user) {
    if (linked === 'expired') throw gone(ORDER_LINK_EXPIRED);
    if (linked === 'invalid') throw notAllowed(ORDER_LINK_INVALID);
    throw notSignedIn(ORDER_SIGN_IN_NEEDED);
  }
  const order = await findOrderByNumber(db, orderNumber);
  // the owner's own order opens whatever the link says; anyone else's is simply not there
  if (order && order.userId === user.id) return order;
  if (linked === 'expired') throw gone(ORDER_LINK_EXPIRED);
  if (linked === 'invalid') throw notAllowed(ORDER_LINK_INVALID);
  throw notFound(ORDER_NOT_FOUND);
}
