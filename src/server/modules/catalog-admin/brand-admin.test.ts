import { existsSync } from 'node:fs';
import { mkdir, readdir } from 'node:fs/promises';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Brand } from '#common/schemas/catalog.ts';
import { brands, orderItems, orders } from '#server/db/schema.ts';
import { uploadsDir } from '#server/modules/media/media-service.ts';
import { expectAdminOnly, multipartBody, pngFile } from '#server/test/admin-test-kit.ts';
import { createTestApp, type SignedIn, type TestApp } from '#server/test/test-app.ts';
import { insertBrands, insertProducts } from '#server/test/catalog-fixtures.ts';

let t: TestApp;
let admin: SignedIn;
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.signIn({ admin: true });
});
afterAll(() => t.close());

const createBrand = async (fields: Record<string, string>) => admin.inject({ method: 'POST', url: '/api/brands', ...(await multipartBody(fields)) });

const fileOf = (url: string) => path.join(uploadsDir(t.dataDir), url.replace('/uploads/', ''));

describe('brand admin guards', () => {
  it('refuses anonymous (401) and regular users (403) on every brand write, changing nothing', async () => {
    const [brand] = await insertBrands(t.db, { name: 'Guarded' });
    await expectAdminOnly(
      t,
      [
        { method: 'POST', url: '/api/brands', form: { name: 'Sneaky', image: await pngFile() } },
        { method: 'PATCH', url: `/api/brands/${brand!.id}`, form: { name: 'Renamed' } },
        { method: 'DELETE', url: `/api/brands/${brand!.id}` },
        { method: 'PATCH', url: `/api/brands/${brand!.id}/featured`, payload: { isFeatured: true } },
      ],
      () => t.db.select().from(brands).orderBy(brands.id),
    );
  });
});

describe('POST /api/brands', () => {
  it('creates a brand from a multipart form with its image stored as WebP', async () => {
    const res = await admin.inject({
      method: 'POST',
      url: '/api/brands',
      ...(await multipartBody({ name: ' Selkirk ', description: 'Made in Idaho', image: await pngFile() })),
    });
    expect(res.statusCode).toBe(201);
    const brand = Brand.parse(res.json());
    expect(brand).toMatchObject({ name: 'Selkirk', description: 'Made in Idaho', isFeatured: false });
    expect(brand.imageUrl).toMatch(/^\/uploads\/selkirk-[0-9a-f]{12}\.webp$/);
    expect(existsSync(fileOf(brand.imageUrl!))).toBe(true);
  });

  it('accepts JSON without an image', async () => {
    const res = await admin.inject({ method: 'POST', url: '/api/brands', payload: { name: 'Joola' } });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ name: 'Joola', description: null, imageUrl: null });
  });

  it('requires a name', async () => {
    const res = await createBrand({ name: '  ', description: 'x' });
    expect(res.statusCode).toBe(400);
    expect(res.json().issues).toEqual([{ path: 'name', message: 'Name is required' }]);
  });

  it('refuses a duplicate name with 409 and leaves no orphan image', async () => {
    await createBrand({ name: 'Onix' });
    await mkdir(uploadsDir(t.dataDir), { recursive: true });
    const before = await readdir(uploadsDir(t.dataDir));
    const res = await admin.inject({ method: 'POST', url: '/api/brands', ...(await multipartBody({ name: 'Onix', image: await pngFile() })) });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ message: 'A brand named "Onix" already exists' });
    expect((await readdir(uploadsDir(t.dataDir))).sort()).toEqual(before.sort());
  });
});

describe('PATCH /api/brands/:id', () => {
  it('changes the fields sent and replaces the image, removing the old file', async () => {
    const created = Brand.parse(
      (await admin.inject({ method: 'POST', url: '/api/brands', ...(await multipartBody({ name: 'Paddletek', image: await pngFile() })) })).json(),
    );
    const res = await admin.inject({
      method: 'PATCH',
      url: `/api/brands/${created.id}`,
      ...(await multipartBody({ description: 'Bantam maker', image: await pngFile('new.png') })),
    });
    expect(res.statusCode).toBe(200);
    const updated = Brand.parse(res.json());
    expect(updated).toMatchObject({ name: 'Paddletek', description: 'Bantam maker' });
    expect(updated.imageUrl).not.toBe(created.imageUrl);
    expect(existsSync(fileOf(updated.imageUrl!))).toBe(true);
    expect(existsSync(fileOf(created.imageUrl!))).toBe(false);
  });

  it('answers 404 for a missing brand and 400 for a bad id', async () => {
    expect((await admin.inject({ method: 'PATCH', url: '/api/brands/999999', payload: { name: 'X' } })).statusCode).toBe(404);
    expect((await admin.inject({ method: 'PATCH', url: '/api/brands/abc', payload: { name: 'X' } })).statusCode).toBe(400);
  });

  it('refuses renaming onto another brand with 409', async () => {
    await createBrand({ name: 'Gearbox' });
    const other = (await createBrand({ name: 'Engage' })).json();
    const res = await admin.inject({ method: 'PATCH', url: `/api/brands/${other.id}`, ...(await multipartBody({ name: 'Gearbox' })) });
    expect(res.statusCode).toBe(409);
  });
});

describe('DELETE /api/brands/:id', () => {
  it('refuses while the brand has products on sale', async () => {
    const brand = (await createBrand({ name: 'Busy Brand' })).json();
    await insertProducts(t.db, { name: 'Busy Paddle', price: '10', brandId: brand.id });
    const res = await admin.inject({ method: 'DELETE', url: `/api/brands/${brand.id}` });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ message: 'This brand still has 1 product; delete or move it first.' });
  });

  it('deletes a brand whose only products are deleted ones, keeping their order history', async () => {
    const brand = (await createBrand({ name: 'Gone Brand' })).json();
    const [old] = await insertProducts(t.db, { name: 'Old Paddle', price: '10', brandId: brand.id, isDeleted: true });
    const [order] = await t.db.insert(orders).values({ customerEmail: 'a@example.com', customerName: 'Ann', total: '10' }).returning();
    await t.db.insert(orderItems).values({ orderId: order!.id, productId: old!.id, productName: 'Old Paddle', quantity: 1, price: '10' });
    const res = await admin.inject({ method: 'DELETE', url: `/api/brands/${brand.id}` });
    expect(res.statusCode).toBe(200);
    expect(await t.db.select().from(brands).where(eq(brands.id, brand.id))).toEqual([]);
    const [item] = await t.db.select().from(orderItems).where(eq(orderItems.orderId, order!.id));
    expect(item).toMatchObject({ productId: old!.id, productName: 'Old Paddle' });
  });

  it('removes the brand image file and answers 404 the second time', async () => {
    const brand = Brand.parse(
      (await admin.inject({ method: 'POST', url: '/api/brands', ...(await multipartBody({ name: 'Short Lived', image: await pngFile() })) })).json(),
    );
    expect((await admin.inject({ method: 'DELETE', url: `/api/brands/${brand.id}` })).json()).toEqual({ id: brand.id, deleted: true });
    expect(existsSync(fileOf(brand.imageUrl!))).toBe(false);
    expect((await admin.inject({ method: 'DELETE', url: `/api/brands/${brand.id}` })).statusCode).toBe(404);
  });
});
