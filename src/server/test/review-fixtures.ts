import { checkoutBody, placeAndPay } from '#server/test/checkout-fixtures.ts';
import type { SignedIn } from '#server/test/test-app.ts';

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

/** A paid order of the product by this shopper (the simulator's card), as a buyer's would be. */
export async function buyProduct(shopper: SignedIn, productId: number): Promise<number> {
  const { orderId } = await placeAndPay(shopper.inject, checkoutBody([{ productId, quantity: 1 }]));
  return orderId;
}

export const postReview = (shopper: SignedIn, productId: number, payload: Record<string, unknown> = goodReview) =>
  shopper.inject({ method: 'POST', url: `/api/products/${productId}/reviews`, payload });
