import type { z } from 'zod';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { CustomerOrderView } from '#common/schemas/customer-orders.ts';
import { CustomerReturnsView, type ReturnRequestInput } from '#common/schemas/order-returns.ts';
import { fakeApi, fails, ok } from '#client/test/fake-api.ts';
import { siteSettings } from '#client/test/fixtures.ts';
import { fillIn, findToast, renderInShop } from '#client/test/render.tsx';
import OrderPage from './order-page.tsx';

// /orders/<number>: the customer's own order. Cancel after saying what happens, a return asked for
// with the units and reason checked first, a signed link's key sent with every call, and the refusals
// a link or a signed-out visitor meets.

function customerOrder(overrides: Partial<CustomerOrderView> = {}): CustomerOrderView {
  return CustomerOrderView.parse({
    orderNumber: 'PB-7K3Q9D',
    status: 'processing',
    paymentStatus: 'succeeded',
    createdAt: '2026-11-20T09:00:00.000Z',
    subtotal: '129.00',
    total: '138.35',
    taxTotal: '9.35',
    shippingTotal: '0.00',
    discountTotal: '0.00',
    couponCode: null,
    customerName: 'Dana Dinker',
    customerEmail: 'dana@example.com',
    street: '12 Baseline Rd',
    city: 'Austin',
    state: 'TX',
    zipCode: '78701',
    country: 'US',
    shipsNothing: false,
    payment: { cardBrand: 'visa', cardLast4: '4242' },
    shipping: { carrier: null, trackingNumber: null, trackingUrl: null },
    shipments: [],
    items: [
      {
        id: 1,
        productId: 1,
        productSlug: 'court-pro-paddle',
        productName: 'Court Pro Paddle',
        variantName: '16 mm',
        sku: 'CPP-16',
        quantity: 2,
        price: '60.00',
        imageUrl: null,
        refundedQuantity: 0,
      },
      {
        id: 2,
        productId: 9,
        productSlug: null,
        productName: 'Overgrip',
        variantName: null,
        sku: null,
        quantity: 2,
        price: '4.50',
        imageUrl: null,
        refundedQuantity: 0,
      },
    ],
    refundedTotal: '0.00',
    timeline: [{ event: 'placed', at: '2026-11-20T09:00:00.000Z' }],
    actions: { cancel: true },
    ...overrides,
  });
}

const returns = (overrides: Partial<z.input<typeof CustomerReturnsView>> = {}) =>
  CustomerReturnsView.parse({
    policy: { windowDays: 30, conditions: 'Unused, in the box.' },
    window: { open: true, endsAt: '2026-12-25T12:00:00.000Z' },
    returnable: [
      { itemId: 1, quantity: 2 },
      { itemId: 2, quantity: 0 },
    ],
    returns: [],
    ...overrides,
  });

const ORDER = 'GET /api/orders/number/PB-7K3Q9D';
const RETURNS = 'GET /api/orders/number/PB-7K3Q9D/returns';

function openOrder(routes: Parameters<typeof fakeApi>[0] = {}, path = '/orders/PB-7K3Q9D') {
  const api = fakeApi({ 'GET /api/site-settings': ok(siteSettings()), [ORDER]: ok(customerOrder()), [RETURNS]: ok(returns()), ...routes });
  return { ...renderInShop(<OrderPage orderNumber="PB-7K3Q9D" />, { path }), api };
}

describe("the customer's order page", () => {
  it('shows the order, its totals, payment card and tracking still to come', async () => {
    openOrder();
    expect(await screen.findByRole('heading', { name: 'Order #PB-7K3Q9D', level: 1 })).toBeInTheDocument();
    expect(screen.getByText('Being prepared')).toBeInTheDocument();
    expect(screen.getByText('Shipping', { selector: 'dt' }).nextElementSibling).toHaveTextContent('Free');
    expect(screen.getByText('Total', { selector: 'dt' }).nextElementSibling).toHaveTextContent('$138.35');
    expect(screen.getByText('Visa ending in 4242')).toBeInTheDocument();
    expect(screen.getByText('We will add tracking here when the parcel ships.')).toBeInTheDocument();
  });

  it("shows each gift card's part of the payment, masked, and the card's part, as the server gave them", async () => {
    const payment = { cardBrand: 'visa', cardLast4: '4242', giftCards: [{ last4: 'ABCD', amount: '50.00' }], cardAmount: '88.35' };
    openOrder({ [ORDER]: ok(customerOrder({ payment })) });
    expect(await screen.findByText('Paid by gift card ••••ABCD')).toBeInTheDocument();
    expect(screen.getByText('Paid by gift card ••••ABCD').nextElementSibling).toHaveTextContent('$50.00');
    expect(screen.getByText('Visa ending in 4242').nextElementSibling).toHaveTextContent('$88.35');
  });

  it('shows an order of gift cards alone as e-mailed: no blank address and no tracking to wait for', async () => {
    openOrder({ [ORDER]: ok(customerOrder({ shipsNothing: true, street: null, city: null, state: null, zipCode: null })) });
    expect(await screen.findByRole('heading', { name: 'Delivery' })).toBeInTheDocument();
    expect(screen.getByText('Gift cards, e-mailed — no shipping address.')).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Address' })).not.toBeInTheDocument();
    expect(screen.queryByText('We will add tracking here when the parcel ships.')).not.toBeInTheDocument();
  });

  it('cancels only after the customer confirms, and shows the cancelled order', async () => {
    const { user, api } = openOrder({
      'POST /api/orders/number/PB-7K3Q9D/cancel': ok(
        customerOrder({ status: 'cancelled', paymentStatus: 'refunded', refundedTotal: '138.35', actions: { cancel: false } }),
      ),
    });
    await user.click(await screen.findByRole('button', { name: 'Cancel order' }));
    const dialog = within(screen.getByRole('dialog', { name: 'Cancel order #PB-7K3Q9D?' }));
    expect(dialog.getByText(/the full amount of \$138\.35 goes back to your card/)).toBeInTheDocument();
    await user.click(dialog.getByRole('button', { name: 'Keep order' }));
    expect(api.sentTo('POST /api/orders/number/PB-7K3Q9D/cancel')).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Cancel order' }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Yes, cancel order' }));

    expect(await findToast('Order cancelled')).toHaveTextContent('Order #PB-7K3Q9D is cancelled and refunded to your card.');
    expect(api.sentTo('POST /api/orders/number/PB-7K3Q9D/cancel')[0]?.body).toEqual({});
    expect(screen.getByText('Cancelled and refunded')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Cancel order' })).not.toBeInTheDocument();
    expect(screen.getByText('This order will not ship.')).toBeInTheDocument();
  });

  it("sends a signed link's key with the reads and the cancel, and shows the server's refusal", async () => {
    const { user, api } = openOrder(
      { 'POST /api/orders/number/PB-7K3Q9D/cancel': fails(409, 'The order has already shipped') },
      '/orders/PB-7K3Q9D?key=signed123',
    );
    await user.click(await screen.findByRole('button', { name: 'Cancel order' }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Yes, cancel order' }));

    expect(await findToast('The order was not cancelled')).toHaveTextContent('The order has already shipped');
    expect(api.sentTo(ORDER)[0]?.query.get('key')).toBe('signed123');
    expect(api.sentTo(RETURNS)[0]?.query.get('key')).toBe('signed123');
    expect(api.sentTo('POST /api/orders/number/PB-7K3Q9D/cancel')[0]?.body).toEqual({ key: 'signed123' });
  });

  it('asks for a return of the units still returnable, checking the choice and the reason first', async () => {
    const { user, api } = openOrder({
      'POST /api/orders/number/PB-7K3Q9D/returns': (request) => {
        const input = request.body as ReturnRequestInput;
        return ok(
          returns({
            returnable: [
              { itemId: 1, quantity: 1 },
              { itemId: 2, quantity: 0 },
            ],
            returns: [
              {
                id: 3,
                state: 'requested',
                createdAt: '2026-11-28T10:00:00.000Z',
                reason: input.reason,
                lines: [{ itemId: 1, productName: 'Court Pro Paddle', variantName: '16 mm', quantity: 1 }],
                instructions: null,
                rejectionReason: null,
                refundAmount: null,
                credit: null,
              },
            ],
          }),
        );
      },
    });
    expect(await screen.findByText(/^You can ask for a return until /)).toBeInTheDocument();
    expect(screen.getByText('Unused, in the box.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Request a return' }));

    const dialog = within(await screen.findByRole('dialog', { name: 'Return items from order #PB-7K3Q9D' }));
    // the overgrips cannot go back any more: only the paddle is offered, up to its two units
    expect(dialog.queryByLabelText('Overgrip')).not.toBeInTheDocument();
    const paddles = dialog.getByLabelText('Court Pro Paddle (16 mm)');
    expect(
      within(paddles)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['0', '1', '2']);

    await user.click(dialog.getByRole('button', { name: 'Request return' }));
    expect(dialog.getByRole('alert')).toHaveTextContent('Choose at least one item to return.');
    await user.selectOptions(paddles, '1');
    await user.click(dialog.getByRole('button', { name: 'Request return' }));
    expect(dialog.getByRole('alert')).toHaveTextContent('Please tell us why you are returning it.');
    expect(api.sentTo('POST /api/orders/number/PB-7K3Q9D/returns')).toHaveLength(0);

    await fillIn(user, dialog.getByLabelText('Reason'), 'Too heavy for me');
    await user.click(dialog.getByRole('button', { name: 'Request return' }));

    expect(await findToast('Return requested')).toBeInTheDocument();
    const sent = api.sentTo('POST /api/orders/number/PB-7K3Q9D/returns')[0]?.body as ReturnRequestInput;
    expect(sent).toMatchObject({ lines: [{ itemId: 1, quantity: 1 }], reason: 'Too heavy for me' });
    expect(sent.requestId).toMatch(/^[0-9a-f]{32}$/);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(within(screen.getByTestId('customer-return')).getByText(/Requested: we will e-mail you instructions$/)).toBeInTheDocument();
  });

  it('preselects a line with one unit left to return, and leaves a line with more at 0', async () => {
    const { user, api } = openOrder({
      [RETURNS]: ok(
        returns({
          returnable: [
            { itemId: 1, quantity: 2 },
            { itemId: 2, quantity: 1 },
          ],
        }),
      ),
      'POST /api/orders/number/PB-7K3Q9D/returns': ok(returns()),
    });
    await user.click(await screen.findByRole('button', { name: 'Request a return' }));
    const dialog = within(await screen.findByRole('dialog'));
    expect(dialog.getByLabelText('Overgrip')).toHaveValue('1');
    expect(dialog.getByLabelText('Court Pro Paddle (16 mm)')).toHaveValue('0');
    await fillIn(user, dialog.getByLabelText('Reason'), 'Wrong size');
    await user.click(dialog.getByRole('button', { name: 'Request return' }));
    await waitFor(() => expect(api.sentTo('POST /api/orders/number/PB-7K3Q9D/returns')).toHaveLength(1));
    expect(api.sentTo('POST /api/orders/number/PB-7K3Q9D/returns')[0]?.body).toMatchObject({ lines: [{ itemId: 2, quantity: 1 }] });
  });

  it('says in the return dialog that a gift card line is not listed', async () => {
    const { user } = openOrder({
      [RETURNS]: ok(
        returns({
          returnable: [
            { itemId: 1, quantity: 2 },
            { itemId: 2, quantity: 0, giftCard: true },
          ],
        }),
      ),
    });
    await user.click(await screen.findByRole('button', { name: 'Request a return' }));
    const dialog = within(await screen.findByRole('dialog'));
    expect(dialog.getByText('Gift cards cannot be returned, so they are not listed.')).toBeInTheDocument();
    expect(dialog.queryByLabelText('Overgrip')).not.toBeInTheDocument();
  });

  it("keeps the return dialog open with the server's refusal", async () => {
    const { user } = openOrder({ 'POST /api/orders/number/PB-7K3Q9D/returns': fails(409, 'The return window has ended') });
    await user.click(await screen.findByRole('button', { name: 'Request a return' }));
    const dialog = within(await screen.findByRole('dialog'));
    await user.selectOptions(dialog.getByLabelText('Court Pro Paddle (16 mm)'), '2');
    await fillIn(user, dialog.getByLabelText('Reason'), 'Changed my mind');
    await user.click(dialog.getByRole('button', { name: 'Request return' }));

    expect(await dialog.findByText('The return window has ended')).toHaveRole('alert');
    expect(screen.getByRole('dialog')).toBeInTheDocument();
  });

  it('offers no return once the window has ended', async () => {
    openOrder({ [RETURNS]: ok(returns({ window: { open: false, endsAt: '2026-11-25T12:00:00.000Z' } })) });
    expect(await screen.findByText(/^The return window ended on /)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Request a return' })).not.toBeInTheDocument();
  });

  it.each([
    [
      [
        { itemId: 1, quantity: 0 },
        { itemId: 2, quantity: 0 },
      ],
      'Everything on this order has been returned or refunded.',
    ],
    [
      [
        { itemId: 1, quantity: 0 },
        { itemId: 2, quantity: 0, giftCard: true },
      ],
      'Everything else on this order has been returned or refunded. Gift cards cannot be returned.',
    ],
    [[{ itemId: 2, quantity: 0, giftCard: true }], 'Gift cards cannot be returned. Please contact us about them.'],
  ])('says why nothing can be returned while the window is open: %j', async (returnable, text) => {
    openOrder({ [RETURNS]: ok(returns({ returnable })) });
    expect(await screen.findByText(text)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Request a return' })).not.toBeInTheDocument();
  });

  it('says gift cards cannot be returned on an order of gift cards alone, which is never delivered', async () => {
    openOrder({ [RETURNS]: ok(returns({ window: { open: false, endsAt: null }, returnable: [{ itemId: 2, quantity: 0, giftCard: true }] })) });
    expect(await screen.findByText('Gift cards cannot be returned. Please contact us about them.')).toBeInTheDocument();
    expect(screen.queryByText(/^Returns are open for/)).not.toBeInTheDocument();
  });

  it('asks a signed-out visitor to sign in, coming back to this order', async () => {
    openOrder({ [ORDER]: fails(401, 'Sign in required'), [RETURNS]: fails(401, 'Sign in required') });
    expect(await screen.findByRole('heading', { name: 'Sign in to see this order', level: 1 })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/auth?returnTo=%2Forders%2FPB-7K3Q9D');
    expect(screen.getByRole('link', { name: 'Look up an order' })).toHaveAttribute('href', '/order-lookup');
  });

  it("says an expired link has expired, in the server's words", async () => {
    openOrder({ [ORDER]: fails(410, 'This link expired after 30 days. Look the order up again.') }, '/orders/PB-7K3Q9D?key=old');
    expect(await screen.findByRole('heading', { name: 'This order link has expired', level: 1 })).toBeInTheDocument();
    expect(screen.getByText('This link expired after 30 days. Look the order up again.')).toBeInTheDocument();
  });
});
