import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { productTypes, products, orderItems, orders } from '#server/db/schema.ts';
import { insertProductWithVariants, insertProducts } from '#server/test/catalog-fixtures.ts';
import { createTestApp, type TestApp } from '#server/test/test-app.ts';

// "Frequently bought together" (decision 068) from order history the test writes: which orders count
// (paid ones), which products may be offered (on sale, in stock), the order they come in, and the
// fallback to other types' bestsellers while the history is thin.

let t: TestApp;
const id: Record<string, number> = {};
let ballsSixPack: number;

type PaymentStatus = (typeof orders.$inferInsert)['paymentStatus'];

async function order(paymentStatus: PaymentStatus, lines: [name: string, quantity: number][]) {
  const [row] = await t.db
    .insert(orders)
    .values({ customerEmail: 'pat@example.com', customerName: 'Pat Player', total: '10.00', paymentStatus })
    .returning({ id: orders.id });
  await t.db
    .insert(orderItems)
    .values(lines.map(([name, quantity]) => ({ orderId: row!.id, productId: id[name]!, productName: name, quantity, price: '1.00' })));
}

const typeId = async (slug: string) => (await t.db.select({ id: productTypes.id }).from(productTypes).where(eq(productTypes.slug, slug)))[0]!.id;

beforeAll(async () => {
  t = await createTestApp();
  const [paddles, bags] = [await typeId('paddles'), await typeId('bags')];
  const rows = await insertProducts(t.db, [
    { name: 'BT Paddle', price: '120.00', stock: 10, productTypeId: paddles },
    { name: 'BT Other Paddle', price: '90.00', stock: 2, productTypeId: paddles },
    { name: 'BT Cover', price: '19.00', stock: 5 },
    { name: 'BT Grip', price: '6.50', stock: 5 },
    { name: 'BT Towel', price: '9.00', stock: 0 },
    { name: 'BT Old', price: '4.00', stock: 8, isDeleted: true },
    { name: 'BT Bag', price: '45.00', stock: 3, productTypeId: bags },
  ]);
  for (const row of rows) id[row.name] = row.id;
  const balls = await insertProductWithVariants(t.db, {
    name: 'BT Balls',
    type: 'balls',
    variants: [
      { sku: 'BT-B3', price: '9.00', stock: 0, options: { pack_size: '3 Pack' } },
      { sku: 'BT-B6', price: '16.00', stock: 4, options: { pack_size: '6 Pack' } },
    ],
  });
  id['BT Balls'] = balls.product.id;
  ballsSixPack = balls.variants[1]!.id;

  await order('succeeded', [
    ['BT Paddle', 1],
    ['BT Cover', 1],
    ['BT Balls', 1],
  ]);
  await order('partially_refunded', [
    ['BT Paddle', 1],
    ['BT Cover', 1],
  ]);
  await order('succeeded', [
    ['BT Paddle', 1],
    ['BT Grip', 3],
  ]);
  // not a sale: never counted, however often
  for (let i = 0; i < 3; i++) {
    await order('failed', [
      ['BT Paddle', 1],
      ['BT Bag', 1],
    ]);
  }
  // sold out and deleted products are never offered
  await order('succeeded', [
    ['BT Paddle', 1],
    ['BT Towel', 1],
    ['BT Old', 1],
  ]);
  await order('succeeded', [
    ['BT Bag', 5],
    ['BT Other Paddle', 1],
  ]);
});
afterAll(() => t.close());

const boughtTogether = async (productId: number) => {
  const response = await t.app.inject({ method: 'GET', url: `/api/products/${productId}/bought-together` });
  expect(response.statusCode).toBe(200);
  return (response.json() as { name: string; reason: string; variant: { id: number; name: string; price: string } | null; price: string }[]).map(
    ({ name, reason, variant }) => ({ name, reason, variant }),
  );
};

describe('GET /api/products/:id/bought-together', () => {
  it('offers what was in the same paid orders, most orders first, then most units, each with the variant its Add buys', async () => {
    expect(await boughtTogether(id['BT Paddle']!)).toEqual([
      { name: 'BT Cover', reason: 'bought_together', variant: null },
      { name: 'BT Grip', reason: 'bought_together', variant: null },
      // the 3 pack is sold out: the first variant in stock is the one added
      { name: 'BT Balls', reason: 'bought_together', variant: { id: ballsSixPack, name: '6 Pack', sku: 'BT-B6', price: '16.00', stock: 4, imageUrl: null } },
    ]);
  });

  it('fills a thin history with the bestsellers of other types, one per type first', async () => {
    // the bag's only paid order holds the other paddle; then the best seller of paddles (4 units sold), of accessories (the grip: 3)
    expect(await boughtTogether(id['BT Bag']!)).toEqual([
      { name: 'BT Other Paddle', reason: 'bought_together', variant: null },
      { name: 'BT Paddle', reason: 'bestseller', variant: null },
      { name: 'BT Grip', reason: 'bestseller', variant: null },
    ]);
    // the cover's two orders hold the paddle (twice) and the balls; the bag sold 5 units in a paid order (its failed ones do not count)
    expect((await boughtTogether(id['BT Cover']!)).map(({ name, reason }) => `${name}: ${reason}`)).toEqual([
      'BT Paddle: bought_together',
      'BT Balls: bought_together',
      'BT Bag: bestseller',
    ]);
  });

  it('answers a deleted or unknown product with 404 and a malformed id with 400', async () => {
    expect((await t.app.inject({ method: 'GET', url: `/api/products/${id['BT Old']}/bought-together` })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: '/api/products/999999/bought-together' })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: '/api/products/0/bought-together' })).statusCode).toBe(400);
  });

  it('stops offering a product once it sells out', async () => {
    await t.db.update(products).set({ stock: 0 }).where(eq(products.id, id['BT Grip']!));
    expect((await boughtTogether(id['BT Paddle']!)).map(({ name }) => name)).toEqual(['BT Cover', 'BT Balls', 'BT Bag']);
    await t.db.update(products).set({ stock: 5 }).where(eq(products.id, id['BT Grip']!));
  });
});
