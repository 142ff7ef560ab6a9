import { asc, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ProductDocument } from '#common/schemas/product-document.ts';
import { orderItems, orders, productTypes, stockLedger } from '#server/db/schema.ts';
import { saveProductDocument } from '#server/modules/catalog-admin/catalog-admin-service.ts';
import { closeUnpaidOrder } from '#server/modules/payments/payment-service.ts';
import { insertBrands } from '#server/test/catalog-fixtures.ts';
import { checkoutBody, configureShop } from '#server/test/checkout-fixtures.ts';
import { newRequestId } from '#server/test/refund-fixtures.ts';
import { createTestApp, type SignedIn, type TestApp } from '#server/test/test-app.ts';
import { stockLedgerMismatches } from './stock-ledger-service.ts';

// The ledger's promise: a variant's stock is the sum of its entries, and each entry's level is the
// one before plus its change, whatever runs at once. Shoppers check out on two instances of one
// database (on PostgreSQL: the embedded database serves one process), and their orders are declined,
// paid and cancelled, left to expire, or delivered and returned, while the owner edits the stock.

const onPostgres = Boolean(process.env.DATABASE_URL);
const nextYear = new Date().getUTCFullYear() + 1;
const SHOPPERS = 12;
const ROUNDS = 4;

let first: TestApp;
let second: TestApp;
let admin: SignedIn;
beforeAll(async () => {
  first = await createTestApp();
  second = onPostgres ? await createTestApp({}, { shareDatabaseWith: first }) : first;
  await configureShop(first.db);
  admin = await first.signIn({ admin: true });
  const policy = await admin.inject({ method: 'PUT', url: '/api/return-policy', payload: { windowDays: 30, conditions: '' } });
  expect(policy.statusCode).toBe(200);
});
afterAll(async () => {
  if (second !== first) await second?.close();
  await first?.close();
});

async function twoVariantPaddle() {
  const [paddles] = await first.db.select({ id: productTypes.id }).from(productTypes).where(eq(productTypes.slug, 'paddles'));
  const [brand] = await insertBrands(first.db, { name: 'Invariant Brand' });
  const { document } = await saveProductDocument(
    { db: first.db },
    ProductDocument.parse({
      name: 'Invariant Paddle',
      brandId: brand!.id,
      productTypeId: paddles!.id,
      variants: [
        { sku: 'INV-14', price: '30.00', stock: 6, options: { core_thickness: '14 mm' } },
        { sku: 'INV-16', price: '30.00', stock: 4, options: { core_thickness: '16 mm' } },
      ],
    }),
    { source: { reason: 'variant_edit', actorUserId: admin.id } },
  );
  return { productId: document.id, variantIds: document.variants.map((variant) => variant.id) };
}

describe('the stock ledger under concurrent checkouts, declines, cancels, expiries, returns and edits', () => {
  it('keeps every variant at the sum of its entries, each level the one before plus its change', async () => {
    const { productId, variantIds } = await twoVariantPaddle();
    const statuses: number[] = [];
    const note = <Res extends { statusCode: number }>(res: Res): Res => {
      statuses.push(res.statusCode);
      return res;
    };
    const adminCall = (options: Parameters<SignedIn['inject']>[0]) => admin.inject(options).then(note);

    const deliverAndReturn = async (orderId: number) => {
      await adminCall({ method: 'PATCH', url: `/api/orders/${orderId}/status`, payload: { status: 'shipped' } });
      await adminCall({ method: 'PATCH', url: `/api/orders/${orderId}/status`, payload: { status: 'delivered' } });
      const [order] = await first.db.select({ orderNumber: orders.orderNumber }).from(orders).where(eq(orders.id, orderId));
      const [line] = await first.db.select().from(orderItems).where(eq(orderItems.orderId, orderId));
      const asked = note(
        await second.app.inject({
          method: 'POST',
          url: `/api/orders/number/${order!.orderNumber}/returns`,
          payload: {
            key: first.services.orderLinks.sign(order!.orderNumber).key,
            lines: [{ itemId: line!.id, quantity: line!.quantity }],
            reason: 'Too stiff',
            requestId: newRequestId(),
          },
        }),
      );
      if (asked.statusCode !== 200) return;
      const returnId = asked.json().returns[0].id as number;
      await adminCall({ method: 'POST', url: `/api/returns/${returnId}/approve`, payload: { instructions: 'Label' } });
      await adminCall({ method: 'POST', url: `/api/returns/${returnId}/receive`, payload: { lines: [{ itemId: line!.id, restock: true }] } });
    };

    const shopper = async (index: number) => {
      for (let round = 0; round < ROUNDS; round += 1) {
        const variantId = variantIds[(index + round) % 2]!;
        const instance = (index % 2 ? first : second).app;
        const created = note(
          await instance.inject({
            method: 'POST',
            url: '/api/create-payment-intent',
            payload: checkoutBody([{ productId, variantId, quantity: 1 + (round % 2) }], { customerEmail: `shopper${index}@example.com` }),
          }),
        );
        if (created.statusCode !== 200) continue;
        const { paymentIntentId, orderId } = created.json() as { paymentIntentId: string; orderId: number };
        const fate = (index + round) % 4;
        if (fate === 2) {
          // left unpaid: the expiry sweep closes it
          await closeUnpaidOrder(second.services.payments, orderId, 'expire', { actor: 'system' });
          continue;
        }
        const number = fate === 0 ? '4000000000000002' : '4242424242424242';
        const paying = (round % 2 ? first : second).app;
        note(
          await paying.inject({
            method: 'POST',
            url: '/api/payments/simulated/confirm',
            payload: { paymentIntentId, card: { number, expMonth: 12, expYear: nextYear, cvc: '123' } },
          }),
        );
        if (fate === 1) await adminCall({ method: 'PATCH', url: `/api/orders/${orderId}/status`, payload: { status: 'cancelled' } });
        if (fate === 3) await deliverAndReturn(orderId);
      }
    };

    // the owner tops stock up meanwhile, through the editor's conditional save (a 409 when a sale came first)
    const owner = async () => {
      for (let edit = 0; edit < 6; edit += 1) {
        const loaded = await adminCall({ url: `/api/admin/products/${productId}/document` });
        const document = loaded.json() as { variants: Array<{ stock: number }> };
        await adminCall({
          method: 'PUT',
          url: `/api/admin/products/${productId}/document`,
          payload: {
            ...document,
            variants: document.variants.map((variant, at) => ({ ...variant, stockWas: variant.stock, stock: variant.stock + (at === edit % 2 ? 2 : 0) })),
          },
        });
      }
    };

    await Promise.all([...Array.from({ length: SHOPPERS }, (_, index) => shopper(index)), owner()]);

    expect(statuses.filter((status) => status >= 500)).toEqual([]);
    expect(await stockLedgerMismatches(first.db)).toEqual([]);
    const entries = await first.db.select().from(stockLedger).where(inArray(stockLedger.variantId, variantIds)).orderBy(asc(stockLedger.id));
    for (const variantId of variantIds) {
      const own = entries.filter((entry) => entry.variantId === variantId);
      own.forEach((entry, index) => expect(entry.level, `entry ${entry.id}`).toBe((own[index - 1]?.level ?? 0) + entry.change));
    }
    const reasons = new Set(entries.map((entry) => entry.reason));
    for (const reason of ['variant_edit', 'sale', 'decline', 'expiry', 'cancel', 'return_receive']) expect(reasons, reason).toContain(reason);
  });
});
