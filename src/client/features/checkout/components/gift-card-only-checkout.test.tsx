import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, fails, ok } from '#client/test/fake-api.ts';
import { paymentIntent, publicConfig, siteSettings } from '#client/test/fixtures.ts';
import { summaryValue } from '#client/test/checkout-steps.ts';
import { fillIn, renderInShop } from '#client/test/render.tsx';
import { setAppliedCoupon } from '../applied-coupon.ts';
import { clearGiftCards } from '../applied-gift-cards.ts';
import { CheckoutForm, type CheckoutCart } from './checkout-form.tsx';

// A cart of gift cards alone ships nothing and is not taxed (decision 071): checkout asks the e-mail and the
// buyer's name, no address, and the payment is made without one.

function giftCardCart() {
  return {
    items: [
      {
        product: { id: 7, name: 'Shop Gift Card', price: '25.00' },
        variantId: 70,
        quantity: 1,
        giftCard: { recipientName: 'Robin Rally', recipientEmail: 'robin@example.com', message: undefined, deliverOn: '2026-12-24' },
      },
    ],
    soldOutLines: 0,
    clear: vi.fn(),
    refresh: vi.fn(async () => undefined),
  } satisfies CheckoutCart;
}

function shopApi() {
  return fakeApi({
    'GET /api/site-settings': ok(siteSettings({ shippingCost: '5.99', freeShippingThreshold: '50.00' })),
    'GET /api/user': fails(401, 'Not signed in'),
    'GET /api/config': ok(publicConfig()),
    'GET /api/shipping/destinations': ok({ caProvinces: [] }),
    'POST /api/discounts/preview': fails(503, 'No discount preview here'),
    'POST /api/create-payment-intent': ok(paymentIntent('pi_card_only', { subtotal: 2500, discount: 0, shipping: 0, tax: 0, total: 2500 })),
  });
}

beforeEach(() => {
  setAppliedCoupon(null);
  clearGiftCards();
});

describe('checking out a cart of gift cards alone', () => {
  it('asks the e-mail and the name, no address, and pays the whole without tax or shipping', async () => {
    const api = shopApi();
    const { user } = renderInShop(<CheckoutForm cart={giftCardCart()} />, { path: '/checkout' });
    expect(screen.queryByRole('group', { name: 'Shipping Address' })).not.toBeInTheDocument();
    expect(screen.queryByLabelText('Street address')).not.toBeInTheDocument();
    expect(screen.getByText('Gift cards are e-mailed, so no shipping address is needed.')).toBeInTheDocument();
    await waitFor(() => expect(summaryValue('Total')).toBe('$25.00'));
    expect(summaryValue('Tax')).toBe('None on gift cards');

    // the name is still needed: it is the order's, and the sender the recipient is told of
    const contact = within(screen.getByRole('group', { name: 'Contact' }));
    await fillIn(user, contact.getByLabelText('Email'), 'dana@example.com');
    await user.click(screen.getByRole('button', { name: 'Continue to Payment' }));
    expect(await screen.findByText('Customer name required')).toBeInTheDocument();
    expect(contact.getByLabelText('Full name')).toHaveFocus();
    expect(api.sentTo('POST /api/create-payment-intent')).toHaveLength(0);

    await fillIn(user, contact.getByLabelText('Full name'), 'Dana Dinker');
    await user.click(screen.getByRole('button', { name: 'Continue to Payment' }));
    await waitFor(() => expect(api.sentTo('POST /api/create-payment-intent')).toHaveLength(1));
    const body = api.sentTo('POST /api/create-payment-intent')[0]!.body as Record<string, unknown>;
    expect(body).toMatchObject({ customerName: 'Dana Dinker', customerEmail: 'dana@example.com', amount: 2500 });
    expect(body).not.toHaveProperty('shippingAddress');
    expect(await screen.findByText(/^Amount to pay:/)).toHaveTextContent('Amount to pay: $25.00');
  });
});
