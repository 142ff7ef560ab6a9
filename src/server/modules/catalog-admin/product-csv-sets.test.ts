import { parse } from 'csv-parse/sync';
import { stringify } from 'csv-stringify/sync';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SavedProductDocument } from '#common/schemas/product-document.ts';
import { products, productTypes, productVariants, stockLedger } from '#server/db/schema.ts';
import { insertBrands } from '#server/test/catalog-fixtures.ts';
import { createTestApp, type SignedIn, type TestApp } from '#server/test/test-app.ts';

// The import saves new products as sets (product-document-set.ts), not one at a time through
// saveInBatch: a product written so must be the product the editor's save writes, row for row.

let t: TestApp;
let admin: SignedIn;
let paddleId: number;
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.signIn({ admin: true });
  const [brand] = await insertBrands(t.db, { name: 'Set Brand' });
  const types = await t.db.select().from(productTypes);
  const created = await admin.inject({
    method: 'POST',
    url: '/api/admin/products/document',
    payload: {
      name: 'Set Paddle',
      brandId: brand!.id,
      productTypeId: types.find((type) => type.slug === 'paddles')!.id,
      color: 'Teal',
      releaseDate: '2025-03-01',
      images: [
        { url: 'https://img.example/s1.jpg', alt: 'Front' },
        { url: 'https://img.example/s2.jpg', alt: 'Side' },
      ],
      variants: [
        { sku: 'SET-14', price: '150.00', stock: 3, options: { core_thickness: '14 mm' }, image: 1, weightGrams: 230 },
        { sku: 'SET-16', price: '155.00', stock: 0, options: { core_thickness: '16 mm' } },
      ],
      attributes: [
        { key: 'static_weight', value: { min: 7.8, max: 8.2 } },
        { key: 'static_weight', variant: 1, value: { min: 8.1, max: 8.4 } },
        { key: 'shape', value: 'Hybrid' },
      ],
    },
  });
  expect(created.statusCode, created.body).toBe(201);
  paddleId = created.json().id;
});
afterAll(() => t.close());

const readDoc = async (id: number): Promise<SavedProductDocument> => (await admin.inject({ method: 'GET', url: `/api/admin/products/${id}/document` })).json();
const importCsv = (csv: string, commit: boolean) =>
  admin.inject({ method: 'POST', url: `/api/admin/products/import${commit ? '?commit=1' : ''}`, payload: csv, headers: { 'content-type': 'text/csv' } });
const withoutIds = ({ id: _id, slug: _slug, name: _name, variants, ...doc }: SavedProductDocument) => ({
  ...doc,
  variants: variants.map(({ id: _variant, sku: _sku, ...variant }) => variant),
});

describe('new products of a CSV import, saved as a set', () => {
  it('are written as the editor writes them: document, derived fields, search words, facets and stock ledger', async () => {
    const exported: Record<string, string>[] = parse((await admin.inject({ url: '/api/admin/products/export.csv' })).body, { columns: true });
    const rows = exported.filter((row) => row.product_id === String(paddleId));
    // three copies: two of one name (their addresses -2 and -3 after the original's), one with a slug of its own
    const copies = ['A', 'B', 'C'].flatMap((copy) =>
      rows.map((row, index) => ({
        ...row,
        product_id: '',
        variant_id: '',
        stock_was: '',
        slug: index === 0 && copy === 'C' ? 'set-paddle-own' : '',
        name: index === 0 ? (copy === 'C' ? 'Set Paddle Own' : 'Set Paddle') : '',
        sku: `${row.sku}-${copy}`,
      })),
    );
    const csv = stringify([Object.keys(copies[0]!), ...copies.map((row) => Object.values(row))]);
    expect((await importCsv(csv, false)).json()).toMatchObject({ creates: 3, errors: [], committed: false });
    const committed = await importCsv(csv, true);
    expect(committed.json()).toMatchObject({ products: 3, variants: 6, creates: 3, updates: 0, errors: [], committed: true });

    const original = await readDoc(paddleId);
    const made = await t.db
      .select()
      .from(products)
      .where(inArray(products.slug, ['set-paddle-2', 'set-paddle-3', 'set-paddle-own']));
    expect(made.map((row) => row.slug).sort()).toEqual(['set-paddle-2', 'set-paddle-3', 'set-paddle-own']);
    const [originalRow] = await t.db.select().from(products).where(eq(products.id, paddleId));
    const derived = ({ price, stock, sku, imageUrl, searchTerms, facetValues, color, brandId }: typeof originalRow & object) => ({
      price,
      stock,
      sku,
      imageUrl,
      searchTerms,
      facetValues,
      color,
      brandId,
    });
    for (const row of made) {
      expect(withoutIds(await readDoc(row.id))).toEqual(withoutIds(original));
      expect(derived(row)).toEqual(derived(originalRow!));
    }
    const variants = await t.db
      .select({ id: productVariants.id })
      .from(productVariants)
      .where(
        inArray(
          productVariants.productId,
          made.map((row) => row.id),
        ),
      );
    const ledger = await t.db
      .select()
      .from(stockLedger)
      .where(
        inArray(
          stockLedger.variantId,
          variants.map((variant) => variant.id),
        ),
      );
    // a variant at 0 has no entry, as in the editor's save
    expect(ledger.map(({ reason, change, level }) => ({ reason, change, level }))).toEqual(Array(3).fill({ reason: 'csv_import', change: 3, level: 3 }));
  });

  it('refuses at its row a new product whose chosen address another product has, and writes nothing', async () => {
    const header = ['name', 'slug', 'brand', 'type', 'sku', 'price', 'stock', 'option:core_thickness'];
    const csv = stringify([
      header,
      ['Set Fine One', '', 'Set Brand', 'paddles', 'SET-FINE-1', '90.00', '1', '14 mm'],
      ['Set Taken', 'set-paddle', 'Set Brand', 'paddles', 'SET-TAKEN', '90.00', '1', '14 mm'],
      ['Set Fine Two', '', 'Set Brand', 'paddles', 'SET-FINE-2', '90.00', '1', '14 mm'],
    ]);
    const answer = (await importCsv(csv, true)).json();
    expect(answer).toMatchObject({ committed: false, creates: 2 });
    expect(answer.errors).toEqual([{ row: 3, column: 'slug', message: 'The address "set-paddle" is already used by another product' }]);
    expect(
      await t.db
        .select()
        .from(products)
        .where(inArray(products.name, ['Set Fine One', 'Set Fine Two'])),
    ).toEqual([]);
  });
});
