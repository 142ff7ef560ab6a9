import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { fakeApi, fails, ok, type SentRequest } from '#client/test/fake-api.ts';
import { paymentIntent, publicConfig, siteSettings, taxResult, builtInShippingRates } from '#client/test/fixtures.ts';
import { fillCustomer, fillShippingAddress, payWithCard, summaryValue } from '#client/test/checkout-steps.ts';
import { findToast, renderInShop } from '#client/test/render.tsx';
import { CheckoutForm, type CheckoutCart } from './checkout-form.tsx';

// Continue to Payment on /checkout, the card form, a decline and the retry, a total that changed before payment.
// Two paddles at $60.00: subtotal $120.00, free shipping (threshold $100), tax $8.70 -> $128.70.

const PAGE_TOTAL = { subtotal: 12000, discount: 0, shipping: 0, tax: 870, total: 12870 };
const DECLINED = 'Your card was declined.';

function checkoutCart(): CheckoutCart {
  return {
    items: [{ product: { id: 1, name: 'Court Pro Paddle', price: '60.00' }, variantId: null, quantity: 2 }],
    soldOutLines: 0,
    clear: vi.fn(),
    refresh: vi.fn(async () => undefined),
  };
}

function shopApi(payments: ((request: SentRequest) => ReturnType<typeof ok>)[]) {
  let created = 0;
  return fakeApi({
    'GET /api/site-settings': ok(siteSettings({ shippingCost: '10.00', freeShippingThreshold: '100.00' })),
    'GET /api/user': fails(401, 'Not signed in'),
    'GET /api/config': ok(publicConfig()),
    'GET /api/shipping/destinations': ok({ caProvinces: [] }),
    'POST /api/tax/calculate': ok(taxResult(870, 0.0725)),
    // unanswered, the page prices by the applied coupon alone (decision 058); automatic discounts have their own test
    'POST /api/discounts/preview': fails(503, 'No discount preview here'),
    'POST /api/shipping/rates': builtInShippingRates({ 1: 6000 }, 1000, 10000),
    'POST /api/create-payment-intent': (request) => {
      const answer = payments[Math.min(created, payments.length - 1)]!;
      created += 1;
      return answer(request);
    },
  });
}

/** Address and customer filled, tax shown, then Continue to Payment. */
async function proceedToPayment(user: ReturnType<typeof renderInShop>['user']) {
  await fillShippingAddress(user);
  await fillCustomer(user);
  await waitFor(() => expect(summaryValue(/tax/i)).toBe('$8.70'));
  await user.click(screen.getByRole('button', { name: 'Continue to Payment' }));
}

describe('the payment step', () => {
  it('asks for the payment with the page total and shows the amount the server will charge', async () => {
    const api = shopApi([() => ok(paymentIntent('pi_first', PAGE_TOTAL))]);
    const { user } = renderInShop(<CheckoutForm cart={checkoutCart()} />, { path: '/checkout' });

    await proceedToPayment(user);

    expect(await screen.findByRole('heading', { name: 'Payment' })).toBeInTheDocument();
    expect(screen.getByText('Amount to pay:')).toHaveTextContent('Amount to pay: $128.70');
    expect(await screen.findByRole('form', { name: 'Card payment' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Continue to Payment' })).not.toBeInTheDocument();
    const [sent] = api.sentTo('POST /api/create-payment-intent');
    expect(sent?.body).toMatchObject({
      amount: 12870,
      items: [{ productId: 1, quantity: 2 }],
      customerName: 'Dana Dinker',
      customerEmail: 'dana@example.com',
      shippingAddress: { street: '12 Baseline Rd', city: 'Austin', state: 'TX', zip: '78701', country: 'US' },
    });
  });

  it('shows a decline with the spec message, keeps the form, and lets the shopper pay with another card', async () => {
    const api = shopApi([() => ok(paymentIntent('pi_first', PAGE_TOTAL)), () => ok(paymentIntent('pi_second', PAGE_TOTAL))]);
    api.route('POST /api/payments/simulated/confirm', (request) => {
      const { card } = request.body as { card: { number: string } };
      return card.number === '4000000000000002'
        ? ok({ status: 'failed', message: DECLINED, redirectUrl: '/order-confirmation' })
        : ok({ status: 'succeeded', redirectUrl: '/order-confirmation' });
    });
    const cart = checkoutCart();
    const { user, history } = renderInShop(<CheckoutForm cart={cart} />, { path: '/checkout' });
    await proceedToPayment(user);
    await screen.findByRole('form', { name: 'Card payment' });

    await payWithCard(user, { number: '4000 0000 0000 0002' });

    const notice = await screen.findByRole('alert');
    expect(notice).toHaveTextContent(DECLINED);
    expect(notice).toHaveTextContent('Nothing was charged. Enter another card to try again.');
    // the notice takes focus (again once the next payment is ready), so the reason is heard first
    await waitFor(() => expect(screen.getByRole('alert')).toHaveFocus());
    // the spec's toast: "Payment failed" with the provider's message
    const toast = await findToast('Payment failed');
    expect(toast).toHaveTextContent(DECLINED);
    // the declined payment is closed on the server: a new one is ready for the next card
    await waitFor(() => expect(api.sentTo('POST /api/create-payment-intent')).toHaveLength(2));
    expect(screen.getByLabelText('Card number')).toHaveValue('4000 0000 0000 0002');

    await payWithCard(user, { number: '4242 4242 4242 4242' });

    await waitFor(() => expect(history.at(-1)).toBe('/order-confirmation?payment_intent=pi_second&redirect_status=succeeded'));
    expect(api.sentTo('POST /api/payments/simulated/confirm').map((request) => (request.body as { paymentIntentId: string }).paymentIntentId)).toEqual([
      'pi_first',
      'pi_second',
    ]);
    expect(cart.clear).toHaveBeenCalledOnce();
    expect(await findToast('Order placed successfully!')).toHaveTextContent('Thank you for your purchase.');
  });

  it('takes the decline notice away once the shopper edits the card', async () => {
    const api = shopApi([() => ok(paymentIntent('pi_first', PAGE_TOTAL)), () => ok(paymentIntent('pi_second', PAGE_TOTAL))]);
    api.route('POST /api/payments/simulated/confirm', ok({ status: 'failed', message: DECLINED, redirectUrl: '/order-confirmation' }));
    const { user } = renderInShop(<CheckoutForm cart={checkoutCart()} />, { path: '/checkout' });
    await proceedToPayment(user);
    await screen.findByRole('form', { name: 'Card payment' });
    await payWithCard(user, { number: '4000 0000 0000 0002' });
    await screen.findByRole('alert');

    await user.type(screen.getByLabelText('CVC'), '4');

    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('holds the card form back until the shopper accepts a total that changed since the page priced it', async () => {
    const serverTotals = { ...PAGE_TOTAL, subtotal: 13000, tax: 943, total: 13943 };
    shopApi([() => ok(paymentIntent('pi_first', serverTotals))]);
    const cart = checkoutCart();
    const { user } = renderInShop(<CheckoutForm cart={cart} />, { path: '/checkout' });

    await proceedToPayment(user);

    const notice = await screen.findByText(/The shop's total for your order is/);
    expect(notice).toHaveTextContent("The shop's total for your order is $139.43 (the page showed $128.70). You will be charged $139.43.");
    expect(screen.getByText('Amount to pay:')).toHaveTextContent('$139.43');
    expect(screen.queryByRole('form', { name: 'Card payment' })).not.toBeInTheDocument();
    // the lines are read again so they show the shop's prices
    expect(cart.refresh).toHaveBeenCalled();

    await user.click(screen.getByRole('button', { name: 'Continue with $139.43' }));

    expect(await screen.findByRole('form', { name: 'Card payment' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Continue with/ })).not.toBeInTheDocument();
  });

  it('tells the shopper when stock ran out before payment, re-reads the cart and lets them continue again', async () => {
    const api = shopApi([() => fails(409, 'Only 1 left of Court Pro Paddle'), () => ok(paymentIntent('pi_second', PAGE_TOTAL))]);
    const cart = checkoutCart();
    const { user } = renderInShop(<CheckoutForm cart={cart} />, { path: '/checkout' });

    await proceedToPayment(user);

    const toast = await findToast('Error initializing payment');
    expect(toast).toHaveTextContent('Only 1 left of Court Pro Paddle');
    expect(cart.refresh).toHaveBeenCalledOnce();
    expect(screen.queryByRole('form', { name: 'Card payment' })).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Continue to Payment' }));

    expect(await screen.findByRole('form', { name: 'Card payment' })).toBeInTheDocument();
    expect(api.sentTo('POST /api/create-payment-intent')).toHaveLength(2);
  });

  it('starts a new payment when the server says this one has closed meanwhile (409 on Pay Now)', async () => {
    const closed = 'This payment was declined. Please check out again to pay with another card.';
    const api = shopApi([() => ok(paymentIntent('pi_first', PAGE_TOTAL)), () => ok(paymentIntent('pi_second', PAGE_TOTAL))]);
    api.route('POST /api/payments/simulated/confirm', fails(409, closed));
    const { user } = renderInShop(<CheckoutForm cart={checkoutCart()} />, { path: '/checkout' });
    await proceedToPayment(user);
    await screen.findByRole('form', { name: 'Card payment' });

    await payWithCard(user, { number: '4242 4242 4242 4242' });

    expect(await screen.findByRole('alert')).toHaveTextContent(closed);
    await waitFor(() => expect(api.sentTo('POST /api/create-payment-intent')).toHaveLength(2));
  });

  it('says beside each card field what is missing and sends nothing', async () => {
    const api = shopApi([() => ok(paymentIntent('pi_first', PAGE_TOTAL))]);
    api.route('POST /api/payments/simulated/confirm', ok({ status: 'succeeded', redirectUrl: '/order-confirmation' }));
    const { user } = renderInShop(<CheckoutForm cart={checkoutCart()} />, { path: '/checkout' });
    await proceedToPayment(user);
    const form = within(await screen.findByRole('form', { name: 'Card payment' }));

    await payWithCard(user, { number: '4242 4242', expiry: '1', cvc: '' });

    expect(form.getByLabelText('Card number')).toHaveAccessibleDescription('Your card number is incomplete.');
    expect(form.getByLabelText('Expiry (MM/YY)')).toHaveAccessibleDescription("Your card's expiration date is incomplete.");
    expect(form.getByLabelText('CVC')).toHaveAccessibleDescription("Your card's security code is incomplete.");
    expect(form.getByLabelText('CVC')).toBeInvalid();
    expect(api.sentTo('POST /api/payments/simulated/confirm')).toHaveLength(0);
  });
});
