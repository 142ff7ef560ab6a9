import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { productVariants, wishlistItems } from '#server/db/schema.ts';
import { insertProducts } from '#server/test/catalog-fixtures.ts';
import { createTestApp, type SignedIn, type TestApp } from '#server/test/test-app.ts';

// The wishlist's routes (docs/decisions/062) on this run's database (PGlite, or PostgreSQL with DATABASE_URL).
let t: TestApp;
let me: SignedIn;
let variantOf: (name: string, stock?: number) => Promise<number>;
beforeAll(async () => {
  t = await createTestApp();
  me = await t.signIn();
  variantOf = async (name, stock = 5) => {
    const [product] = await insertProducts(t.db, { name, price: '99.00', stock });
    const [variant] = await t.db.select().from(productVariants).where(eq(productVariants.productId, product!.id));
    return variant!.id;
  };
});
afterAll(() => t.close());

const put = (as: SignedIn, id: number | string) => as.inject({ method: 'PUT', url: `/api/wishlist/${id}` });
const list = async (as: SignedIn) => {
  const res = await as.inject({ method: 'GET', url: '/api/wishlist' });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().items as Array<{ variantId: number; name: string; stock: number }>;
};

describe('the wishlist', () => {
  it('is for signed-in shoppers only', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/wishlist' })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'PUT', url: '/api/wishlist/1' })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'POST', url: '/api/wishlist/merge', payload: { variantIds: [1] } })).statusCode).toBe(401);
  });

  it('adds once however often it is asked, even at the same time, and removes', async () => {
    const variantId = await variantOf('Wish Paddle');
    expect((await put(me, variantId)).statusCode).toBe(201);
    const again = await Promise.all([put(me, variantId), put(me, variantId), put(me, variantId)]);
    expect(again.map((res) => res.statusCode)).toEqual([200, 200, 200]);
    expect(await t.db.select().from(wishlistItems).where(eq(wishlistItems.variantId, variantId))).toHaveLength(1);
    expect((await list(me)).map((item) => item.name)).toContain('Wish Paddle');

    expect((await me.inject({ method: 'DELETE', url: `/api/wishlist/${variantId}` })).statusCode).toBe(204);
    expect((await me.inject({ method: 'DELETE', url: `/api/wishlist/${variantId}` })).statusCode).toBe(204);
    expect((await list(me)).map((item) => item.variantId)).not.toContain(variantId);
  });

  it('refuses bad and unknown ids with a 4xx', async () => {
    for (const id of ['0', '-1', 'abc', '1.5', '99999999999']) expect((await put(me, id)).statusCode, id).toBe(400);
    const missing = await put(me, 2_000_000_000);
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe('Product not found');
    const badMerge = await me.inject({ method: 'POST', url: '/api/wishlist/merge', payload: { variantIds: ['x'] } });
    expect(badMerge.statusCode).toBe(400);
    const tooMany = await me.inject({ method: 'POST', url: '/api/wishlist/merge', payload: { variantIds: Array.from({ length: 101 }, (_, i) => i + 1) } });
    expect(tooMany.statusCode).toBe(400);
  });

  it("merges a guest's list at sign-in, keeping what was there and dropping what is gone", async () => {
    const shopper = await t.signIn();
    const kept = await variantOf('Kept Bag');
    const soldOut = await variantOf('Sold Out Shoe', 0);
    await put(shopper, kept);
    const res = await shopper.inject({ method: 'POST', url: '/api/wishlist/merge', payload: { variantIds: [soldOut, kept, 2_000_000_000, soldOut] } });
    expect(res.statusCode, res.body).toBe(200);
    const items = res.json().items as Array<{ variantId: number; stock: number }>;
    expect(items.map((item) => item.variantId).sort()).toEqual([kept, soldOut].sort());
    expect(items.find((item) => item.variantId === soldOut)?.stock).toBe(0);
    // another shopper's list is their own
    expect((await list(me)).map((item) => item.variantId)).not.toContain(kept);
  });
});

describe("a guest's wishlist", () => {
  it('is described from its variant ids, unknown ones left out, bad ones refused', async () => {
    const variantId = await variantOf('Guest Wish Ball');
    const res = await t.app.inject({ method: 'GET', url: `/api/wishlist/items?ids=${variantId},2000000000` });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().items).toEqual([expect.objectContaining({ variantId, name: 'Guest Wish Ball', price: '99.00', stock: 5, variantName: null })]);
    for (const ids of ['', 'x', '0', '1,,2', '99999999999']) {
      expect((await t.app.inject({ method: 'GET', url: `/api/wishlist/items?ids=${ids}` })).statusCode, ids).toBe(400);
    }
  });
});
