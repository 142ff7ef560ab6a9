import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { PaymentStatusResult } from '#common/schemas/checkout.ts';
import { fakeApi, fails, ok, type Answer } from '#client/test/fake-api.ts';
import { orderView, siteSettings } from '#client/test/fixtures.ts';
import { renderInShop } from '#client/test/render.tsx';
import OrderConfirmationPage from './order-confirmation-page.tsx';

// /order-confirmation: the outcome the spec names for each way back from the card provider, and the
// order once it is paid.

const paidOrder = orderView();

const status = (overrides: Partial<PaymentStatusResult>): PaymentStatusResult => ({
  success: false,
  status: 'requires_payment_method',
  orderId: 31,
  paymentStatus: 'pending',
  ...overrides,
});

function openConfirmation(path: string, answers: { status?: Answer; order?: Answer } = {}) {
  const api = fakeApi({
    'GET /api/site-settings': ok(siteSettings()),
    'GET /api/check-payment-status/pi_1': answers.status ?? fails(404, 'Payment not found'),
    'GET /api/orders/by-payment-intent/pi_1': answers.order ?? ok(paidOrder),
  });
  const onPaid = vi.fn();
  renderInShop(<OrderConfirmationPage onPaid={onPaid} />, { path });
  return { api, onPaid };
}

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
