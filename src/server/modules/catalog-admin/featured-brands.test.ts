import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { brands } from '#server/db/schema.ts';
import { createTestApp, type SignedIn, type TestApp } from '#server/test/test-app.ts';
import { insertBrands } from '#server/test/catalog-fixtures.ts';

let t: TestApp;
let admin: SignedIn;
let ids: number[];
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.signIn({ admin: true });
});
afterAll(() => t.close());
beforeEach(async () => {
  await t.db.delete(brands);
  const rows = await insertBrands(
    t.db,
    Array.from({ length: 7 }, (_, i) => ({ name: `Brand ${i + 1}` })),
  );
  ids = rows.map((row) => row.id);
});

const feature = (id: number, isFeatured: unknown = true) => admin.inject({ method: 'PATCH', url: `/api/brands/${id}/featured`, payload: { isFeatured } });
const featuredCount = async () => (await t.db.select().from(brands).where(eq(brands.isFeatured, true))).length;

describe('PATCH /api/brands/:id/featured', () => {
  it('features up to 4 brands, then refuses with the spec message', async () => {
    for (const id of ids.slice(0, 4)) expect((await feature(id)).statusCode).toBe(200);
    const res = await feature(ids[4]!);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ message: 'You can only have up to 4 featured brands.' });
    expect(await featuredCount()).toBe(4);
  });

  it('lets an already featured brand be featured again and unfeaturing frees a place', async () => {
    for (const id of ids.slice(0, 4)) await feature(id);
    expect((await feature(ids[0]!)).statusCode).toBe(200);
    const off = await feature(ids[0]!, false);
    expect(off.statusCode).toBe(200);
    expect(off.json()).toMatchObject({ id: ids[0], isFeatured: false });
    expect((await feature(ids[5]!)).json()).toMatchObject({ id: ids[5], isFeatured: true });
  });

  it('never gives more than 4 under 6 concurrent requests', async () => {
    await feature(ids[0]!);
    const results = await Promise.all(ids.slice(1, 7).map((id) => feature(id)));
    const statuses = results.map((res) => res.statusCode).sort();
    expect(statuses).toEqual([200, 200, 200, 409, 409, 409]);
    expect(await featuredCount()).toBe(4);
  });

  it('validates the body and the id', async () => {
    expect((await feature(ids[0]!, 'maybe')).json()).toMatchObject({
      issues: [{ path: 'isFeatured', message: 'isFeatured must be true or false' }],
    });
    expect((await feature(ids[0]!, 'true')).statusCode).toBe(200);
    expect((await feature(999_999)).statusCode).toBe(404);
    expect((await admin.inject({ method: 'PATCH', url: '/api/brands/-1/featured', payload: { isFeatured: true } })).statusCode).toBe(400);
  });
});
