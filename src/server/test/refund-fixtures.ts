import { asc, eq } from 'drizzle-orm';
import type { TestApp } from './test-app.ts';
import { orderItems } from '#server/db/schema.ts';
import { addCoupon, addProduct, checkoutBody } from './checkout-fixtures.ts';

const nextYear = new Date().getUTCFullYear() + 1;

/**
 * An order paid through the card simulator: two lines (2 × $30 paddle, 1 × $10 balls), free
 * shipping over $50, and the shipping address's sales tax on top.
 */
export async function paidSimulatedOrder(t: TestApp) {
  const paddle = await addProduct(t.db, { name: 'Refund Paddle', price: '30.00', stock: 5 });
  const balls = await addProduct(t.db, { name: 'Refund Balls', price: '10.00', stock: 5 });
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/create-payment-intent',
    payload: checkoutBody([
      { productId: paddle.id, quantity: 2 },
      { productId: balls.id, quantity: 1 },
    ]),
  });
  if (res.statusCode !== 200) throw new Error(`checkout failed: ${res.body}`);
  const { paymentIntentId, orderId } = res.json() as { paymentIntentId: string; orderId: number };
  const paid = await t.app.inject({
    method: 'POST',
    url: '/api/payments/simulated/confirm',
    payload: { paymentIntentId, card: { number: '4242424242424242', expMonth: 12, expYear: nextYear, cvc: '123' } },
  });
  if (paid.json().status !== 'succeeded') throw new Error(`payment failed: ${paid.body}`);
  const items = await t.db.select().from(orderItems).where(eq(orderItems.orderId, orderId)).orderBy(orderItems.id);
  return { orderId, paymentIntentId, paddle, balls, paddleLine: items[0]!, ballsLine: items[1]! };
}

let requests = 0;
/** A fresh request id, as the admin's refund form makes one each time it opens. */
export const newRequestId = () => `req-${Date.now().toString(36)}-${++requests}`;

let coupons = 0;

/**
 * An order of the given lines (a product of its own for each, in this order), with a coupon when
 * given, shipped to Texas (8.2 % on the goods after the discount) and paid through the card
 * simulator; its lines as stored.
 */
export async function paidOrderOf(t: TestApp, items: Array<{ price: string; quantity: number }>, coupon?: { type: 'percentage' | 'fixed'; amount: string }) {
  const products = [];
  for (const item of items) products.push(await addProduct(t.db, { price: item.price, stock: 50 }));
  let couponCode: string | undefined;
  if (coupon) {
    couponCode = `PAID${++coupons}${Date.now().toString(36).toUpperCase()}`;
    await addCoupon(t.db, { code: couponCode, ...coupon });
  }
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/create-payment-intent',
    payload: checkoutBody(
      products.map((product, index) => ({ productId: product.id, quantity: items[index]!.quantity })),
      couponCode ? { couponCode } : {},
    ),
  });
  if (res.statusCode !== 200) throw new Error(`checkout failed: ${res.body}`);
  const { paymentIntentId, orderId } = res.json() as { paymentIntentId: string; orderId: number };
  const paid = await t.app.inject({
    method: 'POST',
    url: '/api/payments/simulated/confirm',
    payload: { paymentIntentId, card: { number: '4242424242424242', expMonth: 12, expYear: nextYear, cvc: '123' } },
  });
  if (paid.json().status !== 'succeeded') throw new Error(`payment failed: ${paid.body}`);
  // stored by variant id, which follows the products' order here
  const lines = await t.db.select().from(orderItems).where(eq(orderItems.orderId, orderId)).orderBy(asc(orderItems.id));
  return { orderId, lines };
}
