import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { brands } from '#server/db/schema.ts';
import { createTestApp, type TestApp } from '#server/test/test-app.ts';

let t: TestApp;
let brandId: number;
beforeAll(async () => {
  t = await createTestApp();
  // the 16th brand, so "0x10" would find it if it were read as hex
  const rows = await t.db
    .insert(brands)
    .values(Array.from({ length: 16 }, (_, i) => ({ name: `Brand ${i + 1}` })))
    .returning({ id: brands.id });
  brandId = rows[15]!.id;
});
afterAll(() => t.close());

describe('route ids', () => {
  it('are read as plain decimal', async () => {
    expect((await t.app.inject({ url: `/api/brands/${brandId}` })).statusCode).toBe(200);
    expect((await t.app.inject({ url: `/api/brands/0${brandId}` })).statusCode).toBe(200);
  });

  it.each(['0x10', '1e1', '%201', '+1', '-1', '1.0', '0', '0b10000'])('refuse %s with 400', async (id) => {
    const res = await t.app.inject({ url: `/api/brands/${id}` });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Invalid id: id: Id must be a positive integer');
  });
});
