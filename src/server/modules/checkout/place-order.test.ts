import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orderItems, orders, productVariants, stockReservations } from '#server/db/schema.ts';
import { addProduct, checkoutBody, configureShop, stockOf } from '#server/test/checkout-fixtures.ts';
import { createTestApp, type TestApp } from '#server/test/test-app.ts';
import { placeOrder, type PlaceOrderInput } from './place-order.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await configureShop(t.db);
});
afterAll(() => t.close());

describe('placing an order in one statement', () => {
  it('draws another number when the one drawn is taken, and writes the order and its holds once', async () => {
    const paddle = await addProduct(t.db, { name: 'Numbered', price: '20.00', stock: 5 });
    const earlier = await t.app.inject({ method: 'POST', url: '/api/create-payment-intent', payload: checkoutBody([{ productId: paddle.id, quantity: 1 }]) });
    const [taken] = await t.db.select({ number: orders.orderNumber }).from(orders).where(eq(orders.id, earlier.json().orderId));
    const [variant] = await t.db.select({ id: productVariants.id }).from(productVariants).where(eq(productVariants.productId, paddle.id));

    const input: PlaceOrderInput = {
      order: { customerName: 'X', customerEmail: 'x@example.com', total: '20.00', subtotal: '20.00' },
      lines: [{ productId: paddle.id, variantId: variant!.id, name: 'Numbered', sku: null, variantName: null, quantity: 2, priceCents: 2000, stock: 5 }],
      couponId: null,
      expiresAt: new Date(Date.now() + 60_000),
      client: { ip: '203.0.113.9', userId: null },
      quota: null,
    };
    const draws = [taken!.number, taken!.number, 'PB-ZZZZ22'];
    const placed = await placeOrder(t.db, input, () => draws.shift()!);
    expect(placed.orderNumber).toBe('PB-ZZZZ22');
    expect(draws).toEqual([]);
    expect(await stockOf(t.db, paddle.id)).toBe(2);
    expect(await t.db.select({ quantity: stockReservations.quantity }).from(stockReservations).where(eq(stockReservations.orderId, placed.id))).toEqual([
      { quantity: 2 },
    ]);
    expect(await t.db.select({ quantity: orderItems.quantity }).from(orderItems).where(eq(orderItems.orderId, placed.id))).toEqual([{ quantity: 2 }]);
  });

  it("does not wait for the disk to commit the order, and only for itself: the connection's next statement commits as usual", async () => {
    const paddle = await addProduct(t.db, { name: 'Flushed later', price: '20.00', stock: 5 });
    const [variant] = await t.db.select({ id: productVariants.id }).from(productVariants).where(eq(productVariants.productId, paddle.id));
    const input: PlaceOrderInput = {
      order: { customerName: 'X', customerEmail: 'x@example.com', total: '20.00', subtotal: '20.00' },
      lines: [{ productId: paddle.id, variantId: variant!.id, name: 'Flushed later', sku: null, variantName: null, quantity: 1, priceCents: 2000, stock: 5 }],
      couponId: null,
      expiresAt: new Date(Date.now() + 60_000),
      client: { ip: '203.0.113.10', userId: null },
      quota: null,
    };
    const setting = async (db: Pick<typeof t.db, 'execute'>) =>
      ((await db.execute(sql`select current_setting('synchronous_commit') as value`)) as unknown as { rows: Array<{ value: string }> }).rows[0]!.value;
    const inside = await t.db.transaction(async (tx) => {
      await placeOrder(tx, input);
      return setting(tx);
    });
    expect(inside).toBe('off');
    expect(await setting(t.db)).toBe('on');
  });
});
