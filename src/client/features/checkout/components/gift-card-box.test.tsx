import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { GIFT_CARD_NOT_FOUND_MESSAGE } from '#common/schemas/gift-cards.ts';
import { fakeApi, fails, ok } from '#client/test/fake-api.ts';
import { builtInShippingRates, paymentIntent, publicConfig, siteSettings, taxResult } from '#client/test/fixtures.ts';
import { fillCustomer, fillShippingAddress, summaryValue } from '#client/test/checkout-steps.ts';
import { fillIn, renderInShop } from '#client/test/render.tsx';
import { setAppliedCoupon } from '../applied-coupon.ts';
import { clearGiftCards } from '../applied-gift-cards.ts';
import { CheckoutForm, type CheckoutCart } from './checkout-form.tsx';

// Checkout's gift card box: a code is checked, applied by its last four with what it covers, and sent with
// the payment; the card payment is what is left. Two $60 paddles, free shipping, $8.70 tax: $128.70.

const CODE = 'WXYZ-2345-6789-ABCD';
const NORMALIZED = 'WXYZ23456789ABCD';

function checkoutCart() {
  return {
    items: [{ product: { id: 1, name: 'Court Pro Paddle', price: '60.00' }, variantId: null, quantity: 2 }],
    soldOutLines: 0,
    clear: vi.fn(),
    refresh: vi.fn(async () => undefined),
  } satisfies CheckoutCart;
}

type Answer = Parameters<typeof fakeApi>[0][string];

const partPaid = ok(paymentIntent('pi_gift', { subtotal: 12000, discount: 0, shipping: 0, tax: 870, total: 12870 }, { amount: 7870, giftCardCents: 5000 }));

function shopApi(balance: Answer, placed: Answer = partPaid) {
  return fakeApi({
    'GET /api/site-settings': ok(siteSettings({ shippingCost: '10.00', freeShippingThreshold: '100.00' })),
    'GET /api/user': fails(401, 'Not signed in'),
    'GET /api/config': ok(publicConfig()),
    'GET /api/shipping/destinations': ok({ caProvinces: [] }),
    'POST /api/tax/calculate': ok(taxResult(870, 0.0725)),
    // unanswered, the page prices by the applied coupon alone (decision 058); automatic discounts have their own test
    'POST /api/discounts/preview': fails(503, 'No discount preview here'),
    'POST /api/shipping/rates': builtInShippingRates({ 1: 6000, 2: 1250 }, 1000, 10000),
    'POST /api/gift-cards/balance': balance,
    'POST /api/create-payment-intent': placed,
  });
}

async function applyCode(user: Parameters<typeof fillIn>[0], code = CODE) {
  await user.click(screen.getByRole('button', { name: /^(Pay with a|Add another) gift card$/ }));
  const box = within(screen.getByRole('form', { name: 'Gift card' }));
  await fillIn(user, box.getByRole('textbox', { name: 'Gift card' }), code);
  await user.click(box.getByRole('button', { name: 'Apply gift card' }));
}

beforeEach(() => {
  setAppliedCoupon(null);
  clearGiftCards();
});

describe('the gift card box', () => {
  it('applies a card by its last four with what it covers, shows what is left to pay and sends the code with the payment', async () => {
    const api = shopApi(ok({ last4: 'ABCD', balanceCents: 5000, status: 'active' }));
    const { user } = renderInShop(<CheckoutForm cart={checkoutCart()} />, { path: '/checkout' });
    await fillCustomer(user);
    await fillShippingAddress(user);
    await waitFor(() => expect(summaryValue('Total')).toBe('$128.70'));

    await applyCode(user);
    const applied = within(await screen.findByRole('list', { name: 'Applied gift cards' }));
    expect(applied.getByRole('listitem')).toHaveTextContent('Gift card ending in ABCD: covers $50.00 (balance $50.00)');
    expect(api.sentTo('POST /api/gift-cards/balance')[0]?.body).toEqual({ code: CODE });
    const payment = within(screen.getByLabelText('Gift card payment'));
    expect(payment.getByText('Gift card (…ABCD)').nextElementSibling).toHaveTextContent('-$50.00');
    expect(payment.getByText('Left to pay by card').nextElementSibling).toHaveTextContent('$78.70');

    await user.click(screen.getByRole('button', { name: 'Continue to Payment' }));
    await waitFor(() => expect(api.sentTo('POST /api/create-payment-intent')[0]?.body).toMatchObject({ giftCardCodes: [NORMALIZED], amount: 7870 }));
    expect(await screen.findByText(/^Amount to pay:/)).toHaveTextContent('Amount to pay: $78.70');
  });

  it('takes a card off again: the payment rows go and the card payment is the whole total', async () => {
    shopApi(ok({ last4: 'ABCD', balanceCents: 5000, status: 'active' }));
    const { user } = renderInShop(<CheckoutForm cart={checkoutCart()} />, { path: '/checkout' });
    await applyCode(user);
    await user.click(await screen.findByRole('button', { name: 'Remove gift card ending in ABCD' }));
    expect(screen.queryByRole('list', { name: 'Applied gift cards' })).not.toBeInTheDocument();
    expect(screen.queryByText('Left to pay by card')).not.toBeInTheDocument();
  });

  it('pays the whole order when the card holds more: nothing left by card, the button places the order and goes to the confirmation', async () => {
    const api = shopApi(
      ok({ last4: 'ABCD', balanceCents: 50000, status: 'active' }),
      ok(
        paymentIntent(
          'gift_card_0123456789abcdef01234567',
          { subtotal: 12000, discount: 0, shipping: 0, tax: 870, total: 12870 },
          { amount: 0, giftCardCents: 12870, clientSecret: null, paid: true },
        ),
      ),
    );
    const cart = checkoutCart();
    const wallet = <button type="button">Simulated wallet</button>;
    const { user, history } = renderInShop(<CheckoutForm cart={cart} expressCheckout={wallet} />, { path: '/checkout' });
    await fillCustomer(user);
    await fillShippingAddress(user);
    await waitFor(() => expect(summaryValue('Total')).toBe('$128.70'));
    expect(screen.getByRole('button', { name: 'Simulated wallet' })).toBeInTheDocument();
    await applyCode(user);
    // a wallet would charge the whole total: it cannot carry the gift card, so it goes while one is applied
    expect(screen.queryByRole('button', { name: 'Simulated wallet' })).not.toBeInTheDocument();
    expect(await screen.findByText(/covers \$128\.70 \(balance \$500\.00\)/)).toBeInTheDocument();
    expect(screen.getByText('Left to pay by card').nextElementSibling).toHaveTextContent('$0.00');
    expect(screen.getByText('Your gift cards pay the whole order, so no card is needed.')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Place Order' }));
    await waitFor(() => expect(history.at(-1)).toBe('/order-confirmation?payment_intent=gift_card_0123456789abcdef01234567&redirect_status=succeeded'));
    expect(api.sentTo('POST /api/create-payment-intent')[0]?.body).toMatchObject({ giftCardCodes: [NORMALIZED], amount: 0 });
    expect(screen.queryByText(/^Amount to pay:/)).not.toBeInTheDocument();
    expect(cart.clear).toHaveBeenCalled();
  });

  it.each([
    ['an unknown code', fails(404, GIFT_CARD_NOT_FOUND_MESSAGE), GIFT_CARD_NOT_FOUND_MESSAGE],
    ['a disabled card', ok({ last4: 'ABCD', balanceCents: 5000, status: 'disabled' }), 'The gift card ending in ABCD is disabled'],
    ['an empty card', ok({ last4: 'ABCD', balanceCents: 0, status: 'active' }), 'The gift card ending in ABCD has no balance left'],
    ['too many checks', fails(429, 'Too many balance checks, please try again in 1 minute'), 'Too many balance checks, please try again in 1 minute'],
  ])('refuses %s with the reason beside the field, and applies nothing', async (_case, answer, message) => {
    shopApi(answer);
    const { user } = renderInShop(<CheckoutForm cart={checkoutCart()} />, { path: '/checkout' });
    await applyCode(user);
    expect(await screen.findByRole('alert')).toHaveTextContent(message);
    expect(screen.getByRole('textbox', { name: 'Gift card' })).toHaveAttribute('aria-invalid', 'true');
    expect(screen.queryByRole('list', { name: 'Applied gift cards' })).not.toBeInTheDocument();
  });

  it('refuses the same card twice without asking the shop again', async () => {
    const api = shopApi(ok({ last4: 'ABCD', balanceCents: 5000, status: 'active' }));
    const { user } = renderInShop(<CheckoutForm cart={checkoutCart()} />, { path: '/checkout' });
    await applyCode(user);
    await screen.findByRole('list', { name: 'Applied gift cards' });
    await applyCode(user, NORMALIZED.toLowerCase());
    expect(await screen.findByRole('alert')).toHaveTextContent('This gift card is already applied');
    expect(api.sentTo('POST /api/gift-cards/balance')).toHaveLength(1);
  });
});
