import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { OrderView } from '#common/schemas/orders.ts';
import { fakeApi, fails, ok } from '#client/test/fake-api.ts';
import { orderView } from '#client/test/fixtures.ts';
import { fillIn, findToast, renderInShop } from '#client/test/render.tsx';
import { OrderCard } from './order-card.tsx';

// One order in the owner's list: the status selector (choosing "shipped" asks for the carrier and
// tracking first and sends one ship call), tracking edits, and archiving.

function openCard(routes: Parameters<typeof fakeApi>[0] = {}, { order = orderView(), archived = false }: { order?: OrderView; archived?: boolean } = {}) {
  const api = fakeApi(routes);
  const view = renderInShop(<OrderCard order={order} archived={archived} selected={false} onSelect={() => undefined} />, { path: '/admin?tab=orders' });
  return { ...view, api, card: within(screen.getByTestId(`order-card-${order.id}`)) };
}

describe('an order card', () => {
  it('shows the customer, address, lines and totals, and links to the order page', () => {
    const { card } = openCard({}, { order: orderView({ discountTotal: '12.00', couponCode: 'SPRING12' }) });
    expect(card.getByRole('heading', { name: 'Order #PB-7K3Q9D' })).toBeInTheDocument();
    expect(card.getByText('Payment: Paid')).toBeInTheDocument();
    expect(card.getByText('Austin, TX, 78701')).toBeInTheDocument();
    expect(card.getByTestId('order-item-1')).toHaveTextContent('Court Pro Paddle$60.00 × 2 = $120.00');
    expect(card.getByText('Discount (SPRING12)').nextElementSibling).toHaveTextContent('-$12.00');
    expect(card.getByRole('link', { name: 'Open order #PB-7K3Q9D' })).toHaveAttribute('href', '/admin/orders/31');
  });

  it('changes the status at once for anything but shipped', async () => {
    const { user, api, card } = openCard({ 'PATCH /api/orders/31/status': ok(orderView({ status: 'pending' })) });
    await user.selectOptions(card.getByLabelText('Status of order 31'), 'Pending');
    expect(await findToast('Order status updated successfully')).toBeInTheDocument();
    expect(api.sentTo('PATCH /api/orders/31/status')[0]?.body).toEqual({ status: 'pending' });
  });

  it('offers only the moves the server takes: a processing order is not delivered before it ships', () => {
    const options = (order: OrderView) => {
      const view = openCard({}, { order });
      const shown = within(view.card.getByLabelText(`Status of order ${order.id}`))
        .getAllByRole('option')
        .map((option) => option.textContent);
      view.unmount();
      return shown;
    };
    expect(options(orderView())).toEqual(['Processing', 'Pending', 'Shipped', 'Cancelled']);
    expect(options(orderView({ status: 'shipped' }))).toEqual(['Shipped', 'Pending', 'Processing', 'Delivered']);
    expect(options(orderView({ status: 'delivered' }))).toEqual(['Delivered', 'Pending', 'Processing', 'Shipped']);
  });

  it('offers nothing to ship for a checkout nobody paid', () => {
    const { card } = openCard({}, { order: orderView({ status: 'cancelled', paymentStatus: 'failed' }) });
    expect(card.getByText('Payment: Declined')).toBeInTheDocument();
    expect(card.getByLabelText('Status of order 31')).toBeDisabled();
    expect(card.queryByRole('button', { name: 'Add tracking' })).not.toBeInTheDocument();
    expect(card.queryByRole('form')).not.toBeInTheDocument();
  });

  it("shows the server's refusal of a status change", async () => {
    const { user, card } = openCard({ 'PATCH /api/orders/31/status': fails(409, 'A refunded order cannot be put back to processing') });
    await user.selectOptions(card.getByLabelText('Status of order 31'), 'Pending');
    expect(await findToast('Failed to update order status')).toHaveTextContent('A refunded order cannot be put back to processing');
  });

  it('asks for carrier and tracking before shipping, and sends them in one call', async () => {
    const { user, api, card } = openCard({ 'POST /api/orders/31/ship': ok(orderView({ status: 'shipped', trackingNumber: '9400 1000' })) });
    await user.selectOptions(card.getByLabelText('Status of order 31'), 'Shipped');
    // nothing is sent until Save: the form is open and the selector shows the choice
    expect(api.sent).toHaveLength(0);
    expect(card.getByLabelText('Status of order 31')).toHaveValue('shipped');
    const form = within(card.getByRole('form', { name: 'Tracking for order 31' }));

    await user.click(form.getByRole('button', { name: 'Save' }));
    expect(await findToast('Tracking number required')).toHaveTextContent('Please enter a tracking number');
    expect(form.getByLabelText('Tracking number')).toHaveAccessibleDescription('Please enter a tracking number');
    expect(api.sent).toHaveLength(0);

    await user.selectOptions(form.getByLabelText('Carrier'), 'USPS');
    expect(form.getByLabelText('Tracking URL (optional)')).toHaveAccessibleDescription("Leave empty to link USPS's tracking page");
    await fillIn(user, form.getByLabelText('Tracking number'), ' 9400 1000 ');
    await user.click(form.getByRole('button', { name: 'Save' }));

    expect(await findToast('Tracking information updated successfully')).toHaveTextContent('Order #PB-7K3Q9D is shipped.');
    expect(api.sentTo('POST /api/orders/31/ship')[0]?.body).toEqual({ carrier: 'usps', trackingNumber: '9400 1000' });
    expect(card.queryByRole('form')).not.toBeInTheDocument();
  });

  it('keeps the shipping form open when the server refuses, and Cancel puts the status back', async () => {
    const { user, card } = openCard({ 'POST /api/orders/31/ship': fails(409, 'The order is not paid') });
    await user.selectOptions(card.getByLabelText('Status of order 31'), 'Shipped');
    const form = within(card.getByRole('form', { name: 'Tracking for order 31' }));
    await fillIn(user, form.getByLabelText('Tracking number'), '1Z999');
    await fillIn(user, form.getByLabelText('Tracking URL (optional)'), 'https://track.example/1Z999');
    await user.click(form.getByRole('button', { name: 'Save' }));

    expect(await findToast('Failed to update tracking information')).toHaveTextContent('The order is not paid');
    expect(form.getByLabelText('Tracking number')).toHaveValue('1Z999');

    await user.click(form.getByRole('button', { name: 'Cancel' }));
    expect(card.queryByRole('form')).not.toBeInTheDocument();
    expect(card.getByLabelText('Status of order 31')).toHaveValue('processing');
  });

  it('edits the tracking of a shipped order without the carrier question', async () => {
    const shipped = orderView({ status: 'shipped', trackingNumber: 'OLD1', trackingUrl: 'https://track.example/OLD1' });
    const { user, api, card } = openCard({ 'PATCH /api/orders/31/tracking': ok({ ...shipped, trackingNumber: 'NEW2' }) }, { order: shipped });
    expect(card.getByText('OLD1')).toBeInTheDocument();
    expect(card.getByRole('link', { name: 'track package' })).toHaveAttribute('href', 'https://track.example/OLD1');

    await user.click(card.getByRole('button', { name: 'Edit tracking' }));
    const form = within(card.getByRole('form', { name: 'Tracking for order 31' }));
    expect(form.queryByLabelText('Carrier')).not.toBeInTheDocument();
    expect(form.getByLabelText('Tracking number')).toHaveValue('OLD1');
    await user.clear(form.getByLabelText('Tracking number'));
    await fillIn(user, form.getByLabelText('Tracking number'), 'NEW2');
    await user.clear(form.getByLabelText('Tracking URL (optional)'));
    await user.click(form.getByRole('button', { name: 'Save' }));

    expect(await findToast('Tracking information updated successfully')).toHaveTextContent('Order #PB-7K3Q9D');
    // an emptied URL is left out, not sent blank
    expect(api.sentTo('PATCH /api/orders/31/tracking')[0]?.body).toEqual({ trackingNumber: 'NEW2' });
  });

  it('archives an active order and moves an archived one back', async () => {
    const { user, api, card, unmount } = openCard({ 'PATCH /api/orders/31/archive': ok(orderView({ isArchived: true })) });
    await user.click(card.getByRole('button', { name: 'Archive' }));
    expect(await findToast('Order archived')).toHaveTextContent('Order #PB-7K3Q9D moved to archived orders.');
    expect(api.sentTo('PATCH /api/orders/31/archive')[0]?.body).toEqual({ isArchived: true });
    unmount();

    const archived = openCard(
      { 'PATCH /api/orders/31/archive': ok(orderView({ isArchived: false })) },
      { order: orderView({ isArchived: true }), archived: true },
    );
    // an archived order's tracking is not edited from the list
    expect(archived.card.queryByRole('button', { name: 'Add tracking' })).not.toBeInTheDocument();
    await archived.user.click(archived.card.getByRole('button', { name: 'Move to Active Orders' }));
    expect(await findToast('Order moved back to active orders')).toBeInTheDocument();
    await waitFor(() => expect(archived.api.sentTo('PATCH /api/orders/31/archive')[0]?.body).toEqual({ isArchived: false }));
  });

  it('asks a shipped archived order only for its missing tracking number', async () => {
    const archivedShipped = orderView({ status: 'shipped', isArchived: true });
    const { user, api, card } = openCard(
      { 'PATCH /api/orders/31/tracking': ok({ ...archivedShipped, trackingNumber: 'LATE9' }) },
      { order: archivedShipped, archived: true },
    );
    const form = within(card.getByRole('form', { name: 'Tracking for order 31' }));
    expect(form.queryByRole('button', { name: 'Cancel' })).not.toBeInTheDocument();
    await user.click(form.getByRole('button', { name: 'Save' }));
    expect(await findToast('Tracking number is required')).toBeInTheDocument();

    await fillIn(user, form.getByLabelText('Tracking number'), 'LATE9');
    await user.click(form.getByRole('button', { name: 'Save' }));
    await findToast('Tracking information updated successfully');
    expect(api.sentTo('PATCH /api/orders/31/tracking')[0]?.body).toEqual({ trackingNumber: 'LATE9' });
  });
});
