import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emailOutbox, giftCards, orderEvents, orderReturns, orders, refunds } from '#server/db/schema.ts';
import { configureShop, stockOf } from '#server/test/checkout-fixtures.ts';
import { newRequestId, paidSimulatedOrder } from '#server/test/refund-fixtures.ts';
import { createTestApp, type SignedIn, type TestApp } from '#server/test/test-app.ts';

// Double-submitted return steps from two admins (or a double click) at the same instant: each
// step's effects happen once. Meaningful on PostgreSQL, where the requests really run at once;
// PGlite runs them one by one.
const AT_ONCE = 5;
let t: TestApp;
let admins: SignedIn[];
beforeAll(async () => {
  t = await createTestApp();
  await configureShop(t.db);
  admins = [await t.signIn({ admin: true }), await t.signIn({ admin: true })];
  const res = await admins[0]!.inject({ method: 'PUT', url: '/api/return-policy', payload: { windowDays: 30, conditions: '' } });
  expect(res.statusCode).toBe(200);
});
afterAll(() => t.close());

const act = (i: number, returnId: number, what: string, payload: object = {}) =>
  admins[i % admins.length]!.inject({ method: 'POST', url: `/api/returns/${returnId}/${what}`, payload });
const atOnce = (run: (i: number) => Promise<{ statusCode: number; body: string }>) => Promise.all(Array.from({ length: AT_ONCE }, (_, i) => run(i)));
const count = async (orderId: number, table: typeof emailOutbox | typeof orderEvents, column: 'kind' | 'event', value: string) =>
  (
    await t.db
      .select()
      .from(table)
      .where(and(eq(table.orderId, orderId), eq(column === 'kind' ? emailOutbox.kind : orderEvents.event, value)))
  ).length;

async function deliveredWithReturn() {
  const order = await paidSimulatedOrder(t);
  await admins[0]!.inject({ method: 'PATCH', url: `/api/orders/${order.orderId}/status`, payload: { status: 'shipped' } });
  await admins[0]!.inject({ method: 'PATCH', url: `/api/orders/${order.orderId}/status`, payload: { status: 'delivered' } });
  const [row] = await t.db.select().from(orders).where(eq(orders.id, order.orderId));
  const key = t.services.orderLinks.sign(row!.orderNumber).key;
  const url = `/api/orders/number/${row!.orderNumber}/returns`;
  return { ...order, key, url };
}

describe('return steps at the same instant', () => {
  it('requests for the last units: one return takes them, the rest are refused', async () => {
    const order = await deliveredWithReturn();
    const answers = await atOnce(() =>
      t.app.inject({
        method: 'POST',
        url: order.url,
        payload: { key: order.key, lines: [{ itemId: order.paddleLine.id, quantity: 2 }], reason: 'Too stiff', requestId: newRequestId() },
      }),
    );
    expect(answers.map((res) => res.statusCode).sort()).toEqual([200, 409, 409, 409, 409]);
    expect(await t.db.select().from(orderReturns).where(eq(orderReturns.orderId, order.orderId))).toHaveLength(1);
    expect(await count(order.orderId, emailOutbox, 'kind', 'return-requested')).toBe(1);
  });

  it('approve, receive with restock and refund, each sent five times at once, happen once', async () => {
    const order = await deliveredWithReturn();
    const asked = await t.app.inject({
      method: 'POST',
      url: order.url,
      payload: { key: order.key, lines: [{ itemId: order.paddleLine.id, quantity: 2 }], reason: 'Too stiff', requestId: newRequestId() },
    });
    const returnId = asked.json().returns[0].id as number;

    const approved = await atOnce((i) => act(i, returnId, 'approve', { instructions: `Label ${i}` }));
    expect(approved.map((res) => res.statusCode)).toEqual(Array(AT_ONCE).fill(200));
    expect(await count(order.orderId, orderEvents, 'event', 'return_approved')).toBe(1);
    expect(await count(order.orderId, emailOutbox, 'kind', 'return-approved')).toBe(1);

    const stockBefore = await stockOf(t.db, order.paddle.id);
    const received = await atOnce((i) => act(i, returnId, 'receive', { lines: [{ itemId: order.paddleLine.id, restock: true }] }));
    expect(received.map((res) => res.statusCode)).toEqual(Array(AT_ONCE).fill(200));
    expect(await stockOf(t.db, order.paddle.id)).toBe(stockBefore + 2);
    expect(await count(order.orderId, orderEvents, 'event', 'return_received')).toBe(1);
    expect(await count(order.orderId, emailOutbox, 'kind', 'return-received')).toBe(1);

    const refunded = await atOnce((i) => act(i, returnId, 'refund', { amount: '50.00' }));
    expect(refunded.map((res) => res.statusCode)).toEqual(Array(AT_ONCE).fill(200));
    const rows = await t.db.select().from(refunds).where(eq(refunds.orderId, order.orderId));
    expect(rows.map((row) => [row.amount, row.state])).toEqual([['50.00', 'succeeded']]);
    const [after] = await t.db.select().from(orders).where(eq(orders.id, order.orderId));
    expect(after).toMatchObject({ refundedTotal: '50.00', paymentStatus: 'partially_refunded' });
    expect(await count(order.orderId, emailOutbox, 'kind', 'order-refunded')).toBe(1);
    expect(await count(order.orderId, orderEvents, 'event', 'return_refunded')).toBe(1);
    expect(await count(order.orderId, orderEvents, 'event', 'refund_partial')).toBe(1);
    const [row] = await t.db.select().from(orderReturns).where(eq(orderReturns.id, returnId));
    expect(row).toMatchObject({ state: 'refunded', refundId: rows[0]!.id });
  });

  it('refunds and store credits of one return at once: exactly one of them settles it', async () => {
    const order = await deliveredWithReturn();
    const asked = await t.app.inject({
      method: 'POST',
      url: order.url,
      payload: { key: order.key, lines: [{ itemId: order.ballsLine.id, quantity: 1 }], reason: 'Wrong colour', requestId: newRequestId() },
    });
    const returnId = asked.json().returns[0].id as number;
    await act(0, returnId, 'approve', { instructions: 'Post it' });
    await act(0, returnId, 'receive', { lines: [] });
    const answers = await atOnce((i) => act(i, returnId, i % 2 ? 'credit' : 'refund'));
    const [row] = await t.db.select().from(orderReturns).where(eq(orderReturns.id, returnId));
    const refundRows = await t.db.select().from(refunds).where(eq(refunds.orderId, order.orderId));
    const credits = await t.db.select().from(giftCards).where(eq(giftCards.orderId, order.orderId));
    if (row!.state === 'refunded') {
      expect(refundRows).toHaveLength(1);
      expect(credits).toHaveLength(0);
      expect(await count(order.orderId, emailOutbox, 'kind', 'store-credit')).toBe(0);
    } else {
      expect(row!.state).toBe('credited');
      expect(refundRows).toHaveLength(0);
      expect(credits).toHaveLength(1);
      expect(credits).toMatchObject([{ id: row!.giftCardId, source: 'store-credit' }]);
      expect(await count(order.orderId, emailOutbox, 'kind', 'store-credit')).toBe(1);
    }
    // the losers are told the return is settled the other way
    expect(answers.every((res) => res.statusCode === 200 || res.statusCode === 409)).toBe(true);
    expect(answers.some((res) => res.statusCode === 409)).toBe(true);
  });
});
