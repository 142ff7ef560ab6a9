import { describe, expect, it } from 'vitest';
import type { CheckoutLine } from './checkout-rules.ts';
import { checkoutTotals } from './checkout-totals.ts';
import { shippingMethods } from './shipping-methods.ts';

// The page's totals follow the server's (decision 066): a gift card is e-mailed, so the settings' $5.99 under $50
// prices the parcel's lines alone, and a cart of only gift cards pays no shipping before the server has answered.

const settings = { shippingCost: '5.99', freeShippingThreshold: '50.00' };
const card: CheckoutLine = {
  product: { id: 1, name: 'Gift Card', price: '50.00' },
  variantId: 11,
  quantity: 1,
  giftCard: { recipientName: 'Robin Rally', recipientEmail: 'robin@example.com', message: undefined, deliverOn: '2026-12-24' },
};
const paddle = (price: string): CheckoutLine => ({ product: { id: 2, name: 'Paddle', price }, quantity: 1 });

describe('checkout totals with gift cards', () => {
  it('charges no shipping for a cart of only gift cards and offers the e-mail delivery', () => {
    const totals = checkoutTotals([card], null, settings, 0);
    expect(totals).toEqual({ subtotal: 5000, discount: 0, shipping: 0, tax: 0, total: 5000, freeShippingGapCents: null });
    expect(shippingMethods(totals, undefined, true)).toEqual([{ id: 'email', name: 'Delivered by e-mail', kind: 'delivery', priceCents: 0 }]);
  });

  it('prices shipping on the paddle alone: $50 card and $20 paddle pay $5.99, $30.00 short of free shipping', () => {
    expect(checkoutTotals([card, paddle('20.00')], null, settings, 0)).toEqual({
      subtotal: 7000,
      discount: 0,
      shipping: 599,
      tax: 0,
      total: 7599,
      freeShippingGapCents: 3000,
    });
    expect(checkoutTotals([card, paddle('50.00')], null, settings, 0)).toMatchObject({ shipping: 0, total: 10000, freeShippingGapCents: null });
  });

  it('keeps the spec’s rule for a cart without gift cards, and takes the server’s method price when given', () => {
    expect(checkoutTotals([paddle('20.00')], null, settings, 0)).toMatchObject({ shipping: 599, total: 2599, freeShippingGapCents: 3000 });
    expect(checkoutTotals([paddle('50.00')], null, settings, 0)).toMatchObject({ shipping: 0, total: 5000 });
    expect(checkoutTotals([card, paddle('20.00')], null, settings, 0, 1250)).toMatchObject({ shipping: 1250, total: 8250, freeShippingGapCents: null });
    expect(shippingMethods({ shipping: 599 }, undefined)).toEqual([{ id: 'standard', name: 'Standard shipping', kind: 'delivery', priceCents: 599 }]);
  });
});
