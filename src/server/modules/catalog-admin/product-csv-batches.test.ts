import { Readable } from 'node:stream';
import { stringify } from 'csv-stringify/sync';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CsvImportResult } from '#common/schemas/product-csv.ts';
import { products } from '#server/db/schema.ts';
import type { OnRestock } from '#server/modules/stock/stock-service.ts';
import { insertBrands } from '#server/test/catalog-fixtures.ts';
import { createTestApp, type SignedIn, type TestApp } from '#server/test/test-app.ts';
import { importProductCsv } from './product-csv-import.ts';

// The import works in short transactions with turns of the event loop between them (issue 28): on
// the embedded database a long one held every shopper's read (1,500 rows: a product read waited
// 4.3 s), and on PostgreSQL it held the row lock of every product it had touched until it ended.
// Here a shopper's request starts while the import saves its first product; it must be answered
// before the import ends. The order is what is checked, never a time.

let t: TestApp;
let admin: SignedIn;
beforeAll(async () => {
  // response cache off: every read is a query
  t = await createTestApp({ RESPONSE_CACHE: 'off' });
  admin = await t.signIn({ admin: true });
  await insertBrands(t.db, { name: 'Batch Brand' });
});
afterAll(() => t.close());

const HEADER = ['product_id', 'name', 'brand', 'type', 'sku', 'price', 'stock'];
const MANY = 200;

/** A sold-out bag the file restocks on its first row (so the import calls onRestock as it saves it), then `MANY` new bags. */
async function restockingFile(prefix: string): Promise<{ csv: string; soldOut: number; rows: string[][] }> {
  const created = await admin.inject({
    method: 'POST',
    url: '/api/admin/products/document',
    payload: {
      name: `${prefix} Sold Out`,
      brandId: (await brandId()) as number,
      productTypeId: await bagType(),
      variants: [{ sku: `${prefix}-OUT`, price: '30.00', stock: 0 }],
    },
  });
  expect(created.statusCode, created.body).toBe(201);
  const soldOut: number = created.json().id;
  const rows = [
    [String(soldOut), `${prefix} Sold Out`, 'Batch Brand', 'bags', `${prefix}-OUT`, '30.00', '5'],
    ...Array.from({ length: MANY }, (_, index) => ['', `${prefix} Bag ${index + 1}`, 'Batch Brand', 'bags', `${prefix}-${index + 1}`, '20.00', '3']),
  ];
  return { csv: stringify([HEADER, ...rows]), soldOut, rows };
}

const brandId = async () => (await admin.inject({ url: '/api/brands' })).json().find((brand: { name: string }) => brand.name === 'Batch Brand')?.id;
const bagType = async () => (await admin.inject({ url: '/api/admin/product-types' })).json().types.find((type: { slug: string }) => type.slug === 'bags').id;

const runImport = (csv: string, commit: boolean, onRestock: OnRestock) =>
  importProductCsv({ db: t.db, images: t.images, onRestock }, Readable.from([csv]), { commit, actorUserId: null });

describe('the CSV import in short transactions', () => {
  it.each([
    ['a preview', false],
    ['a commit', true],
  ])('%s: a shopper who asks while it saves its first product is answered before it ends', async (_kind, commit) => {
    const { csv, soldOut } = await restockingFile(commit ? 'COMMIT' : 'PREVIEW');
    const finished: string[] = [];
    let shopper: Promise<void> | undefined;
    // called inside the import's transaction as it saves the sold-out bag; not awaited, as a request from elsewhere
    const onRestock: OnRestock = async () => {
      shopper ??= (async () => {
        // what a checkout does first: lock the product's row (on PostgreSQL the import held it to its end)
        await t.db.transaction(async (tx) => void (await tx.select({ id: products.id }).from(products).where(eq(products.id, soldOut)).for('update')));
        const page = await t.app.inject({ url: `/api/products/${soldOut}` });
        expect(page.statusCode).toBe(200);
        finished.push('shopper');
      })();
    };
    const result = await runImport(csv, commit, onRestock);
    finished.push('import');
    await shopper;
    expect(result).toMatchObject({ products: MANY + 1, creates: MANY, updates: 1, errors: [], committed: commit });
    expect(finished).toEqual(['shopper', 'import']);
  });

  it('a commit that stops part-way says what it wrote: the rows before the stop are in the shop, none after', async () => {
    const { csv, soldOut, rows } = await restockingFile('STOP');
    // the last product of the file exists and is deleted after the check, while the commit writes
    const created = await admin.inject({
      method: 'POST',
      url: '/api/admin/products/document',
      payload: {
        name: 'Stop Last',
        brandId: (await brandId()) as number,
        productTypeId: await bagType(),
        variants: [{ sku: 'STOP-LAST', price: '10.00', stock: 1 }],
      },
    });
    const last: number = created.json().id;
    const file = `${csv}${stringify([[String(last), 'Stop Last', 'Batch Brand', 'bags', 'STOP-LAST', '11.00', '1']])}`;
    let saves = 0;
    // the first save of the sold-out bag is the check's, the second the commit's
    const onRestock: OnRestock = async () => {
      saves += 1;
      if (saves === 2) void t.db.update(products).set({ isDeleted: true }).where(eq(products.id, last)).execute();
    };
    const result: CsvImportResult = await runImport(file, true, onRestock);
    const lastRow = rows.length + 2;
    expect(result.committed).toBe(false);
    expect(result.errors).toEqual([{ row: lastRow, column: 'product_id', message: `Product ${last} not found` }]);
    const { products: writtenCount, throughRow } = result.written!;
    expect(throughRow).toBeGreaterThanOrEqual(2);
    expect(throughRow).toBeLessThan(lastRow);
    // row r of the file is new bag r - 2 (row 2 is the sold-out bag)
    const skus = rows.slice(1).map((row) => row[4]!);
    const inShop = new Set((await t.db.select({ sku: products.sku }).from(products).where(inArray(products.sku, skus))).map((row) => row.sku));
    expect(skus.filter((sku) => inShop.has(sku))).toEqual(skus.slice(0, throughRow - 2));
    expect(writtenCount).toBe(throughRow - 1);
    // the counts are of what was written: the sold-out bag and the new bags before the stop
    expect(result).toMatchObject({ creates: throughRow - 2, updates: 1 });
    const [restocked] = await t.db.select({ stock: products.stock }).from(products).where(eq(products.id, soldOut));
    expect(restocked!.stock).toBe(5);
  });
});
