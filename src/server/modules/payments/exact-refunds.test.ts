import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { toCents } from '#common/money.ts';
import { refundableOrder, refundBreakdown } from '#common/refund-allocation.ts';
import { AdminOrderDetail } from '#common/schemas/order-refunds.ts';
import { orders, refunds } from '#server/db/schema.ts';
import { configureShop } from '#server/test/checkout-fixtures.ts';
import { newRequestId, paidOrderOf } from '#server/test/refund-fixtures.ts';
import { createTestApp, type SignedIn, type TestApp } from '#server/test/test-app.ts';

// Issue 28, finding 3: a line refund gives back what the customer paid for those units (their price
// less their share of the discount plus their share of the tax), and every line plus the shipping
// gives back the order's total to the cent. Texas orders: 8.2 % on the goods after the discount and on the
// shipping, which Texas taxes (decision 049): the shipping refund carries its own tax.

function refunder(admin: SignedIn) {
  return async (orderId: number, body: object) => {
    const res = await admin.inject({ method: 'POST', url: `/api/orders/${orderId}/refunds`, payload: { reason: 'Exact', requestId: newRequestId(), ...body } });
    return res;
  };
}

const lastAmount = async (t: TestApp, orderId: number) => {
  const rows = await t.db.select().from(refunds).where(eq(refunds.orderId, orderId)).orderBy(asc(refunds.id));
  return rows.at(-1)!.amount;
};
const orderRow = async (t: TestApp, id: number) => (await t.db.select().from(orders).where(eq(orders.id, id)))[0]!;

describe('exact refunds on the built-in Texas rate', () => {
  let t: TestApp;
  let admin: SignedIn;
  let refund: ReturnType<typeof refunder>;
  beforeAll(async () => {
    t = await createTestApp();
    // $5.99 shipping under $500
    await configureShop(t.db, { freeShippingThreshold: '500' });
    admin = await t.signIn({ admin: true });
    refund = refunder(admin);
  });
  afterAll(() => t.close());

  it('refunds one $249.99 unit of an 8.2 %-taxed order as $270.49, the price and its tax', async () => {
    const { orderId, lines } = await paidOrderOf(t, [{ price: '249.99', quantity: 2 }]);
    expect(await orderRow(t, orderId)).toMatchObject({ subtotal: '499.98', taxTotal: '41.49', shippingTotal: '5.99', shippingTax: '0.49', total: '547.46' });
    expect(lines[0]).toMatchObject({ discountAllocated: '0.00', taxAllocated: '41.00' });

    const one = await refund(orderId, { kind: 'lines', lines: [{ itemId: lines[0]!.id, quantity: 1 }] });
    expect(one.statusCode, one.body).toBe(200);
    expect(await lastAmount(t, orderId)).toBe('270.49');
    const two = await refund(orderId, { kind: 'lines', lines: [{ itemId: lines[0]!.id, quantity: 1 }], shipping: true });
    expect(two.statusCode, two.body).toBe(200);
    expect(await lastAmount(t, orderId)).toBe('276.97');
    expect(await orderRow(t, orderId)).toMatchObject({ paymentStatus: 'refunded', refundedTotal: '547.46' });
  });

  it('stores each line’s share of the discount and tax, and every line plus the shipping gives back the total (the documented example)', async () => {
    const { orderId, lines } = await paidOrderOf(
      t,
      [
        { price: '129.99', quantity: 2 },
        { price: '24.99', quantity: 1 },
      ],
      { type: 'percentage', amount: '15' },
    );
    expect(await orderRow(t, orderId)).toMatchObject({
      subtotal: '284.97',
      discountTotal: '42.75',
      shippingTotal: '5.99',
      taxTotal: '20.35',
      shippingTax: '0.49',
      total: '268.56',
    });
    expect(lines.map(({ discountAllocated, taxAllocated }) => ({ discountAllocated, taxAllocated }))).toEqual([
      { discountAllocated: '39.00', taxAllocated: '18.12' },
      { discountAllocated: '3.75', taxAllocated: '1.74' },
    ]);
    const [paddle, balls] = lines;

    // the admin page shows what a refund will give back, from the same rule the server charges by
    const detail = AdminOrderDetail.parse((await admin.inject({ url: `/api/orders/${orderId}` })).json());
    const preview = refundBreakdown(refundableOrder(detail.order, false), { kind: 'lines', lines: [{ itemId: paddle!.id, quantity: 1 }], shipping: false });
    expect(preview).toMatchObject({ goodsCents: 12999, discountCents: 1950, taxCents: 906, totalCents: 11955 });

    const first = await refund(orderId, { kind: 'lines', lines: [{ itemId: paddle!.id, quantity: 1 }] });
    expect(first.statusCode, first.body).toBe(200);
    expect(await lastAmount(t, orderId)).toBe('119.55');
    expect(await lastAmount(t, orderId)).toBe((preview.totalCents / 100).toFixed(2));
    await refund(orderId, { kind: 'lines', lines: [{ itemId: balls!.id, quantity: 1 }] });
    expect(await lastAmount(t, orderId)).toBe('22.98');
    const shippingOnly = await refund(orderId, { kind: 'lines', lines: [], shipping: true });
    expect(shippingOnly.statusCode, shippingOnly.body).toBe(200);
    expect(await lastAmount(t, orderId)).toBe('6.48');
    const again = await refund(orderId, { kind: 'lines', lines: [], shipping: true });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toMatch(/shipping of order #PB-\w+ has already been refunded/);
    await refund(orderId, { kind: 'lines', lines: [{ itemId: paddle!.id, quantity: 1 }] });
    expect(await lastAmount(t, orderId)).toBe('119.55');
    expect(await orderRow(t, orderId)).toMatchObject({ paymentStatus: 'refunded', refundedTotal: '268.56' });
  });

  it('refunds a line unit by unit for the same cents as at once, the odd cents on the first units', async () => {
    const items = [{ price: '33.33', quantity: 3 }];
    const coupon = { type: 'fixed' as const, amount: '1.00' };
    const byUnit = await paidOrderOf(t, items, coupon);
    const atOnce = await paidOrderOf(t, items, coupon);
    // $1.00 over three units (34 + 33 + 33 cents) and 8.2 % of $98.99 = $8.12 (271 + 271 + 270)
    expect(byUnit.lines[0]).toMatchObject({ discountAllocated: '1.00', taxAllocated: '8.12' });
    const amounts = [];
    for (let unit = 0; unit < 3; unit += 1) {
      const res = await refund(byUnit.orderId, { kind: 'lines', lines: [{ itemId: byUnit.lines[0]!.id, quantity: 1 }] });
      expect(res.statusCode, res.body).toBe(200);
      amounts.push(await lastAmount(t, byUnit.orderId));
    }
    expect(amounts).toEqual(['35.70', '35.71', '35.70']);
    await refund(atOnce.orderId, { kind: 'lines', lines: [{ itemId: atOnce.lines[0]!.id, quantity: 3 }] });
    expect(await lastAmount(t, atOnce.orderId)).toBe('107.11');
    expect(amounts.reduce((sum, amount) => sum + toCents(amount), 0)).toBe(10711);
    // what is left is the shipping, for both
    for (const { orderId } of [byUnit, atOnce]) {
      const row = await orderRow(t, orderId);
      expect(toCents(row.total) - toCents(row.refundedTotal)).toBe(648);
    }
  });

  it('keeps refunds of an amount, "everything left" and the captured ceiling as they were', async () => {
    const { orderId, lines } = await paidOrderOf(t, [{ price: '40.00', quantity: 2 }], { type: 'percentage', amount: '10' });
    // 80.00 - 8.00 + 5.99 + 8.2 % of 77.99 (6.40) = 84.39
    expect((await orderRow(t, orderId)).total).toBe('84.39');
    expect((await refund(orderId, { kind: 'amount', amount: '50.00' })).statusCode).toBe(200);
    // one unit: 40.00 - 4.00 + 2.95 = 38.95, more than the 34.39 left
    const tooMuch = await refund(orderId, { kind: 'lines', lines: [{ itemId: lines[0]!.id, quantity: 1 }] });
    expect(tooMuch.statusCode).toBe(409);
    expect(tooMuch.json().message).toMatch(/A refund of \$38\.95 is more than the \$34\.39 left/);
    const rest = await refund(orderId, { kind: 'full' });
    expect(rest.statusCode, rest.body).toBe(200);
    expect(await lastAmount(t, orderId)).toBe('34.39');
    const [row] = await t.db.select().from(refunds).where(eq(refunds.orderId, orderId)).orderBy(asc(refunds.id)).offset(1);
    expect(row).toMatchObject({ shipping: true, lines: [{ itemId: lines[0]!.id, quantity: 2, restock: false }] });
  });

  it('prices a return’s refund like a line refund', async () => {
    const { orderId, lines } = await paidOrderOf(t, [{ price: '30.00', quantity: 2 }], { type: 'percentage', amount: '15' });
    // 60.00 - 9.00 = 51.00, taxed 4.18: one unit is 30.00 - 4.50 + 2.09 = 27.59
    expect(lines[0]).toMatchObject({ discountAllocated: '9.00', taxAllocated: '4.18' });
    expect((await admin.inject({ method: 'PUT', url: '/api/return-policy', payload: { windowDays: 30, conditions: '' } })).statusCode).toBe(200);
    expect((await admin.inject({ method: 'PATCH', url: `/api/orders/${orderId}/status`, payload: { status: 'shipped' } })).statusCode).toBe(200);
    expect((await admin.inject({ method: 'PATCH', url: `/api/orders/${orderId}/status`, payload: { status: 'delivered' } })).statusCode).toBe(200);
    const { orderNumber } = await orderRow(t, orderId);
    const { key } = t.services.orderLinks.sign(orderNumber);
    const asked = await t.app.inject({
      method: 'POST',
      url: `/api/orders/number/${orderNumber}/returns`,
      payload: { key, reason: 'Too heavy', lines: [{ itemId: lines[0]!.id, quantity: 1 }], requestId: newRequestId() },
    });
    expect(asked.statusCode, asked.body).toBe(200);
    const returnId = (asked.json() as { returns: Array<{ id: number }> }).returns.at(-1)!.id;
    const act = (step: string, payload: object) => admin.inject({ method: 'POST', url: `/api/returns/${returnId}/${step}`, payload });
    expect((await act('approve', { instructions: 'Post it' })).statusCode).toBe(200);
    const approved = await act('receive', { lines: [] });
    expect(approved.statusCode).toBe(200);
    expect(approved.json().returns[0]).toMatchObject({ valueCents: 2759 });
    const refunded = await act('refund', {});
    expect(refunded.statusCode, refunded.body).toBe(200);
    expect(await lastAmount(t, orderId)).toBe('27.59');
  });
});
