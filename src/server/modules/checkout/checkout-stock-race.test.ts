import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orders, products, productVariants, stockReservations } from '#server/db/schema.ts';
import { giveBackReservations } from '#server/modules/stock/stock-service.ts';
import { insertProductWithVariants } from '#server/test/catalog-fixtures.ts';
import { checkoutBody, configureShop } from '#server/test/checkout-fixtures.ts';
import { createTestApp, type TestApp } from '#server/test/test-app.ts';
import { placeOrder, type PlaceOrderInput } from './place-order.ts';

// Checkouts and declines racing for the last units never answer 500 and never sell a unit twice.
// On PostgreSQL the shoppers go through two instances on one database (each instance lets one order
// statement per product run at a time, so only two instances race statement against statement);
// the embedded database serves one process, so there they share one instance.

const onPostgres = Boolean(process.env.DATABASE_URL);
const nextYear = new Date().getUTCFullYear() + 1;
const DECLINED = '4000000000000002';
const GOOD = '4242424242424242';

let first: TestApp;
let second: TestApp;
beforeAll(async () => {
  first = await createTestApp();
  second = onPostgres ? await createTestApp({}, { shareDatabaseWith: first }) : first;
  await configureShop(first.db);
});
afterAll(async () => {
  if (second !== first) await second?.close();
  await first?.close();
});

/** A paddle in two thicknesses, `stock` units of the first and `other` of the second. */
async function twoVariantPaddle(name: string, stock: number, other = stock) {
  const suffix = Math.random().toString(36).slice(2, 8);
  return insertProductWithVariants(first.db, {
    name,
    variants: [
      { sku: `${suffix}-14`, price: '30.00', stock, options: { core_thickness: '14 mm' } },
      { sku: `${suffix}-16`, price: '30.00', stock: other, options: { core_thickness: '16 mm' } },
    ],
  });
}

async function stockOfRows(productId: number) {
  const [product] = await first.db.select({ stock: products.stock }).from(products).where(eq(products.id, productId));
  const variants = await first.db
    .select({ id: productVariants.id, stock: productVariants.stock })
    .from(productVariants)
    .where(eq(productVariants.productId, productId));
  return { product: product!.stock, variants: new Map(variants.map((variant) => [variant.id, variant.stock])) };
}

describe('checkouts and declines at the last units', () => {
  it('mixed checkouts and declines give no server error, and every unit is on sale, held or sold once', async () => {
    const { product, variants } = await twoVariantPaddle('Last Units Race', 3);
    const statuses: number[] = [];
    const shopper = async (index: number) => {
      for (let round = 0; round < 6; round += 1) {
        const variant = variants[round % 2]!;
        const checkout = (index % 2 ? first : second).app;
        const created = await checkout.inject({
          method: 'POST',
          url: '/api/create-payment-intent',
          payload: checkoutBody([{ productId: product.id, variantId: variant.id, quantity: 1 + (round % 2) }]),
        });
        statuses.push(created.statusCode);
        if (created.statusCode !== 200) continue;
        // two in three cards are declined: their units go back while others are checking out
        const number = (index + round) % 3 ? DECLINED : GOOD;
        const paying = (round % 2 ? first : second).app;
        const confirmed = await paying.inject({
          method: 'POST',
          url: '/api/payments/simulated/confirm',
          payload: { paymentIntentId: created.json().paymentIntentId, card: { number, expMonth: 12, expYear: nextYear, cvc: '123' } },
        });
        statuses.push(confirmed.statusCode);
      }
    };
    await Promise.all(Array.from({ length: 30 }, (_, index) => shopper(index)));

    expect(statuses.filter((status) => status >= 500)).toEqual([]);
    // the race was run: some checkouts won, some found the paddle sold out
    expect(statuses).toContain(200);
    expect(statuses).toContain(409);

    const now = await stockOfRows(product.id);
    const sold = await first.db
      .select({ variantId: stockReservations.variantId, state: stockReservations.state, quantity: stockReservations.quantity })
      .from(stockReservations)
      .innerJoin(orders, eq(orders.id, stockReservations.orderId))
      .where(eq(stockReservations.productId, product.id));
    for (const variant of variants) {
      const mine = sold.filter((row) => row.variantId === variant.id);
      const paid = mine.filter((row) => row.state === 'committed').reduce((sum, row) => sum + row.quantity, 0);
      const held = mine.filter((row) => row.state === 'held').reduce((sum, row) => sum + row.quantity, 0);
      // no oversell: what is on sale, held and sold adds up to the 3 there were
      expect(now.variants.get(variant.id)! + held + paid).toBe(3);
      expect(now.variants.get(variant.id)).toBeGreaterThanOrEqual(0);
    }
    // the product's total still is the sum of its variants'
    expect(now.product).toBe([...now.variants.values()].reduce((sum, stock) => sum + stock, 0));
  });

  it('a product whose total is below its variants’ stock answers 409 with the usual message, not 500', async () => {
    const { product, variants } = await twoVariantPaddle('Short Total', 2);
    // a total edited by hand, or drifted: the variant has 2, the product says 1
    await first.db.update(products).set({ stock: 1 }).where(eq(products.id, product.id));
    const res = await first.app.inject({
      method: 'POST',
      url: '/api/create-payment-intent',
      payload: checkoutBody([{ productId: product.id, variantId: variants[0]!.id, quantity: 2 }]),
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('Only 1 left of Short Total');
    expect((await stockOfRows(product.id)).product).toBe(1);
  });

  // needs a second connection holding a transaction open: PostgreSQL only
  it.skipIf(!onPostgres)('a give-back committed while the order statement waits for the product is counted, not a 500', async () => {
    const { product, variants } = await twoVariantPaddle('Given Back', 2, 0);
    const variant = variants[0]!;
    const line = {
      productId: product.id,
      variantId: variant.id,
      name: 'Given Back',
      sku: variant.sku,
      variantName: '14 mm',
      quantity: 2,
      priceCents: 3000,
      stock: 2,
    };
    const input = (ip: string): PlaceOrderInput => ({
      order: { customerName: 'X', customerEmail: 'x@example.com', subtotal: '60.00', total: '60.00' },
      lines: [line],
      couponId: null,
      expiresAt: new Date(Date.now() + 60_000),
      client: { ip, userId: null },
      quota: null,
    });
    // the first order holds both units: the variant and the product are at 0
    const held = await placeOrder(first.db, input('203.0.113.1'));
    expect((await stockOfRows(product.id)).product).toBe(0);

    let placing: Promise<unknown> | undefined;
    await first.db.transaction(async (tx) => {
      // a decline gives the 2 units back, and holds the product row until it commits
      await giveBackReservations(tx, held.id, 'held', 'expiry');
      placing = placeOrder(second.db, input('203.0.113.2')).catch((error: unknown) => error);
      await waitForLockWaiter();
    });
    // the statement's snapshot saw 0 units; the rows it locked after the commit hold 2
    const placed = await placing;
    expect(placed).toMatchObject({ orderNumber: expect.any(String) });
    const now = await stockOfRows(product.id);
    expect(now.product).toBe(0);
    expect(now.variants.get(variant.id)).toBe(0);
  });
});

/** Until a statement of this database waits for a row lock (the order statement, behind the give-back). */
async function waitForLockWaiter(): Promise<void> {
  for (let tries = 0; tries < 200; tries += 1) {
    const { rows } = (await first.db.execute(
      sql`select count(*)::int as waiting from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'`,
    )) as unknown as { rows: Array<{ waiting: number }> };
    if (rows[0]!.waiting > 0) return;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error('the order statement never waited for the product row');
}
