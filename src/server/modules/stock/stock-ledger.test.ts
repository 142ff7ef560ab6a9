import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { StockHistory, type StockLedgerEntry } from '#common/schemas/stock-ledger.ts';
import { orders, orderItems, productVariants } from '#server/db/schema.ts';
import { closeUnpaidOrder } from '#server/modules/payments/payment-service.ts';
import { insertBrands } from '#server/test/catalog-fixtures.ts';
import { checkoutBody, configureShop } from '#server/test/checkout-fixtures.ts';
import { newRequestId } from '#server/test/refund-fixtures.ts';
import { createTestApp, type SignedIn, type TestApp } from '#server/test/test-app.ts';
import { stockLedgerMismatches } from './stock-ledger-service.ts';

// Every kind of stock change leaves its entry: why, the change, the level, and the order or admin
// behind it; and the admin's history route answers it, to admins only.

const nextYear = new Date().getUTCFullYear() + 1;
const GOOD = '4242424242424242';
const DECLINED = '4000000000000002';

let t: TestApp;
let admin: SignedIn;
let brandId: number;
beforeAll(async () => {
  t = await createTestApp();
  await configureShop(t.db);
  admin = await t.signIn({ admin: true });
  brandId = (await insertBrands(t.db, { name: 'Ledger Brand' }))[0]!.id;
  const policy = await admin.inject({ method: 'PUT', url: '/api/return-policy', payload: { windowDays: 30, conditions: '' } });
  expect(policy.statusCode).toBe(200);
});
afterAll(() => t?.close());

let products = 0;
/** A product made through the admin's form: its one variant opens the ledger with an admin edit. */
async function formProduct(stock: number) {
  products += 1;
  const res = await admin.inject({
    method: 'POST',
    url: '/api/products',
    payload: { name: `Ledger Paddle ${products}`, price: '30.00', brandId, stock, sku: `LEDGER-${products}-${Date.now().toString(36)}` },
  });
  expect(res.statusCode, res.body).toBe(201);
  const productId = res.json().id as number;
  const [variant] = await t.db.select({ id: productVariants.id }).from(productVariants).where(eq(productVariants.productId, productId));
  return { productId, variantId: variant!.id };
}

async function history(variantId: number, query = ''): Promise<StockLedgerEntry[]> {
  const res = await admin.inject({ url: `/api/admin/variants/${variantId}/stock-history${query}` });
  expect(res.statusCode, res.body).toBe(200);
  return StockHistory.parse(res.json()).entries;
}

const latest = async (variantId: number) => (await history(variantId, '?limit=1'))[0]!;

async function checkout(productId: number, quantity: number) {
  const res = await t.app.inject({ method: 'POST', url: '/api/create-payment-intent', payload: checkoutBody([{ productId, quantity }]) });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { paymentIntentId: string; orderId: number };
}

async function pay(paymentIntentId: string, number = GOOD) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/payments/simulated/confirm',
    payload: { paymentIntentId, card: { number, expMonth: 12, expYear: nextYear, cvc: '123' } },
  });
  expect(res.statusCode, res.body).toBe(200);
}

async function orderNumber(orderId: number) {
  const [row] = await t.db.select({ orderNumber: orders.orderNumber }).from(orders).where(eq(orders.id, orderId));
  return row!.orderNumber;
}

describe('the stock ledger', () => {
  it('records the admin form, sales, declines, expiries, cancels, refunds and returns, each with its reason and level', async () => {
    const { productId, variantId } = await formProduct(5);
    expect(await latest(variantId)).toMatchObject({
      reason: 'admin_edit',
      change: 5,
      level: 5,
      order: null,
      actor: { id: admin.id, username: admin.username },
    });

    const edited = await admin.inject({ method: 'PATCH', url: `/api/products/${productId}`, payload: { stock: 12, stockWas: 5 } });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(await latest(variantId)).toMatchObject({ reason: 'admin_edit', change: 7, level: 12, actor: { id: admin.id } });

    const sold = await checkout(productId, 2);
    expect(await latest(variantId)).toMatchObject({
      reason: 'sale',
      change: -2,
      level: 10,
      order: { id: sold.orderId, orderNumber: await orderNumber(sold.orderId) },
      actor: null,
    });
    await pay(sold.paymentIntentId);

    const declined = await checkout(productId, 1);
    await pay(declined.paymentIntentId, DECLINED);
    expect(await latest(variantId)).toMatchObject({ reason: 'decline', change: 1, level: 10, order: { id: declined.orderId } });

    const abandoned = await checkout(productId, 3);
    // what the expiry sweep does to an unpaid order past its deadline
    expect(await closeUnpaidOrder(t.services.payments, abandoned.orderId, 'expire', { actor: 'system' })).toBe(true);
    expect(await latest(variantId)).toMatchObject({ reason: 'expiry', change: 3, level: 10, order: { id: abandoned.orderId } });

    const [line] = await t.db.select({ id: orderItems.id }).from(orderItems).where(eq(orderItems.orderId, sold.orderId));
    const refunded = await admin.inject({
      method: 'POST',
      url: `/api/orders/${sold.orderId}/refunds`,
      payload: { kind: 'lines', lines: [{ itemId: line!.id, quantity: 1, restock: true }], reason: 'Cracked', requestId: newRequestId() },
    });
    expect(refunded.statusCode, refunded.body).toBe(200);
    expect(await latest(variantId)).toMatchObject({ reason: 'refund_restock', change: 1, level: 11, order: { id: sold.orderId } });

    const cancelled = await admin.inject({ method: 'PATCH', url: `/api/orders/${sold.orderId}/status`, payload: { status: 'cancelled' } });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(await latest(variantId)).toMatchObject({ reason: 'cancel', change: 1, level: 12, order: { id: sold.orderId } });

    const returned = await checkout(productId, 2);
    await pay(returned.paymentIntentId);
    for (const status of ['shipped', 'delivered']) {
      const moved = await admin.inject({ method: 'PATCH', url: `/api/orders/${returned.orderId}/status`, payload: { status } });
      expect(moved.statusCode, moved.body).toBe(200);
    }
    const number = await orderNumber(returned.orderId);
    const [returnedLine] = await t.db.select({ id: orderItems.id }).from(orderItems).where(eq(orderItems.orderId, returned.orderId));
    const asked = await t.app.inject({
      method: 'POST',
      url: `/api/orders/number/${number}/returns`,
      payload: {
        key: t.services.orderLinks.sign(number).key,
        lines: [{ itemId: returnedLine!.id, quantity: 2 }],
        reason: 'Too stiff',
        requestId: newRequestId(),
      },
    });
    expect(asked.statusCode, asked.body).toBe(200);
    const returnId = asked.json().returns[0].id as number;
    expect((await admin.inject({ method: 'POST', url: `/api/returns/${returnId}/approve`, payload: { instructions: 'Label' } })).statusCode).toBe(200);
    const received = await admin.inject({
      method: 'POST',
      url: `/api/returns/${returnId}/receive`,
      payload: { lines: [{ itemId: returnedLine!.id, restock: true }] },
    });
    expect(received.statusCode, received.body).toBe(200);
    expect(await latest(variantId)).toMatchObject({ reason: 'return_receive', change: 2, level: 12, order: { id: returned.orderId } });

    // newest first, each level the one before plus its change, summing to the stock
    const entries = await history(variantId);
    expect(entries.map((entry) => entry.reason)).toEqual([
      'return_receive',
      'sale',
      'cancel',
      'refund_restock',
      'expiry',
      'sale',
      'decline',
      'sale',
      'sale',
      'admin_edit',
      'admin_edit',
    ]);
    const oldestFirst = [...entries].reverse();
    oldestFirst.forEach((entry, index) => expect(entry.level).toBe((oldestFirst[index - 1]?.level ?? 0) + entry.change));
    expect(await stockLedgerMismatches(t.db)).toEqual([]);
  });

  it('records the product editor and the CSV import under the admin who saved them', async () => {
    const { productId, variantId } = await formProduct(4);
    const loaded = await admin.inject({ url: `/api/admin/products/${productId}/document` });
    const document = loaded.json();
    const saved = await admin.inject({
      method: 'PUT',
      url: `/api/admin/products/${productId}/document`,
      payload: { ...document, variants: document.variants.map((variant: { stock: number }) => ({ ...variant, stockWas: variant.stock, stock: 9 })) },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(await latest(variantId)).toMatchObject({ reason: 'variant_edit', change: 5, level: 9, actor: { id: admin.id } });

    const exported = await admin.inject({ url: '/api/admin/products/export.csv' });
    const [header, ...rows] = exported.body.trim().split('\n');
    const stockColumn = header!.split(',').indexOf('stock');
    const row = rows.find((candidate) => candidate.includes(`Ledger Paddle ${products}`))!;
    const cells = row.split(',');
    cells[stockColumn] = '3';
    const imported = await admin.inject({
      method: 'POST',
      url: '/api/admin/products/import?commit=1',
      headers: { 'content-type': 'text/csv' },
      payload: `${header}\n${cells.join(',')}\n`,
    });
    expect(imported.statusCode, imported.body).toBe(200);
    expect(await latest(variantId)).toMatchObject({ reason: 'csv_import', change: -6, level: 3, actor: { id: admin.id } });
    expect(await stockLedgerMismatches(t.db)).toEqual([]);
  });

  it('answers admins only, refuses a bad id or limit and a variant there is not', async () => {
    const { variantId } = await formProduct(2);
    const url = `/api/admin/variants/${variantId}/stock-history`;
    expect((await t.app.inject({ url })).statusCode).toBe(401);
    const shopper = await t.signIn();
    expect((await shopper.inject({ url })).statusCode).toBe(403);

    const badId = await admin.inject({ url: '/api/admin/variants/abc/stock-history' });
    expect(badId.statusCode).toBe(400);
    expect(badId.json().message).toBe('Invalid id: id: Id must be a positive integer');
    for (const limit of ['0', '201', 'ten']) {
      const res = await admin.inject({ url: `${url}?limit=${limit}` });
      expect(res.statusCode, limit).toBe(400);
      expect(res.json().message).toBe('Invalid stock history request: limit: Limit must be a whole number from 1 to 200');
    }
    const missing = await admin.inject({ url: '/api/admin/variants/99999999/stock-history' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe('Variant not found');

    const answer = await admin.inject({ url });
    expect(StockHistory.parse(answer.json())).toMatchObject({ variantId, stock: 2, entries: [{ reason: 'admin_edit', change: 2, level: 2 }] });
  });
});
