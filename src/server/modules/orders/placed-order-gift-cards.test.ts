import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CustomerOrderView } from '#common/schemas/customer-orders.ts';
import { PlacedOrderView } from '#common/schemas/placed-order.ts';
import { addProduct, checkoutBody, configureShop } from '#server/test/checkout-fixtures.ts';
import { createTestApp, type SignedIn, type TestApp } from '#server/test/test-app.ts';

// The confirmation page and the customer's order page say what the gift cards paid, each card masked, and what
// the card payment paid, worked out on the server (decision 071). PGlite, or PostgreSQL with DATABASE_URL.

let t: TestApp;
let admin: SignedIn;
const nextYear = new Date().getFullYear() + 1;
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.signIn({ admin: true });
  await configureShop(t.db);
}, 600_000);
afterAll(async () => {
  await t.close();
});

const issue = async (amountCents: number) =>
  (await admin.inject({ method: 'POST', url: '/api/admin/gift-cards', payload: { amountCents } })).json() as { id: number; code: string };

/** An order of one product at `price`, the cards paying what they can and the card simulator the rest. */
async function placed(price: string, codes: string[]) {
  const product = await addProduct(t.db, { price, stock: 10 });
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/create-payment-intent',
    payload: { ...checkoutBody([{ productId: product.id, quantity: 1 }]), giftCardCodes: codes },
  });
  expect(res.statusCode, res.body).toBe(200);
  const body = res.json() as { paymentIntentId: string; amount: number };
  if (body.amount > 0) {
    const paid = await t.app.inject({
      method: 'POST',
      url: '/api/payments/simulated/confirm',
      payload: { paymentIntentId: body.paymentIntentId, card: { number: '4242424242424242', expMonth: 12, expYear: nextYear, cvc: '123' } },
    });
    expect(paid.json().status, paid.body).toBe('succeeded');
  }
  const view = PlacedOrderView.parse((await t.app.inject({ url: `/api/orders/by-payment-intent/${body.paymentIntentId}` })).json());
  const key = t.services.orderLinks.sign(view.orderNumber).key;
  const page = await t.app.inject({ url: `/api/orders/number/${view.orderNumber}?key=${encodeURIComponent(key)}` });
  expect(page.statusCode, page.body).toBe(200);
  return { view, customer: CustomerOrderView.parse(page.json()) };
}

describe('what gift cards paid, on the confirmation and order pages', () => {
  it("names each card's part by its last four and the card payment's part", async () => {
    const first = await issue(1000);
    const second = await issue(1500);
    const { view, customer } = await placed('60.00', [first.code, second.code]);
    const cardCents = Math.round(Number(view.total) * 100) - 2500;
    const card = (cardCents / 100).toFixed(2);
    expect(view.paidBy).toEqual({
      giftCards: [
        { last4: first.code.slice(-4), amount: '10.00' },
        { last4: second.code.slice(-4), amount: '15.00' },
      ],
      card,
    });
    expect(customer.payment).toMatchObject({ giftCards: view.paidBy!.giftCards, cardAmount: card, cardLast4: '4242' });
  });

  it('says the cards paid it all when they did, and nothing of gift cards when none paid', async () => {
    const big = await issue(50_000);
    const whole = await placed('30.00', [big.code]);
    expect(whole.view.paidBy).toEqual({ giftCards: [{ last4: big.code.slice(-4), amount: whole.view.total }], card: '0.00' });
    expect(whole.customer.payment).toMatchObject({ cardAmount: '0.00' });

    const none = await placed('30.00', []);
    expect(none.view.paidBy).toBeNull();
    expect(none.customer.payment).toMatchObject({ giftCards: [], cardAmount: null });
  });
});
