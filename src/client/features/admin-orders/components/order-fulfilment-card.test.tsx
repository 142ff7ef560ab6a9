import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { OrderView } from '#common/schemas/orders.ts';
import type { OrderFulfilmentView } from '#common/schemas/shipments.ts';
import { fakeApi, fails, ok } from '#client/test/fake-api.ts';
import { orderView } from '#client/test/fixtures.ts';
import { fillIn, findToast, renderInShop } from '#client/test/render.tsx';
import { OrderFulfilmentCard } from './order-fulfilment-card.tsx';

// The order page's fulfilment: the list card's status, ship and tracking controls, with a visible
// label, the legal next states only, and nothing to ship for a checkout nobody paid.

function openCard(order: OrderView, routes: Parameters<typeof fakeApi>[0] = {}, fulfilment: OrderFulfilmentView = { pickup: false, shipments: [] }) {
  const api = fakeApi(routes);
  const view = renderInShop(<OrderFulfilmentCard order={order} fulfilment={fulfilment} />, { path: `/admin/orders/${order.id}` });
  return { ...view, api, card: within(screen.getByTestId('order-fulfilment')) };
}

describe('the order page’s fulfilment card', () => {
  it('offers an order of gift cards alone nothing to ship, label or track: the shop e-mails the cards', async () => {
    const giftCards = orderView({ shipsNothing: true, street: null, city: null, state: null, zipCode: null });
    const { card } = openCard(giftCards);
    expect(card.getByTestId('emailed-only')).toHaveTextContent('Nothing to ship: gift cards, e-mailed — no shipping address.');
    expect(card.queryByRole('button', { name: 'Fulfil' })).not.toBeInTheDocument();
    expect(card.queryByRole('button', { name: 'Add tracking' })).not.toBeInTheDocument();
    const status = card.getByLabelText('Status');
    expect(
      within(status)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Processing', 'Pending', 'Cancelled']);
  });

  it('ships a processing order by its tracking number, in one call', async () => {
    const { user, api, card } = openCard(orderView(), { 'PATCH /api/orders/31/tracking': ok(orderView({ status: 'shipped', trackingNumber: '9400 1000' })) });
    expect(card.getByRole('heading', { name: 'Fulfilment' })).toBeInTheDocument();
    const status = card.getByLabelText('Status');
    expect(status).toHaveValue('processing');
    expect(within(status).queryByRole('option', { name: 'Delivered' })).not.toBeInTheDocument();

    await user.click(card.getByRole('button', { name: 'Add tracking' }));
    const form = within(card.getByRole('form', { name: 'Tracking for order 31' }));
    await fillIn(user, form.getByLabelText('Tracking number'), ' 9400 1000 ');
    await user.click(form.getByRole('button', { name: 'Save' }));

    expect(await findToast('Tracking information updated successfully')).toHaveTextContent('Order #PB-7K3Q9D is shipped.');
    expect(api.sentTo('PATCH /api/orders/31/tracking')).toHaveLength(1);
    expect(api.sentTo('PATCH /api/orders/31/tracking')[0]?.body).toEqual({ trackingNumber: '9400 1000' });
  });

  it('asks for the carrier when Shipped is chosen, and marks a shipped order delivered at once', async () => {
    const shipped = orderView({ status: 'shipped', carrier: 'usps', trackingNumber: '9400 1000' });
    const { user, api, card } = openCard(shipped, { 'PATCH /api/orders/31/status': ok({ ...shipped, status: 'delivered' }) });
    expect(card.getByText('9400 1000')).toBeInTheDocument();
    await user.selectOptions(card.getByLabelText('Status'), 'Delivered');
    expect(await findToast('Order status updated successfully')).toBeInTheDocument();
    expect(api.sentTo('PATCH /api/orders/31/status')[0]?.body).toEqual({ status: 'delivered' });
  });

  it("shows the server's refusal", async () => {
    const { user, card } = openCard(orderView(), { 'POST /api/orders/31/ship': fails(409, 'Order #PB-7K3Q9D is cancelled, so it has nothing to ship.') });
    await user.selectOptions(card.getByLabelText('Status'), 'Shipped');
    const form = within(card.getByRole('form', { name: 'Tracking for order 31' }));
    expect(form.getByLabelText('Carrier')).toBeInTheDocument();
    await fillIn(user, form.getByLabelText('Tracking number'), '1Z999');
    await user.click(form.getByRole('button', { name: 'Save' }));
    expect(await findToast('Failed to update tracking information')).toHaveTextContent('Order #PB-7K3Q9D is cancelled, so it has nothing to ship.');
  });

  it('offers a picked-up local pickup order no tracking, and moves it back to ready without asking for a carrier', async () => {
    const pickedUp = orderView({ status: 'delivered' });
    const fulfilment: OrderFulfilmentView = {
      pickup: true,
      shipments: [
        {
          id: 5,
          method: 'pickup',
          carrier: null,
          trackingNumber: null,
          trackingUrl: null,
          status: 'delivered',
          shippedAt: '2026-11-20T10:00:00.000Z',
          deliveredAt: '2026-11-21T10:00:00.000Z',
          lines: [{ itemId: 1, productName: 'Pro Paddle', variantName: null, sku: null, quantity: 1 }],
        },
      ],
    };
    const { user, api, card } = openCard(pickedUp, { 'PATCH /api/orders/31/status': ok({ ...pickedUp, status: 'shipped' }) }, fulfilment);
    expect(card.getByText('Local pickup: the customer collects this order at the shop.')).toBeInTheDocument();
    expect(card.queryByRole('button', { name: /tracking/i })).not.toBeInTheDocument();
    expect(card.queryByRole('button', { name: /label/i })).not.toBeInTheDocument();

    await user.selectOptions(card.getByLabelText('Status'), 'Shipped');
    expect(await findToast('Order status updated successfully')).toBeInTheDocument();
    expect(api.sentTo('PATCH /api/orders/31/status')[0]?.body).toEqual({ status: 'shipped' });
    expect(card.queryByRole('form')).not.toBeInTheDocument();
  });

  it.each([
    [{ status: 'cancelled', paymentStatus: 'expired' }, 'This checkout was never paid, so there is nothing to ship.', ['Cancelled']],
    [{ status: 'pending', paymentStatus: 'pending' }, 'This checkout is waiting for its payment: there is nothing to ship yet.', ['Pending', 'Cancelled']],
  ] as const)('offers nothing to ship for a checkout nobody paid (%o)', async (state, sentence, choices) => {
    const { card, api } = openCard(orderView(state));
    expect(card.getByText(sentence)).toBeInTheDocument();
    expect(
      within(card.getByLabelText('Status'))
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(choices);
    expect(card.queryByRole('button', { name: /tracking/i })).not.toBeInTheDocument();
    expect(card.queryByRole('form')).not.toBeInTheDocument();
    await waitFor(() => expect(api.sent).toHaveLength(0));
  });
});
