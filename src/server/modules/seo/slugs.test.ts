import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SavedProductDocument } from '#common/schemas/product-document.ts';
import { productTypes } from '#server/db/schema.ts';
import { multipartBody } from '#server/test/admin-test-kit.ts';
import { createTestApp, type SignedIn, type TestApp } from '#server/test/test-app.ts';

// Readable addresses (docs/decisions/024): slugs made from names, unique, editable, and the old
// address of a renamed or numbered page answering 301 to the current one.

let t: TestApp;
let admin: SignedIn;
let paddles: number;
let brandId: number;
const PAGE = '<!doctype html><title>shell</title>';

beforeAll(async () => {
  t = await createTestApp({}, { clientFiles: { 'index.html': PAGE } });
  admin = await t.signIn({ admin: true });
  [{ id: paddles }] = (await t.db.select({ id: productTypes.id }).from(productTypes).where(eq(productTypes.slug, 'paddles'))) as [{ id: number }];
  const brand = await createBrand({ name: 'Court Kings' });
  expect(brand.statusCode, brand.body).toBe(201);
  brandId = brand.json().id;
});
afterAll(() => t.close());

let skus = 0;
const doc = (name: string, extra: Record<string, unknown> = {}) => ({
  name,
  brandId,
  productTypeId: paddles,
  variants: [{ sku: `SLUG-${(skus += 1)}`, price: '99.00', stock: 2 }],
  ...extra,
});
const createProduct = (name: string, extra: Record<string, unknown> = {}) =>
  admin.inject({ method: 'POST', url: '/api/admin/products/document', payload: doc(name, extra) });
const saveProduct = (saved: SavedProductDocument, changes: Record<string, unknown>) =>
  admin.inject({
    method: 'PUT',
    url: `/api/admin/products/${saved.id}/document`,
    payload: { ...saved, variants: saved.variants.map((variant) => ({ ...variant, stockWas: variant.stock })), ...changes },
  });
async function createBrand(fields: Record<string, string>) {
  return admin.inject({ method: 'POST', url: '/api/brands', ...(await multipartBody(fields)) });
}
const patchBrand = async (id: number, fields: Record<string, string>) =>
  admin.inject({ method: 'PATCH', url: `/api/brands/${id}`, ...(await multipartBody(fields)) });
const get = (url: string) => t.app.inject({ method: 'GET', url });

describe('product slugs', () => {
  it('are made from the name, -2 and -3 when taken', async () => {
    const slugs = [];
    for (let i = 0; i < 3; i += 1) {
      const res = await createProduct('Kings Carbon 16 — Pro');
      expect(res.statusCode, res.body).toBe(201);
      slugs.push((res.json() as SavedProductDocument).slug);
    }
    expect(slugs).toEqual(['kings-carbon-16-pro', 'kings-carbon-16-pro-2', 'kings-carbon-16-pro-3']);
  });

  it('are answered by the product reads, which take the slug in place of the id', async () => {
    const saved = (await createProduct('Dink Master')).json() as SavedProductDocument;
    expect(saved.slug).toBe('dink-master');
    const byId = await get(`/api/products/${saved.id}`);
    expect(byId.json()).toMatchObject({ id: saved.id, slug: 'dink-master' });
    expect((await get('/api/products/dink-master')).json()).toMatchObject({ id: saved.id, name: 'Dink Master' });
    const list = (await get('/api/products')).json() as { id: number; slug: string }[];
    expect(list.find((product) => product.id === saved.id)?.slug).toBe('dink-master');
    expect((await get('/api/products/no-such-paddle')).statusCode).toBe(404);
  });

  it('take the one the owner chooses, and keep it when the name changes', async () => {
    const res = await createProduct('Third Shot', { slug: 'third-shot-drop' });
    expect(res.statusCode, res.body).toBe(201);
    const saved = res.json() as SavedProductDocument;
    expect(saved.slug).toBe('third-shot-drop');
    const renamed = await saveProduct(saved, { name: 'Third Shot II', slug: undefined });
    expect(renamed.json()).toMatchObject({ name: 'Third Shot II', slug: 'third-shot-drop' });
  });

  it('refuse a slug another product has with 409 naming it', async () => {
    const res = await createProduct('Another Dink', { slug: 'dink-master' });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({
      message: 'The address "dink-master" is already used by another product',
      issues: [{ path: 'slug', message: 'The address "dink-master" is already used by another product' }],
    });
  });

  it.each(['Dink Master', 'two--hyphens', '-lead', '1234', 'ünï', 'x'.repeat(101)])('refuse %s with 400', async (slug) => {
    const res = await createProduct('Bad Slug Paddle', { slug });
    expect(res.statusCode).toBe(400);
    expect(res.json().issues[0]).toMatchObject({ path: 'slug', message: expect.stringMatching(/^URL slug must be/) });
  });

  it('redirect 301 from the old slug after a rename, and from the id, query kept', async () => {
    const saved = (await createProduct('Erne Attack')).json() as SavedProductDocument;
    const renamed = await saveProduct(saved, { slug: 'erne-attack-16mm' });
    expect(renamed.statusCode, renamed.body).toBe(200);
    const old = await get('/products/erne-attack?variant=5&utm_source=x');
    expect(old.statusCode).toBe(301);
    expect(old.headers.location).toBe('/products/erne-attack-16mm?variant=5&utm_source=x');
    const numbered = await get(`/products/${saved.id}`);
    expect(numbered.statusCode).toBe(301);
    expect(numbered.headers.location).toBe('/products/erne-attack-16mm');
    // the current slug is the page, rendered on the server with its canonical address (no PUBLIC_URL: this machine)
    const page = await get('/products/erne-attack-16mm');
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<link rel="canonical" href="http://localhost:3000/products/erne-attack-16mm" />');
    // the API finds it by its former slug too
    expect((await get('/api/products/erne-attack')).json()).toMatchObject({ id: saved.id, slug: 'erne-attack-16mm' });
    // renamed twice: both former slugs lead straight to the current one
    await saveProduct((await admin.inject({ method: 'GET', url: `/api/admin/products/${saved.id}/document` })).json(), { slug: 'erne-attack-pro' });
    for (const former of ['erne-attack', 'erne-attack-16mm']) expect((await get(`/products/${former}`)).headers.location).toBe('/products/erne-attack-pro');
  });

  it('let a later product take a former slug, which is then its own', async () => {
    const first = (await createProduct('Ace Paddle')).json() as SavedProductDocument;
    await saveProduct(first, { slug: 'ace-paddle-original' });
    expect((await get('/products/ace-paddle')).statusCode).toBe(301);
    const second = await createProduct('Ace Paddle');
    expect(second.json().slug).toBe('ace-paddle');
    expect((await get('/products/ace-paddle')).statusCode).toBe(200);
    expect((await get('/api/products/ace-paddle')).json()).toMatchObject({ id: second.json().id });
  });

  it('leave unknown keys and deleted products to the not-found page', async () => {
    for (const key of ['never-was', '999999']) expect((await get(`/api/products/${key}`)).statusCode).toBe(404);
    const gone = (await createProduct('Gone Paddle')).json() as SavedProductDocument;
    await saveProduct(gone, { slug: 'gone-paddle-2' });
    await admin.inject({ method: 'DELETE', url: `/api/products/${gone.id}` });
    // neither its id, its slug nor its former slug finds it
    for (const key of [String(gone.id), 'gone-paddle-2', 'gone-paddle']) expect((await get(`/api/products/${key}`)).statusCode).toBe(404);
    const page = await get(`/products/${gone.id}`);
    expect(page.statusCode).toBe(404);
    expect(page.body).toContain('Product Not Found');
  });
});

describe('brand slugs', () => {
  it('are made from the name, answered by the brand reads, and taken in place of the id', async () => {
    const res = await createBrand({ name: 'Pålé & Co' });
    expect(res.json()).toMatchObject({ name: 'Pålé & Co', slug: 'pale-and-co' });
    expect((await get('/api/brands/pale-and-co')).json()).toMatchObject({ id: res.json().id });
    expect((await get(`/brands/${res.json().id}?page=2`)).headers.location).toBe('/brands/pale-and-co?page=2');
  });

  it('are edited by the owner: a taken one is a 409, a bad one a 400, the old one redirects', async () => {
    const taken = await patchBrand(brandId, { slug: 'pale-and-co' });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().message).toBe('The address "pale-and-co" is already used by another brand');
    const bad = await patchBrand(brandId, { slug: 'Court Kings' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().issues[0]).toMatchObject({ path: 'slug' });
    const renamed = await patchBrand(brandId, { slug: 'court-kings-usa' });
    expect(renamed.json()).toMatchObject({ name: 'Court Kings', slug: 'court-kings-usa' });
    const old = await get('/brands/court-kings');
    expect(old.statusCode).toBe(301);
    expect(old.headers.location).toBe('/brands/court-kings-usa');
    // the name changes, the address stays
    expect((await patchBrand(brandId, { name: 'Court Kings USA' })).json()).toMatchObject({ slug: 'court-kings-usa' });
  });

  it('forget a deleted brand', async () => {
    const res = await createBrand({ name: 'Short Lived', slug: 'short-lived' });
    const id = res.json().id as number;
    await patchBrand(id, { slug: 'short-lived-2' });
    expect((await get('/api/brands/short-lived')).json()).toMatchObject({ id, slug: 'short-lived-2' });
    expect((await admin.inject({ method: 'DELETE', url: `/api/brands/${id}` })).statusCode).toBe(200);
    // neither its former slug, its slug nor its id finds it
    for (const key of ['short-lived', 'short-lived-2', String(id)]) {
      const gone = await get(`/api/brands/${key}`);
      expect(gone.statusCode).toBe(404);
      expect(gone.json().message).toBe('Brand not found');
    }
  });
});
