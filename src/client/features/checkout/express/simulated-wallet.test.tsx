import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { ExpressQuoteResult } from '#common/schemas/express-checkout.ts';
import { fakeApi, fails, ok, type SentRequest } from '#client/test/fake-api.ts';
import { paymentIntent, publicConfig } from '#client/test/fixtures.ts';
import { renderInShop } from '#client/test/render.tsx';
import { currentCartToken } from '../cart-token.ts';
import type { CheckoutLine } from '../checkout-rules.ts';
import ExpressCheckout from './express-checkout.tsx';

// The simulator's wallet: the sheet that plays Apple Pay, repricing per contact, then Pay through the
// wallet's routes and the simulator's confirmation. One paddle at $40.00, shipping $5.99; Texas taxes 8.20 %.

const LINES: CheckoutLine[] = [{ product: { id: 7, name: 'Wallet Paddle', price: '40.00' }, variantId: null, quantity: 1 }];

function quoted(tax: number): ExpressQuoteResult {
  return {
    shippingOptions: [{ id: 'standard', label: 'Standard shipping', amountCents: 599 }],
    totals: { subtotal: 4000, discount: 0, shipping: 599, tax, total: 4599 + tax },
    taxIncluded: true,
    taxFallback: false,
  };
}

/** Texas (the shop's state) is taxed, Oregon is not: as the server's state rates answer. */
const quoteByState = (request: SentRequest) => ok(quoted((request.body as { address: { state: string } }).address.state === 'TX' ? 328 : 0));

function walletApi(overrides: Record<string, Parameters<typeof fakeApi>[0][string]> = {}) {
  return fakeApi({
    'GET /api/config': ok(publicConfig()),
    'POST /api/express-checkout/quote': quoteByState,
    'POST /api/express-checkout/orders': (request) => ok(paymentIntent('pi_wallet', quoted(0).totals, { amount: (request.body as { amount: number }).amount })),
    'POST /api/payments/simulated/confirm': ok({ status: 'succeeded', redirectUrl: '/order-confirmation' }),
    ...overrides,
  });
}

async function openWallet(scope: 'cart' | 'item' = 'cart') {
  const view = renderInShop(<ExpressCheckout lines={LINES} scope={scope} />, { path: scope === 'cart' ? '/cart' : '/products/wallet-paddle' });
  await view.user.click(await screen.findByRole('button', { name: 'Simulated wallet' }));
  const sheet = await screen.findByRole('dialog', { name: 'Simulated wallet' });
  return { ...view, sheet };
}

describe('the simulated wallet', () => {
  it('is not offered for a cart holding a gift card: the wallet cannot carry its recipient (decision 066)', async () => {
    const giftCard: CheckoutLine = {
      product: { id: 8, name: 'Gift Card', price: '25.00' },
      variantId: null,
      quantity: 1,
      giftCard: { recipientName: 'Robin Rally', recipientEmail: 'robin@example.com', message: undefined, deliverOn: '2026-12-24' },
    };
    walletApi();
    // beside a cart without one, drawn from the same answer: once that wallet shows, the gift card cart's would have
    renderInShop(
      <>
        <ExpressCheckout lines={LINES} scope="cart" />
        <ExpressCheckout lines={[...LINES, giftCard]} scope="cart" />
      </>,
      { path: '/cart' },
    );
    expect(await screen.findAllByRole('button', { name: 'Simulated wallet' })).toHaveLength(1);
  });

  it("prices the first contact's city, state and ZIP code (no street, as a wallet), and reprices when the other is chosen", async () => {
    const api = walletApi();
    const { user, sheet } = await openWallet();

    expect(await within(sheet).findByRole('button', { name: 'Pay $49.27' })).toBeEnabled();
    expect(within(sheet).getByText('Tax').nextElementSibling).toHaveTextContent('$3.28');
    expect(api.sentTo('POST /api/express-checkout/quote')[0]?.body).toEqual({
      items: [{ productId: 7, quantity: 1 }],
      couponCode: null,
      address: { city: 'Austin', state: 'TX', zip: '78701', country: 'US' },
    });

    await user.click(within(sheet).getByRole('radio', { name: /Sam Okafor/ }));
    expect(await within(sheet).findByRole('button', { name: 'Pay $45.99' })).toBeEnabled();
    expect(within(sheet).getByText('Tax').nextElementSibling).toHaveTextContent('$0.00');
    expect(api.sentTo('POST /api/express-checkout/quote').at(-1)?.body).toMatchObject({ address: { state: 'OR', zip: '97204' } });
  });

  it("pays the cart: the order with the contact's full address and the total shown, the simulator's confirmation, then the confirmation page", async () => {
    const api = walletApi();
    const token = currentCartToken();
    const { user, sheet, history } = await openWallet('cart');
    await user.click(await within(sheet).findByRole('button', { name: 'Pay $49.27' }));

    await waitFor(() => expect(history.at(-1)).toBe('/order-confirmation?payment_intent=pi_wallet&redirect_status=succeeded'));
    expect(api.sentTo('POST /api/express-checkout/orders')[0]?.body).toEqual({
      customerName: 'Jamie Rivera',
      customerEmail: 'jamie.rivera@example.com',
      phone: '(512) 555-0143',
      shippingAddress: { street: '1100 Congress Ave', city: 'Austin', state: 'TX', zip: '78701', country: 'US' },
      items: [{ productId: 7, quantity: 1 }],
      couponCode: null,
      cartToken: token,
      shippingOptionId: 'standard',
      amount: 4927,
    });
    expect(api.sentTo('POST /api/payments/simulated/confirm')[0]?.body).toMatchObject({ paymentIntentId: 'pi_wallet', card: { number: '4242424242424242' } });
    // paid: the next checkout of the cart starts with a new token
    expect(currentCartToken()).not.toBe(token);
  });

  it('buy now pays with a token of its own and tells the confirmation page to keep the cart', async () => {
    const api = walletApi();
    const token = currentCartToken();
    const { user, sheet, history } = await openWallet('item');
    await user.click(await within(sheet).findByRole('button', { name: 'Pay $49.27' }));

    await waitFor(() => expect(history.at(-1)).toBe('/order-confirmation?cart=kept&payment_intent=pi_wallet&redirect_status=succeeded'));
    const sent = api.sentTo('POST /api/express-checkout/orders')[0]?.body as { cartToken: string };
    expect(sent.cartToken).not.toBe(token);
    expect(currentCartToken()).toBe(token);
  });

  it('shows why the shop refused the order and the new total to pay', async () => {
    let quotes = 0;
    walletApi({
      // the price rose between the sheet's quote and Pay
      'POST /api/express-checkout/quote': () => ok(quoted((quotes += 1) === 1 ? 328 : 410)),
      'POST /api/express-checkout/orders': fails(409, 'The total is now $50.09. Please review your order and pay again.'),
    });
    const { user, sheet, history } = await openWallet();
    await user.click(await within(sheet).findByRole('button', { name: 'Pay $49.27' }));

    expect(await within(sheet).findByRole('alert')).toHaveTextContent('The total is now $50.09. Please review your order and pay again.');
    expect(await within(sheet).findByRole('button', { name: 'Pay $50.09' })).toBeEnabled();
    expect(history.at(-1)).toBe('/cart');
  });

  it('says so when the payment is declined, and stays on the page', async () => {
    walletApi({ 'POST /api/payments/simulated/confirm': ok({ status: 'failed', message: 'Your card was declined.', redirectUrl: '/order-confirmation' }) });
    const { user, sheet, history } = await openWallet();
    await user.click(await within(sheet).findByRole('button', { name: 'Pay $49.27' }));

    expect(await within(sheet).findByRole('alert')).toHaveTextContent('Your card was declined.');
    expect(history.at(-1)).toBe('/cart');
  });

  it("shows the quote's refusal instead of a total (an item no longer sold)", async () => {
    walletApi({ 'POST /api/express-checkout/quote': fails(400, 'Product 7 no longer exists. Please remove it from your cart.') });
    const { sheet } = await openWallet();
    expect(await within(sheet).findByRole('alert')).toHaveTextContent('Product 7 no longer exists. Please remove it from your cart.');
    expect(within(sheet).getByRole('button', { name: 'Pay' })).toBeDisabled();
  });

  it('shows nothing with nothing to pay for', async () => {
    walletApi();
    renderInShop(<ExpressCheckout lines={[]} scope="cart" />);
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Simulated wallet' })).not.toBeInTheDocument());
  });
});
