import { parse } from 'csv-parse/sync';
import { stringify } from 'csv-stringify/sync';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SavedProductDocument } from '#common/schemas/product-document.ts';
import { products, productTypes } from '#server/db/schema.ts';
import { expectAdminOnly } from '#server/test/admin-test-kit.ts';
import { createTestApp, type SignedIn, type TestApp } from '#server/test/test-app.ts';
import { insertBrands } from '#server/test/catalog-fixtures.ts';

let t: TestApp;
let admin: SignedIn;
let paddleId: number;
let bagId: number;
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.signIn({ admin: true });
  const [brand] = await insertBrands(t.db, { name: 'Csv Brand' });
  const types = await t.db.select().from(productTypes);
  const typeId = (slug: string) => types.find((type) => type.slug === slug)!.id;
  const paddle = await admin.inject({
    method: 'POST',
    url: '/api/admin/products/document',
    payload: {
      name: 'Csv Paddle',
      brandId: brand!.id,
      productTypeId: typeId('paddles'),
      releaseDate: '2025-03-01',
      images: [
        { url: 'https://img.example/p1.jpg', alt: 'Front' },
        { url: 'https://img.example/p2.jpg', alt: 'Side' },
      ],
      variants: [
        { sku: 'CSV-P-14', price: '150.00', stock: 3, options: { core_thickness: '14 mm' }, image: 0 },
        { sku: 'CSV-P-16', price: '155.00', stock: 2, options: { core_thickness: '16 mm' }, image: 1 },
        { sku: 'CSV-P-13', price: '150.00', stock: 1, options: { core_thickness: '13 mm' } },
      ],
      attributes: [
        { key: 'static_weight', value: { min: 7.8, max: 8.2 } },
        { key: 'static_weight', variant: 1, value: { min: 8.1, max: 8.4 } },
        { key: 'shape', value: 'Hybrid' },
      ],
    },
  });
  expect(paddle.statusCode, paddle.body).toBe(201);
  paddleId = paddle.json().id;
  const bag = await admin.inject({
    method: 'POST',
    url: '/api/admin/products/document',
    payload: {
      name: 'Csv Bag, "Pro"',
      brandId: brand!.id,
      productTypeId: typeId('bags'),
      variants: [{ sku: 'CSV-BAG', price: '60.00', stock: 7 }],
      attributes: [
        { key: 'fence_hook', value: true },
        { key: 'bag_style', value: 'Backpack' },
      ],
    },
  });
  expect(bag.statusCode, bag.body).toBe(201);
  bagId = bag.json().id;
});
afterAll(() => t.close());

const exportCsv = async () => {
  const res = await admin.inject({ method: 'GET', url: '/api/admin/products/export.csv' });
  expect(res.statusCode).toBe(200);
  expect(res.headers['content-type']).toContain('text/csv');
  return res.body;
};
const importCsv = (csv: string, commit = false) =>
  admin.inject({ method: 'POST', url: `/api/admin/products/import${commit ? '?commit=1' : ''}`, payload: csv, headers: { 'content-type': 'text/csv' } });
const readDoc = async (id: number): Promise<SavedProductDocument> => (await admin.inject({ method: 'GET', url: `/api/admin/products/${id}/document` })).json();
const productCount = async () => (await t.db.select({ id: products.id }).from(products)).length;
const records = (csv: string): Record<string, string>[] => parse(csv, { columns: true });

describe('GET /api/admin/products/export.csv', () => {
  it('writes one row per variant, product columns on the first, options and specs as columns', async () => {
    const rows = records(await exportCsv());
    const paddle = rows.filter((row) => row.product_id === String(paddleId));
    expect(paddle.map((row) => [row.name, row.sku, row['option:core_thickness'], row['spec:static_weight'], row.variant_image])).toEqual([
      ['Csv Paddle', 'CSV-P-14', '14 mm', '7.8-8.2', '1'],
      ['', 'CSV-P-16', '16 mm', '8.1-8.4', '2'],
      ['', 'CSV-P-13', '13 mm', '7.8-8.2', ''],
    ]);
    expect(paddle[0]).toMatchObject({
      slug: 'csv-paddle',
      brand: 'Csv Brand',
      type: 'paddles',
      release_date: '2025-03-01',
      images: 'https://img.example/p1.jpg|https://img.example/p2.jpg',
      image_alts: 'Front|Side',
      'spec:shape': 'Hybrid',
    });
    const bag = rows.find((row) => row.product_id === String(bagId))!;
    expect(bag).toMatchObject({ name: 'Csv Bag, "Pro"', 'spec:fence_hook': 'yes', 'spec:bag_style': 'Backpack', stock: '7', stock_was: '7', featured: 'no' });
  });
});

describe('POST /api/admin/products/import', () => {
  it('re-importing an export changes nothing: a preview of 0 changes, and a commit that leaves documents and updated_at as they were', async () => {
    const csv = await exportCsv();
    const before = await t.db.select().from(products);
    const docs = await Promise.all([readDoc(paddleId), readDoc(bagId)]);
    const preview = await importCsv(csv);
    expect(preview.statusCode, preview.body).toBe(200);
    expect(preview.json()).toEqual({ products: before.length, variants: 4, creates: 0, updates: 0, unchanged: before.length, errors: [], committed: false });
    const committed = await importCsv(csv, true);
    expect(committed.json()).toMatchObject({ updates: 0, errors: [], committed: true });
    expect(await t.db.select().from(products)).toEqual(before);
    expect(await Promise.all([readDoc(paddleId), readDoc(bagId)])).toEqual(docs);
  });

  it('a file with one bad row reports its row and column and writes nothing; fixed, it writes', async () => {
    const header = ['name', 'brand', 'type', 'sku', 'price', 'stock', 'option:core_thickness', 'spec:static_weight'];
    const bad = stringify([
      header,
      ['New Paddle', 'Csv Brand', 'paddles', 'NEW-14', '120.00', '4', '14 mm', '7.9'],
      ['', '', '', 'NEW-16', '12x', '4', '16 mm', '8.0-8.3'],
      ['Other New', 'csv brand', 'paddles', 'NEW-O', '99', '1', '14 mm', ''],
    ]);
    const count = await productCount();
    const preview = await importCsv(bad, true);
    expect(preview.statusCode, preview.body).toBe(200);
    expect(preview.json()).toMatchObject({ products: 2, variants: 3, committed: false });
    expect(preview.json().errors).toEqual([{ row: 3, column: 'price', message: 'Price must be a number' }]);
    expect(await productCount()).toBe(count);

    const good = bad.replace('12x', '125.00');
    expect((await importCsv(good)).json()).toMatchObject({ creates: 2, errors: [], committed: false });
    expect(await productCount()).toBe(count);
    const written = await importCsv(good, true);
    expect(written.json()).toMatchObject({ products: 2, variants: 3, creates: 2, updates: 0, errors: [], committed: true });
    expect(await productCount()).toBe(count + 2);
    const [created] = await t.db.select().from(products).where(eq(products.name, 'New Paddle'));
    const doc = await readDoc(created!.id);
    expect(doc.variants.map((variant) => [variant.sku, variant.price, variant.options])).toEqual([
      ['NEW-14', '120.00', { core_thickness: '14 mm' }],
      ['NEW-16', '125.00', { core_thickness: '16 mm' }],
    ]);
    expect(doc.attributes).toEqual([
      // a range's single number is a range with equal ends
      { key: 'static_weight', value: { min: 7.9, max: 7.9 } },
      { key: 'static_weight', variant: 1, value: { min: 8, max: 8.3 } },
    ]);
    expect(created).toMatchObject({ price: '120.00', stock: 8 });

    // the same file again finds its products by SKU and changes nothing
    expect((await importCsv(good)).json()).toMatchObject({ creates: 0, updates: 0, unchanged: 2 });
  });

  it('carries cost, weight, box, GTIN and MPN both ways; refuses a wrong check digit or a negative weight at its cell; a file without the columns keeps them', async () => {
    const rows = records(await exportCsv()).filter((row) => row.product_id === String(bagId));
    expect(rows[0]).toMatchObject({ cost_price: '', weight_grams: '', gtin: '', mpn: '' });
    Object.assign(rows[0]!, {
      cost_price: '31.50',
      weight_grams: '1134',
      length_mm: '500',
      width_mm: '330',
      height_mm: '150',
      gtin: '036000291452',
      mpn: 'CB-1',
    });
    const csvOf = (list: Record<string, string>[]) => stringify([Object.keys(list[0]!), ...list.map((row) => Object.values(row))]);
    const written = await importCsv(csvOf(rows), true);
    expect(written.json(), written.body).toMatchObject({ updates: 1, errors: [], committed: true });
    expect((await readDoc(bagId)).variants[0]).toMatchObject({
      costPrice: '31.50',
      weightGrams: 1134,
      lengthMm: 500,
      widthMm: 330,
      heightMm: 150,
      gtin: '036000291452',
      mpn: 'CB-1',
    });
    // the export reads back the same: nothing to change
    const exported = records(await exportCsv()).filter((row) => row.product_id === String(bagId));
    expect(exported[0]).toMatchObject({ cost_price: '31.50', weight_grams: '1134', length_mm: '500', gtin: '036000291452', mpn: 'CB-1' });
    expect((await importCsv(csvOf(exported))).json()).toMatchObject({ updates: 0, errors: [] });

    const bad = await importCsv(csvOf([{ ...exported[0]!, gtin: '036000291453', weight_grams: '-5' }]), true);
    expect(bad.json().errors).toEqual(
      expect.arrayContaining([
        { row: 2, column: 'gtin', message: 'GTIN must be 8, 12, 13 or 14 digits with a valid check digit' },
        { row: 2, column: 'weight_grams', message: 'Weight cannot be negative' },
      ]),
    );
    expect((await readDoc(bagId)).variants[0]).toMatchObject({ weightGrams: 1134, gtin: '036000291452' });

    const older = exported.map(({ cost_price: _c, weight_grams: _w, length_mm: _l, width_mm: _wd, height_mm: _h, gtin: _g, mpn: _m, ...rest }) => ({
      ...rest,
      price: '61.00',
    }));
    expect((await importCsv(csvOf(older), true)).json()).toMatchObject({ updates: 1, errors: [], committed: true });
    expect((await readDoc(bagId)).variants[0]).toMatchObject({ price: '61.00', costPrice: '31.50', weightGrams: 1134, mpn: 'CB-1' });
  });

  it('updates a product found by SKU: a changed price, a variant left out is deleted', async () => {
    const rows = records(await exportCsv()).filter((row) => row.product_id === String(paddleId));
    rows[0]!.price = '149.00';
    const csv = stringify([Object.keys(rows[0]!), ...rows.slice(0, 2).map((row) => Object.values(row))].map((row) => row.map(String)));
    const withoutIds = csv.replaceAll(`,${paddleId},`, ',,');
    const res = await importCsv(withoutIds, true);
    expect(res.json(), res.body).toMatchObject({ updates: 1, errors: [], committed: true });
    const doc = await readDoc(paddleId);
    expect(doc.variants.map((variant) => [variant.sku, variant.price])).toEqual([
      ['CSV-P-14', '149.00'],
      ['CSV-P-16', '155.00'],
    ]);
  });

  // docs/decisions/024: the slug column renames the page's address; the old one redirects
  it('takes a changed slug, keeps the slug of a row that leaves it empty, and refuses a bad one at its cell', async () => {
    const rows = records(await exportCsv()).filter((row) => row.product_id === String(paddleId));
    const csvOf = (slug: string) =>
      stringify([Object.keys(rows[0]!), ...rows.map((row, index) => Object.values(index === 0 ? { ...row, slug } : row))].map((row) => row.map(String)));
    const bad = await importCsv(csvOf('Not A Slug'), true);
    expect(bad.json().errors).toEqual([expect.objectContaining({ row: 2, column: 'slug', message: expect.stringContaining('URL slug must be') })]);
    expect((await importCsv(csvOf('csv-paddle-pro'), true)).json()).toMatchObject({ updates: 1, errors: [], committed: true });
    expect((await readDoc(paddleId)).slug).toBe('csv-paddle-pro');
    expect((await importCsv(csvOf(''), true)).json()).toMatchObject({ errors: [], committed: true });
    expect((await readDoc(paddleId)).slug).toBe('csv-paddle-pro');
    expect((await t.app.inject('/api/products/csv-paddle')).json()).toMatchObject({ id: paddleId, slug: 'csv-paddle-pro' });
  });

  // the import keeps the file's slugs as it goes (product-document-service.ts, SaveBatch)
  it('names products from their names as the file leaves the slugs, and writes their search terms and facets', async () => {
    const header = ['product_id', 'name', 'slug', 'brand', 'type', 'sku', 'price', 'stock', 'option:core_thickness'];
    const twins = stringify([
      header,
      ['', 'Twin Paddle', '', 'Csv Brand', 'paddles', 'TWIN-1', '90', '1', '14 mm'],
      ['', 'Twin Paddle', '', 'Csv Brand', 'paddles', 'TWIN-2', '90', '1', '14 mm'],
    ]);
    expect((await importCsv(twins, true)).json()).toMatchObject({ creates: 2, errors: [], committed: true });
    const made = await t.db.select().from(products).where(eq(products.name, 'Twin Paddle'));
    expect(made.map((product) => product.slug).sort()).toEqual(['twin-paddle', 'twin-paddle-2']);
    expect(made[0]!.facetValues).toContain('o.core_thickness=14 mm');
    expect(made[0]!.searchTerms).toContain('14 mm');

    // a product renamed earlier in a file leaves its slug to a new product of that name later in it
    const first = made.find((product) => product.slug === 'twin-paddle')!;
    const moved = stringify([
      header,
      [String(first.id), 'Twin Paddle', 'twin-paddle-old', 'Csv Brand', 'paddles', first.sku!, '90', '1', '14 mm'],
      ['', 'Twin Paddle', '', 'Csv Brand', 'paddles', 'TWIN-3', '90', '1', '14 mm'],
    ]);
    expect((await importCsv(moved, true)).json()).toMatchObject({ creates: 1, updates: 1, errors: [], committed: true });
    const [third] = await t.db.select().from(products).where(eq(products.sku, 'TWIN-3'));
    expect(third!.slug).toBe('twin-paddle');
    expect((await t.app.inject('/api/products/twin-paddle')).json()).toMatchObject({ id: third!.id });
    expect((await t.app.inject('/api/products/twin-paddle-old')).json()).toMatchObject({ id: first.id });
  });

  it('reports every problem with its row and column', async () => {
    const csv = stringify([
      ['name', 'brand', 'type', 'sku', 'price', 'stock', 'spec:fence_hook', 'spec:shape'],
      ['Bag A', 'Nobody', 'bags', 'A-1', '10', '1', '', ''],
      ['Bag B', 'Csv Brand', 'bags', 'B-1', '10', '1', 'maybe', ''],
      ['Bag C', 'Csv Brand', 'bags', 'C-1', '10', '1', '', ''],
      ['Bag D', 'Csv Brand', 'bags', 'D-1', '10', '-2', '', ''],
      ['Bag C again', 'Csv Brand', 'bags', 'C-1', '10', '1', '', ''],
      ['Paddle E', 'Csv Brand', 'paddles', 'E-1', '10', '1', '', 'Round'],
    ]);
    const res = await importCsv(csv, true);
    expect(res.json().errors).toEqual([
      { row: 2, column: 'brand', message: 'Unknown brand "Nobody"' },
      { row: 3, column: 'spec:fence_hook', message: 'Spec "fence_hook": expected yes, no or empty (not stated)' },
      { row: 5, column: 'stock', message: 'Stock cannot be negative' },
      { row: 6, column: 'sku', message: 'SKU "C-1" is already in this file at row 4' },
      { row: 7, column: 'spec:shape', message: 'Spec "shape" must be one of: Elongated, Hybrid, Widebody, Extra-elongated' },
    ]);
    expect(res.json().committed).toBe(false);
  });

  it('refuses unknown or missing columns, a body that is not CSV, and non-admins', async () => {
    const res = await importCsv('name,brand,type,price,stock,colour\n');
    expect(res.json().errors).toEqual([{ row: 1, column: 'colour', message: 'Unknown column "colour"' }]);
    const missing = await importCsv('name,brand\n');
    expect(missing.json().errors.map((error: { column: string }) => error.column)).toEqual(['type', 'price', 'stock']);
    const json = await admin.inject({ method: 'POST', url: '/api/admin/products/import', payload: { a: 1 } });
    expect(json.statusCode).toBe(400);
    await expectAdminOnly(
      t,
      [
        { method: 'GET', url: '/api/admin/products/export.csv' },
        { method: 'POST', url: '/api/admin/products/import?commit=1', payload: 'name\n' },
      ],
      () => t.db.select().from(products),
    );
  });
});
