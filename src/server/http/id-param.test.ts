import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '#server/test/test-app.ts';
import { insertBrands } from '#server/test/catalog-fixtures.ts';

let t: TestApp;
let brandId: number;
beforeAll(async () => {
  t = await createTestApp();
  // the 16th brand, so "0x10" would find it if it were read as hex
  const rows = await insertBrands(
    t.db,
    Array.from({ length: 16 }, (_, i) => ({ name: `Brand ${i + 1}` })),
  );
  brandId = rows[15]!.id;
});
afterAll(() => t.close());

describe('route ids', () => {
  it('are read as plain decimal', async () => {
    expect((await t.app.inject({ url: `/api/brands/${brandId}` })).statusCode).toBe(200);
    expect((await t.app.inject({ url: `/api/brands/0${brandId}` })).statusCode).toBe(200);
  });

  it.each(['%201', '+1', '-1', '1.0', '0', '1_0'])('refuse %s with 400', async (id) => {
    const res = await t.app.inject({ url: `/api/brands/${id}` });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Invalid id: id: Id must be a positive integer or a URL slug');
  });

  // a brand is found by its slug too (docs/decisions/024): these read as slugs no brand has, never as brand 16
  it.each(['0x10', '1e1', '0b10000'])('find no brand for %s', async (id) => {
    expect((await t.app.inject({ url: `/api/brands/${id}` })).statusCode).toBe(404);
  });
});
