import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orders, refunds } from '#server/db/schema.ts';
import { configureShop } from '#server/test/checkout-fixtures.ts';
import { newRequestId, paidOrderOf } from '#server/test/refund-fixtures.ts';
import { createTestApp, type SignedIn, type TestApp } from '#server/test/test-app.ts';
import { startFakeTaxjar, type FakeTaxjar } from './testing/fake-taxjar.ts';

// Where TaxJar taxes shipping, the order keeps that part of its tax apart (orders.shipping_tax): it
// goes back with the shipping, and the lines' tax shares split the rest (issue 28).

const lastAmount = async (t: TestApp, orderId: number) => {
  const rows = await t.db.select().from(refunds).where(eq(refunds.orderId, orderId)).orderBy(asc(refunds.id));
  return rows.at(-1)!.amount;
};
const orderRow = async (t: TestApp, id: number) => (await t.db.select().from(orders).where(eq(orders.id, id)))[0]!;

describe('exact refunds where shipping is taxed (TaxJar)', () => {
  let t: TestApp;
  let admin: SignedIn;
  let taxjar: FakeTaxjar;
  beforeAll(async () => {
    taxjar = await startFakeTaxjar();
    taxjar.rates = { TX: 0.0825 };
    taxjar.freightTaxable = true;
    t = await createTestApp({ TAXJAR_API_KEY: 'tj_test_key', TAXJAR_API_URL: taxjar.url });
    await configureShop(t.db, { freeShippingThreshold: '500' });
    admin = await t.signIn({ admin: true });
  });
  afterAll(async () => {
    await t.close();
    await taxjar.close();
  });

  it('keeps the shipping’s tax for the shipping refund', async () => {
    const refund = (orderId: number, body: object) =>
      admin.inject({ method: 'POST', url: `/api/orders/${orderId}/refunds`, payload: { reason: 'Exact', requestId: newRequestId(), ...body } });
    const { orderId, lines } = await paidOrderOf(t, [{ price: '20.00', quantity: 3 }]);
    // goods: 8.25 % of 60.00 = 4.95; shipping: 8.25 % of 5.99 = 0.49
    expect(await orderRow(t, orderId)).toMatchObject({ taxTotal: '5.44', shippingTax: '0.49', total: '71.43' });
    expect(lines[0]).toMatchObject({ taxAllocated: '4.95' });
    await refund(orderId, { kind: 'lines', lines: [{ itemId: lines[0]!.id, quantity: 3 }] });
    expect(await lastAmount(t, orderId)).toBe('64.95');
    await refund(orderId, { kind: 'lines', lines: [], shipping: true });
    expect(await lastAmount(t, orderId)).toBe('6.48');
    expect(await orderRow(t, orderId)).toMatchObject({ paymentStatus: 'refunded', refundedTotal: '71.43' });
  });
});
