import { cleanup, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { PaymentStatusResult } from '#common/schemas/checkout.ts';
import { ORDER_EMAIL_HAS_ACCOUNT } from '#common/schemas/order-account.ts';
import { PlacedOrderView } from '#common/schemas/placed-order.ts';
import { fakeApi, fails, ok, type Answer } from '#client/test/fake-api.ts';
import { orderView, siteSettings } from '#client/test/fixtures.ts';
import { renderInShop } from '#client/test/render.tsx';
import OrderConfirmationPage from './order-confirmation-page.tsx';

type Route = Answer | (() => Answer);

// /order-confirmation: the outcome the spec names for each way back from the card provider, and the
// order once it is paid.

/** The confirmation page's read: the order with pictures, shipping, and (for the browser that placed it) its link and the offer. */
const placedOrder = (extra: Partial<PlacedOrderView> = {}): PlacedOrderView =>
  PlacedOrderView.parse({
    ...orderView(),
    items: orderView().items.map((item) => ({ ...item, imageUrl: '/uploads/court-pro.webp' })),
    shipping: { method: 'Standard shipping', estimate: { earliest: '2026-12-02', latest: '2026-12-04' } },
    orderLink: null,
    accountOffer: false,
    ...extra,
  });
const paidOrder = placedOrder();

const status = (overrides: Partial<PaymentStatusResult>): PaymentStatusResult => ({
  success: false,
  status: 'requires_payment_method',
  orderId: 31,
  paymentStatus: 'pending',
  ...overrides,
});

function openConfirmation(path: string, answers: { status?: Answer; order?: Answer; account?: Route } = {}) {
  const api = fakeApi({
    'GET /api/site-settings': ok(siteSettings()),
    'GET /api/check-payment-status/pi_1': answers.status ?? fails(404, 'Payment not found'),
    'GET /api/orders/by-payment-intent/pi_1': answers.order ?? ok(paidOrder),
    ...(answers.account ? { 'POST /api/account/from-order': answers.account } : {}),
  });
  const onPaid = vi.fn();
  const { user } = renderInShop(<OrderConfirmationPage onPaid={onPaid} />, { path });
  return { api, onPaid, user };
}

const succeeded = status({ success: true, status: 'succeeded', paymentStatus: 'succeeded' });
const shopper = {
  id: 9,
  username: 'dana',
  email: 'dana@example.com',
  fullName: 'Dana Dinker',
  marketingConsent: false,
  isAdmin: false,
  createdAt: '2026-11-28T09:05:00.000Z',
};

describe('the order confirmation page', () => {
  it('confirms a payment the server says succeeded, shows the order and empties the cart once', async () => {
    const { onPaid } = openConfirmation('/order-confirmation?payment_intent=pi_1&redirect_status=succeeded', {
      status: ok(status({ success: true, status: 'succeeded', paymentStatus: 'succeeded' })),
    });

    expect(await screen.findByRole('heading', { name: 'Payment Successful', level: 1 })).toBeInTheDocument();
    expect(screen.getByText('Thank you for your purchase. A confirmation e-mail is on its way.')).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'Order #PB-7K3Q9D' })).toBeInTheDocument();
    expect(screen.getByText('Paid')).toBeInTheDocument();
    expect(screen.getByRole('list', { name: 'Items' })).toHaveTextContent('Court Pro Paddle × 2$120.00');
    expect(screen.getByText('Total').nextElementSibling).toHaveTextContent('$128.70');
    expect(screen.getByText('dana@example.com')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Continue Shopping' })).toHaveAttribute('href', '/shop');
    expect(screen.getByRole('link', { name: 'Home' })).toHaveAttribute('href', '/');
    expect(onPaid).toHaveBeenCalledOnce();
  });

  it('shows each line’s picture, the shipping method and delivery estimate, and no link or offer to someone holding only the payment', async () => {
    openConfirmation('/order-confirmation?payment_intent=pi_1', { status: ok(succeeded) });

    const items = await screen.findByRole('list', { name: 'Items' });
    expect(items.querySelector('img')).toHaveAttribute('src', '/uploads/court-pro.webp');
    expect(screen.getByRole('heading', { name: 'Standard shipping' })).toBeInTheDocument();
    expect(screen.getByText('Estimated delivery: Wed, Dec 2 – Fri, Dec 4')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'View order' })).not.toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Create an account to track this order' })).not.toBeInTheDocument();
  });

  it('shows where the order ships, and no "Shipping to" for a cart of gift cards alone placed without an address', async () => {
    openConfirmation('/order-confirmation?payment_intent=pi_1', { status: ok(succeeded) });
    expect(await screen.findByRole('heading', { name: 'Shipping to' })).toBeInTheDocument();
    cleanup();
    openConfirmation('/order-confirmation?payment_intent=pi_1', {
      status: ok(succeeded),
      order: ok(
        placedOrder({
          street: null,
          city: null,
          state: null,
          zipCode: null,
          shipping: { method: 'Delivered by e-mail', estimate: { earliest: '2026-11-29', latest: '2026-11-29' } },
        }),
      ),
    });
    expect(await screen.findByRole('heading', { name: 'Delivered by e-mail' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Shipping to' })).not.toBeInTheDocument();
    expect(screen.getByText('Confirmation sent to')).toBeInTheDocument();
  });

  it('links to the order page and turns the guest order into an account with one password', async () => {
    const link = '/orders/PB-7K3Q9D?key=1767225600.abc';
    const { api, user } = openConfirmation('/order-confirmation?payment_intent=pi_1', {
      status: ok(succeeded),
      order: ok(placedOrder({ orderLink: link, accountOffer: true })),
      account: ok({ user: shopper, orderNumber: 'PB-7K3Q9D', addressSaved: true }),
    });

    expect(await screen.findByRole('link', { name: 'View order' })).toHaveAttribute('href', link);
    const offer = screen.getByRole('region', { name: 'Create an account to track this order' });
    expect(offer).toHaveTextContent('Your account uses dana@example.com.');
    expect(within(offer).queryAllByRole('textbox')).toHaveLength(0);

    await user.click(within(offer).getByRole('button', { name: 'Create account' }));
    expect(await within(offer).findByText('Password must be at least 8 characters')).toBeInTheDocument();
    expect(api.sentTo('POST /api/account/from-order')).toHaveLength(0);

    await user.type(within(offer).getByLabelText('Password'), 'kitchen-line dinks at dawn');
    await user.click(within(offer).getByRole('button', { name: 'Create account' }));

    expect(await screen.findByRole('heading', { name: 'Your account is ready' })).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent(
      'You are signed in as dana. Order #PB-7K3Q9D is in your order history and its address is saved for your next checkout.',
    );
    expect(screen.getByRole('link', { name: 'View your orders' })).toHaveAttribute('href', '/profile');
    expect(api.sentTo('POST /api/account/from-order')[0]?.body).toEqual({ paymentIntentId: 'pi_1', password: 'kitchen-line dinks at dawn' });
  });

  it('says why the account was not made: beside the password, or above the button with the way to sign in', async () => {
    let answer = fails(400, 'Password is too easy to guess', [{ path: 'password', message: 'Password is too easy to guess' }]);
    const { user } = openConfirmation('/order-confirmation?payment_intent=pi_1', {
      status: ok(succeeded),
      order: ok(placedOrder({ orderLink: '/orders/PB-7K3Q9D?key=k', accountOffer: true })),
      account: () => answer,
    });
    const offer = await screen.findByRole('region', { name: 'Create an account to track this order' });
    await user.type(within(offer).getByLabelText('Password'), 'password123');
    await user.click(within(offer).getByRole('button', { name: 'Create account' }));

    expect(await within(offer).findByText('Password is too easy to guess')).toBeInTheDocument();
    expect(within(offer).getByLabelText('Password')).toHaveAttribute('aria-invalid', 'true');

    answer = fails(409, ORDER_EMAIL_HAS_ACCOUNT);
    await user.click(within(offer).getByRole('button', { name: 'Create account' }));
    const alert = await within(offer).findByRole('alert');
    expect(alert).toHaveTextContent(ORDER_EMAIL_HAS_ACCOUNT);
    expect(within(alert).getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/auth');
  });

  it('still confirms the payment when the order cannot be loaded', async () => {
    openConfirmation('/order-confirmation?payment_intent=pi_1', {
      status: ok(status({ success: true, status: 'succeeded', paymentStatus: 'succeeded' })),
      order: fails(500, 'Internal Server Error'),
    });

    expect(await screen.findByRole('heading', { name: 'Payment Successful' })).toBeInTheDocument();
    expect(await screen.findByText('Order details could not be loaded. Your order has still been processed.')).toBeInTheDocument();
  });

  it('says the payment failed when the provider sends the shopper back with a failure', async () => {
    const { api, onPaid } = openConfirmation('/order-confirmation?payment_intent=pi_1&redirect_status=failed', {
      status: ok(status({ paymentStatus: 'failed' })),
    });

    expect(await screen.findByRole('heading', { name: 'Payment Failed' })).toBeInTheDocument();
    expect(screen.getByText("We couldn't process your payment. Please try again.")).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Return to Cart' })).toHaveAttribute('href', '/cart');
    expect(screen.getByRole('link', { name: 'Contact Support' })).toHaveAttribute('href', '/contact');
    expect(onPaid).not.toHaveBeenCalled();
    expect(api.sentTo('GET /api/orders/by-payment-intent/pi_1')).toHaveLength(0);
  });

  it('does not take an address that says succeeded over the shop’s record of a failed payment', async () => {
    const { onPaid } = openConfirmation('/order-confirmation?payment_intent=pi_1&redirect_status=succeeded', {
      status: ok(status({ paymentStatus: 'failed' })),
    });

    expect(await screen.findByRole('heading', { name: 'Payment Failed' })).toBeInTheDocument();
    expect(onPaid).not.toHaveBeenCalled();
  });

  it('receives an order whose payment is still on its way, keeping the cart', async () => {
    const { onPaid } = openConfirmation('/order-confirmation?payment_intent=pi_1', { status: ok(status({ status: 'processing' })) });

    expect(await screen.findByRole('heading', { name: 'Order Received' })).toBeInTheDocument();
    expect(screen.getByText('We have received your order and are confirming your payment.')).toBeInTheDocument();
    expect(onPaid).not.toHaveBeenCalled();
  });

  it('says the status is unknown without a payment or a redirect status', async () => {
    const { api } = openConfirmation('/order-confirmation');

    expect(await screen.findByRole('heading', { name: 'Payment Status Unknown' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Home' })).toHaveAttribute('href', '/');
    expect(screen.getByRole('link', { name: 'Contact Us' })).toHaveAttribute('href', '/contact');
    expect(api.sentTo('GET /api/check-payment-status/pi_1')).toHaveLength(0);
  });
});

describe('the order confirmation page: gift cards that paid', () => {
  it("shows each gift card's part, masked, and the card payment's part, as the server gave them", async () => {
    const paidBy = {
      giftCards: [
        { last4: 'ABCD', amount: '50.00' },
        { last4: 'WXYZ', amount: '20.00' },
      ],
      card: '58.70',
    };
    openConfirmation('/order-confirmation?payment_intent=pi_1', { status: ok(succeeded), order: ok(placedOrder({ paidBy })) });

    expect(await screen.findByText('Paid by gift card ••••ABCD')).toBeInTheDocument();
    expect(screen.getByText('Paid by gift card ••••ABCD').nextElementSibling).toHaveTextContent('$50.00');
    expect(screen.getByText('Paid by gift card ••••WXYZ').nextElementSibling).toHaveTextContent('$20.00');
    expect(screen.getByText('Paid by card').nextElementSibling).toHaveTextContent('$58.70');
  });

  it('shows no card line when the gift cards paid it all, and no payment lines when none paid', async () => {
    const paidBy = { giftCards: [{ last4: 'ABCD', amount: '128.70' }], card: '0.00' };
    openConfirmation('/order-confirmation?payment_intent=pi_1', { status: ok(succeeded), order: ok(placedOrder({ paidBy })) });
    expect(await screen.findByText('Paid by gift card ••••ABCD')).toBeInTheDocument();
    expect(screen.queryByText('Paid by card')).not.toBeInTheDocument();
    cleanup();

    openConfirmation('/order-confirmation?payment_intent=pi_1', { status: ok(succeeded) });
    expect(await screen.findByRole('heading', { name: 'Order #PB-7K3Q9D' })).toBeInTheDocument();
    expect(screen.queryByText(/Paid by/)).not.toBeInTheDocument();
  });
});
