import { parse } from 'csv-parse/sync';
import { stringify } from 'csv-stringify/sync';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SavedProductDocument } from '#common/schemas/product-document.ts';
import { orderItems, orders, productTypes, productVariants, stockReservations } from '#server/db/schema.ts';
import { insertBrands } from '#server/test/catalog-fixtures.ts';
import { checkoutBody, configureShop } from '#server/test/checkout-fixtures.ts';
import { createTestApp, type SignedIn, type TestApp } from '#server/test/test-app.ts';

// The product editor (and the CSV import, which saves through the same document service) never
// deletes a variant an unpaid order holds or a paid order sold: the order would be paid holding
// nothing, or its refund would have no variant to restock.

let t: TestApp;
let admin: SignedIn;
let brandId: number;
let paddles: number;
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.signIn({ admin: true });
  await configureShop(t.db);
  const [brand] = await insertBrands(t.db, { name: 'Guard Brand' });
  brandId = brand!.id;
  paddles = (await t.db.select().from(productTypes).where(eq(productTypes.slug, 'paddles')))[0]!.id;
});
afterAll(() => t.close());

let counter = 0;
async function paddle(): Promise<SavedProductDocument> {
  counter += 1;
  const res = await admin.inject({
    method: 'POST',
    url: '/api/admin/products/document',
    payload: {
      name: `Guarded ${counter}`,
      brandId,
      productTypeId: paddles,
      images: [],
      variants: [
        { sku: `GRD-${counter}-14`, price: '100.00', stock: 5, options: { core_thickness: '14 mm' } },
        { sku: `GRD-${counter}-16`, price: '100.00', stock: 5, options: { core_thickness: '16 mm' } },
      ],
      attributes: [],
    },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}

const nextYear = new Date().getUTCFullYear() + 1;
async function checkout(productId: number, variantId: number, card?: string): Promise<{ orderId: number; number: string; statusCode: number }> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/create-payment-intent',
    payload: checkoutBody([{ productId, variantId, quantity: 1 }]),
  });
  if (res.statusCode !== 200) return { orderId: 0, number: '', statusCode: res.statusCode };
  const { orderId, paymentIntentId } = res.json() as { orderId: number; paymentIntentId: string };
  if (card) {
    const paid = await t.app.inject({
      method: 'POST',
      url: '/api/payments/simulated/confirm',
      payload: { paymentIntentId, card: { number: card, expMonth: 12, expYear: nextYear, cvc: '123' } },
    });
    expect(paid.statusCode, paid.body).toBe(200);
  }
  const [order] = await t.db.select({ number: orders.orderNumber }).from(orders).where(eq(orders.id, orderId));
  return { orderId, number: order!.number, statusCode: 200 };
}

/** The document as the editor sends it back, without the variant `removed` (or with it replaced by a new one). */
function without(doc: SavedProductDocument, removed: number, replace = false) {
  const kept = doc.variants.filter((variant) => variant.id !== removed).map((variant) => ({ ...variant, stockWas: variant.stock }));
  const old = doc.variants.find((variant) => variant.id === removed)!;
  const variants = replace ? [...kept, { sku: `${old.sku}-NEW`, price: old.price, stock: old.stock, options: old.options }] : kept;
  return { ...doc, variants };
}
const save = (doc: SavedProductDocument, payload: object) => admin.inject({ method: 'PUT', url: `/api/admin/products/${doc.id}/document`, payload });
const variantExists = async (id: number) => (await t.db.select().from(productVariants).where(eq(productVariants.id, id))).length === 1;

describe('removing a variant from the product editor', () => {
  it('is refused with 409 naming the unpaid orders that hold it, whether deleted or replaced; the orders keep their holds', async () => {
    const doc = await paddle();
    const held = doc.variants[0]!;
    const first = await checkout(doc.id, held.id);
    const second = await checkout(doc.id, held.id);
    const numbers = [first.number, second.number].sort();

    for (const replace of [false, true]) {
      const res = await save(doc, without(doc, held.id, replace));
      expect(res.statusCode, res.body).toBe(409);
      const message = `Variant "${held.sku}" cannot be removed: unpaid orders hold it (#${numbers[0]}, #${numbers[1]}). Nothing was saved: wait until they are paid or expire, or release them under Orders, then save again.`;
      expect(res.json()).toEqual({ message, issues: [{ path: 'variants', message }] });
    }
    expect(await variantExists(held.id)).toBe(true);
    const holds = await t.db
      .select()
      .from(stockReservations)
      .where(inArray(stockReservations.orderId, [first.orderId, second.orderId]));
    expect(holds.map((hold) => [hold.variantId, hold.state])).toEqual([
      [held.id, 'held'],
      [held.id, 'held'],
    ]);
    // the other variant and the rest of the document are untouched too
    expect((await t.db.select().from(productVariants).where(eq(productVariants.productId, doc.id))).length).toBe(2);
  });

  it('is refused with 409 naming the paid orders that sold it', async () => {
    const doc = await paddle();
    const sold = doc.variants[1]!;
    const paid = await checkout(doc.id, sold.id, '4242424242424242');
    const res = await save(doc, without(doc, sold.id));
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(
      `Variant "${sold.sku}" cannot be removed: it was sold in #${paid.number}, whose refunds and returns put units back on it. Nothing was saved: set its stock to 0 to stop selling it.`,
    );
    expect(await variantExists(sold.id)).toBe(true);
  });

  it('by a CSV import that leaves it out: that product is an error naming the order, and nothing is written', async () => {
    const doc = await paddle();
    const held = doc.variants[0]!;
    const order = await checkout(doc.id, held.id);
    const exported = await admin.inject({ method: 'GET', url: '/api/admin/products/export.csv' });
    const rows = (parse(exported.body, { columns: true }) as Record<string, string>[]).filter((row) => row.product_id === String(doc.id));
    expect(rows).toHaveLength(2);
    // the file keeps the product (its first row carries the product's columns) without the held variant
    const kept = rows.map((row) => ({ ...row })).filter((row) => row.sku !== held.sku);
    for (const [column, value] of Object.entries(rows[0]!)) if (kept[0]![column] === '') kept[0]![column] = value;
    const csv = stringify([Object.keys(rows[0]!), ...kept.map((row) => Object.keys(rows[0]!).map((column) => row[column] ?? ''))]);
    const res = await admin.inject({ method: 'POST', url: '/api/admin/products/import?commit=1', payload: csv, headers: { 'content-type': 'text/csv' } });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      committed: false,
      errors: [expect.objectContaining({ message: expect.stringContaining(`unpaid orders hold it (#${order.number})`) })],
    });
    expect(await variantExists(held.id)).toBe(true);
  });

  it('goes through when its only orders were never paid; their lines keep what was sold (product, SKU, options)', async () => {
    const doc = await paddle();
    const gone = doc.variants[0]!;
    const declined = await checkout(doc.id, gone.id, '4000000000000002');
    const res = await save(doc, without(doc, gone.id));
    expect(res.statusCode, res.body).toBe(200);
    expect(await variantExists(gone.id)).toBe(false);
    const lines = await t.db.select().from(orderItems).where(eq(orderItems.orderId, declined.orderId));
    expect(lines).toEqual([expect.objectContaining({ variantId: null, productName: doc.name, sku: gone.sku, variantName: '14 mm' })]);
  });

  it('racing checkouts of it: either the save is refused or the checkout finds the variant gone, never an order holding nothing', async () => {
    for (let round = 0; round < 5; round += 1) {
      const doc = await paddle();
      const target = doc.variants[0]!;
      const [saved, ...bought] = await Promise.all([save(doc, without(doc, target.id)), checkout(doc.id, target.id), checkout(doc.id, target.id)]);
      expect([200, 409]).toContain(saved.statusCode);
      for (const sale of bought) expect(sale.statusCode).toBeLessThan(500);
      const won = bought.filter((sale) => sale.statusCode === 200);
      // if the save won, no checkout did; if a checkout won, the save was refused
      if (saved.statusCode === 200) expect(won).toEqual([]);
      else expect(won.length).toBeGreaterThan(0);
      for (const sale of won) {
        const lines = await t.db.select().from(orderItems).where(eq(orderItems.orderId, sale.orderId));
        const holds = await t.db.select().from(stockReservations).where(eq(stockReservations.orderId, sale.orderId));
        expect(lines.map((line) => line.variantId)).toEqual([target.id]);
        expect(holds.map((hold) => hold.variantId)).toEqual([target.id]);
      }
    }
  });
});
