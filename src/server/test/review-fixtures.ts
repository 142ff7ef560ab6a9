import { expect } from 'vitest';
import { checkoutBody } from '#server/test/checkout-fixtures.ts';
import type { SignedIn, TestApp } from '#server/test/test-app.ts';

// Test data for the reviews tests (vitest only; nothing in the app imports it).

export const goodReview = {
  rating: 5,
  title: 'Great pop at the kitchen line',
  body: 'Soft feel, lots of control in dinks.\nSecond line.',
  skillLevel: '3.5',
  playFormat: 'doubles',
  playStyle: 'control',
  usagePeriod: '1_6_months',
};

const nextYear = new Date().getUTCFullYear() + 1;

/** A paid order of the product by this shopper (the simulator's card), as a buyer's would be. */
export async function buyProduct(t: TestApp, shopper: SignedIn, productId: number): Promise<number> {
  const res = await shopper.inject({ method: 'POST', url: '/api/create-payment-intent', payload: checkoutBody([{ productId, quantity: 1 }]) });
  expect(res.statusCode, res.body).toBe(200);
  const { orderId, paymentIntentId } = res.json() as { orderId: number; paymentIntentId: string };
  const paid = await t.app.inject({
    method: 'POST',
    url: '/api/payments/simulated/confirm',
    payload: { paymentIntentId, card: { number: '4242424242424242', expMonth: 12, expYear: nextYear, cvc: '123' } },
  });
  expect(paid.statusCode, paid.body).toBe(200);
  return orderId;
}

export const postReview = (shopper: SignedIn, productId: number, payload: Record<string, unknown> = goodReview) =>
  shopper.inject({ method: 'POST', url: `/api/products/${productId}/reviews`, payload });
