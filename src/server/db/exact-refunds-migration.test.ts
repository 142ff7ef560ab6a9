import { asc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { toCents } from '#common/money.ts';
import { allocateOrder } from '#common/refund-allocation.ts';
import { migrationsUpTo } from '#server/test/older-schema.ts';
import { newRequestId } from '#server/test/refund-fixtures.ts';
import { createTestApp, type SignedIn, type TestApp } from '#server/test/test-app.ts';
import type { DatabaseHandle } from './client.ts';
import { orderItems, orders } from './schema.ts';

// Before 0018 an order kept only its totals; since, each line keeps its share of the discount and
// tax (issue 28). The upgrade gives the lines of older orders their shares, split as checkout splits
// them now (src/common/refund-allocation.ts), so their refunds are exact too.

interface OldOrder {
  id: number;
  subtotal: string;
  discount: string;
  tax: string;
  shipping: string;
  total: string;
  /** price and units per line, in the order the lines were stored */
  lines: Array<[string, number]>;
  paymentStatus?: string;
}

const OLD_ORDERS: OldOrder[] = [
  // two taxed units of a paddle, 15 % off, and balls: the worked example of docs/order-lifecycle.md
  {
    id: 1,
    subtotal: '284.97',
    discount: '42.75',
    tax: '19.86',
    shipping: '5.99',
    total: '268.07',
    lines: [
      ['129.99', 2],
      ['24.99', 1],
    ],
  },
  // three equal lines and an odd cent each way: ties go to the earlier line
  {
    id: 2,
    subtotal: '30.00',
    discount: '0.02',
    tax: '2.45',
    shipping: '0',
    total: '32.43',
    lines: [
      ['10.00', 1],
      ['10.00', 1],
      ['10.00', 1],
    ],
  },
  // no discount, no tax: nothing to share
  { id: 3, subtotal: '18.50', discount: '0', tax: '0', shipping: '5.99', total: '24.49', lines: [['18.50', 1]] },
  // fully discounted goods with tax left over (an old rule): each line weighs 1 for the tax
  {
    id: 4,
    subtotal: '20.00',
    discount: '20.00',
    tax: '0.05',
    shipping: '0',
    total: '0.05',
    lines: [
      ['5.00', 2],
      ['10.00', 1],
    ],
  },
  // a discount above the goods (old data): capped at the goods
  { id: 5, subtotal: '9.99', discount: '12.00', tax: '0', shipping: '0', total: '0', lines: [['9.99', 1]] },
  // a large order whose products pass 2^53 in cents x cents
  {
    id: 6,
    subtotal: '999999.97',
    discount: '99999.99',
    tax: '73800.00',
    shipping: '0',
    total: '973799.98',
    lines: [
      ['333333.33', 1],
      ['333333.32', 2],
    ],
  },
  // an order with no lines (a payment test)
  { id: 7, subtotal: '1.00', discount: '0', tax: '0.08', shipping: '0', total: '1.08', lines: [] },
];

async function shopBefore0018(database: DatabaseHandle): Promise<void> {
  await database.migrate(await migrationsUpTo('0017_unlogged_rate_limits'));
  const run = (statement: string) => database.db.execute(sql.raw(statement));
  for (const order of OLD_ORDERS) {
    await run(`insert into orders (id, customer_email, customer_name, status, subtotal, discount_total, tax_total, shipping_total, total,
        payment_status, payment_provider, state, created_at)
      values (${order.id}, 'old${order.id}@example.com', 'Old Customer', 'processing', ${order.subtotal}, ${order.discount}, ${order.tax},
        ${order.shipping}, ${order.total}, '${order.paymentStatus ?? 'succeeded'}', 'simulated', 'TX', '2025-06-01T10:00:00Z')`);
    for (const [price, quantity] of order.lines) {
      await run(`insert into order_items (order_id, product_name, quantity, price) values (${order.id}, 'Old line ${price}', ${quantity}, ${price})`);
    }
  }
  await run(`select setval('orders_id_seq', (select max(id) from orders))`);
}

let t: TestApp;
let admin: SignedIn;
beforeAll(async () => {
  t = await createTestApp({}, { beforeMigrating: shopBefore0018 });
  admin = await t.signIn({ admin: true, username: 'exact-upgrade' });
});
afterAll(() => t.close());

const linesOf = (orderId: number) => t.db.select().from(orderItems).where(eq(orderItems.orderId, orderId)).orderBy(asc(orderItems.id));

it('gives every old line the share checkout would store, adding up to its order’s discount and tax', async () => {
  for (const order of OLD_ORDERS) {
    const lines = await linesOf(order.id);
    const expected = allocateOrder({
      lines: order.lines.map(([price, quantity]) => ({ priceCents: toCents(price), quantity })),
      discountCents: toCents(order.discount),
      taxCents: toCents(order.tax),
      shippingTaxCents: 0,
    });
    const stored = lines.map((line) => ({ discountCents: toCents(line.discountAllocated), taxCents: toCents(line.taxAllocated) }));
    expect(stored, `order ${order.id}`).toEqual(expected);
    const [row] = await t.db.select({ shippingTax: orders.shippingTax }).from(orders).where(eq(orders.id, order.id));
    expect(row!.shippingTax).toBe('0.00');
  }
  // the cents themselves, for the cases that matter
  const shares = async (orderId: number) => (await linesOf(orderId)).map((line) => [line.discountAllocated, line.taxAllocated]);
  expect(await shares(1)).toEqual([
    ['39.00', '18.12'],
    ['3.75', '1.74'],
  ]);
  // 2 cents over three equal lines: the first two; 2.45 by 9.99, 9.99, 10.00: the third's fraction is larger, then the first's
  expect(await shares(2)).toEqual([
    ['0.01', '0.82'],
    ['0.01', '0.81'],
    ['0.00', '0.82'],
  ]);
  expect(await shares(4)).toEqual([
    ['10.00', '0.03'],
    ['10.00', '0.02'],
  ]);
  expect(await shares(5)).toEqual([['9.99', '0.00']]);
  const big = await shares(6);
  expect(big.reduce((sum, [discount]) => sum + toCents(discount!), 0)).toBe(toCents('99999.99'));
  expect(big.reduce((sum, [, tax]) => sum + toCents(tax!), 0)).toBe(toCents('73800.00'));
});

it('refunds an old order’s units exactly, every line and the shipping adding up to its total', async () => {
  const lines = await linesOf(1);
  const refund = (body: object) =>
    admin.inject({ method: 'POST', url: '/api/orders/1/refunds', payload: { reason: 'After the upgrade', requestId: newRequestId(), ...body } });
  const first = await refund({ kind: 'lines', lines: [{ itemId: lines[0]!.id, quantity: 1 }] });
  expect(first.statusCode, first.body).toBe(200);
  expect(first.json().refunds.map((row: { amount: string }) => row.amount)).toEqual(['119.55']);
  const rest = await refund({
    kind: 'lines',
    lines: [
      { itemId: lines[0]!.id, quantity: 1 },
      { itemId: lines[1]!.id, quantity: 1 },
    ],
    shipping: true,
  });
  expect(rest.statusCode, rest.body).toBe(200);
  expect(rest.json().order).toMatchObject({ paymentStatus: 'refunded', refundedTotal: '268.07' });
});
