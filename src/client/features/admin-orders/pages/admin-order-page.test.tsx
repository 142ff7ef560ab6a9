import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { AdminOrderDetail, AdminTimelineEntry } from '#common/schemas/order-refunds.ts';
import { AdminReturnsView } from '#common/schemas/order-returns.ts';
import { fakeApi, fails, ok } from '#client/test/fake-api.ts';
import { ROLE_PERMISSIONS } from '#common/staff-roles.ts';
import { customer, orderView, siteSettings } from '#client/test/fixtures.ts';
import { fillIn, renderInShop } from '#client/test/render.tsx';
import AdminOrderPage from './admin-order-page.tsx';

// /admin/orders/:id: the order's header (payment, dispute, refunded), its timeline with who did what,
// private notes, and the not-found and failed-read states.

const entry = (overrides: Partial<AdminTimelineEntry>) =>
  AdminTimelineEntry.parse({
    kind: 'event',
    event: 'pay',
    at: '2026-11-28T09:01:00.000Z',
    actor: 'provider',
    actorName: null,
    note: null,
    fromStatus: null,
    toStatus: null,
    fromPaymentStatus: null,
    toPaymentStatus: null,
    ...overrides,
  });

const detail = AdminOrderDetail.parse({
  order: orderView(),
  refunds: [],
  timeline: [
    entry({ event: 'pay' }),
    entry({ kind: 'email', event: 'order_confirmation', actor: 'dana@example.com' }),
    entry({ event: 'mark_shipped', actor: 'admin:1', actorName: 'owner' }),
  ],
  refundableCents: 12870,
  fulfilment: { pickup: false, shipments: [] },
});

const staffMember = (role: 'owner' | 'fulfilment') => customer({ username: role, isAdmin: role === 'owner', role, permissions: [...ROLE_PERMISSIONS[role]] });

function openOrder(id: string, routes: Parameters<typeof fakeApi>[0] = {}) {
  const api = fakeApi({
    'GET /api/site-settings': ok(siteSettings()),
    'GET /api/user': ok(staffMember('owner')),
    'GET /api/orders/31': ok(detail),
    'GET /api/orders/31/returns': ok(AdminReturnsView.parse({ orderId: 31, returns: [] })),
    ...routes,
  });
  return { ...renderInShop(<AdminOrderPage id={id} />, { path: `/admin/orders/${id}` }), api };
}

describe('the admin order page', () => {
  it('offers a refund only to a role that may refund (decision 052)', async () => {
    openOrder('31');
    expect(await screen.findByLabelText('Reason (told to the customer)')).toBeInTheDocument();
  });

  it('shows a fulfilment user the order without the refund form', async () => {
    openOrder('31', { 'GET /api/user': ok(staffMember('fulfilment')) });
    expect(await screen.findByRole('heading', { name: 'Order #PB-7K3Q9D', level: 1 })).toBeInTheDocument();
    expect(await screen.findByText('No returns requested.')).toBeInTheDocument();
    expect(screen.queryByLabelText('Reason (told to the customer)')).not.toBeInTheDocument();
  });

  it('shows an order of gift cards alone as e-mailed: no blank address, no packing slip, nothing to fulfil', async () => {
    const giftCards = orderView({
      shipsNothing: true,
      street: null,
      city: null,
      state: null,
      zipCode: null,
      items: [{ ...orderView().items[0]!, productName: 'Gift Card', variantName: '$25' }],
    });
    openOrder('31', { 'GET /api/orders/31': ok({ ...detail, order: giftCards }) });
    expect(await screen.findByRole('heading', { name: 'Order #PB-7K3Q9D', level: 1 })).toBeInTheDocument();
    const address = screen.getByRole('heading', { name: 'Shipping address' }).parentElement!;
    expect(address).toHaveTextContent(/^Shipping addressGift cards, e-mailed — no shipping address$/);
    expect(screen.queryByRole('link', { name: 'Packing slip' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Fulfil' })).not.toBeInTheDocument();
    expect(screen.getByTestId('emailed-only')).toBeInTheDocument();
  });

  it('shows the order with its payment, its packing slip and who did what on the timeline', async () => {
    openOrder('31');
    expect(await screen.findByRole('heading', { name: 'Order #PB-7K3Q9D', level: 1 })).toBeInTheDocument();
    expect(screen.getByText('Payment: Paid')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Packing slip' })).toHaveAttribute('href', '/admin/orders/31/packing-slip');
    expect(screen.getByRole('link', { name: 'Back to Orders' })).toHaveAttribute('href', '/admin?tab=orders');
    expect(await screen.findByText('No returns requested.')).toBeInTheDocument();

    const timeline = within(screen.getByTestId('admin-timeline'));
    const items = timeline.getAllByRole('listitem').map((item) => item.textContent);
    expect(items[0]).toMatch(/^Payment received.* · by the payment provider$/);
    expect(items[1]).toMatch(/^E-mail sent \(order_confirmation\).* · to dana@example\.com$/);
    expect(items[2]).toMatch(/^Marked shipped.* · by owner$/);
    await waitFor(() => expect(document.title).toContain('Order #PB-7K3Q9D'));
  });

  it('warns about a card dispute and shows what was refunded', async () => {
    openOrder('31', {
      'GET /api/orders/31': ok({
        ...detail,
        order: orderView({ disputeStatus: 'needs_response', refundedTotal: '64.35', paymentStatus: 'partially_refunded' }),
        refunds: [
          {
            id: 5,
            amount: '64.35',
            reason: 'Cracked face',
            lines: [],
            shipping: false,
            state: 'pending',
            providerRefundId: null,
            actor: 'admin:1',
            createdAt: '2026-11-28T10:00:00.000Z',
          },
        ],
        refundableCents: 6435,
      }),
    });
    expect(await screen.findByText('The card holder disputed this payment (status: needs response). Answer it in the Stripe dashboard.')).toHaveRole('status');
    expect(screen.getByTestId('dispute-badge')).toHaveTextContent('Disputed');
    expect(screen.getByText('Payment: Partially refunded')).toBeInTheDocument();
    expect(screen.getByText(/placed .* · \$64\.35 refunded$/)).toBeInTheDocument();
    expect(within(screen.getByTestId('refund-list')).getByRole('listitem')).toHaveTextContent('$64.35 · Cracked face (in progress)');
  });

  it('adds a private note and shows the timeline the server answers', async () => {
    const withNote = {
      ...detail,
      timeline: [...detail.timeline, entry({ event: 'note', actor: 'admin:1', actorName: 'owner', note: 'Called: leave at the door' })],
    };
    const { user, api } = openOrder('31', { 'POST /api/orders/31/notes': ok(withNote) });
    const form = within(await screen.findByRole('form', { name: 'Add a note' }));
    expect(form.getByRole('button', { name: 'Add note' })).toBeDisabled();

    await fillIn(user, form.getByLabelText('Private note'), 'Called: leave at the door');
    await user.click(form.getByRole('button', { name: 'Add note' }));

    const note = await within(screen.getByTestId('admin-timeline')).findByText('Called: leave at the door');
    expect(note.closest('li')).toHaveTextContent('Note(private)');
    expect(api.sentTo('POST /api/orders/31/notes')[0]?.body).toEqual({ note: 'Called: leave at the door' });
    expect(form.getByLabelText('Private note')).toHaveValue('');
  });

  it("keeps a note the server refused, with the server's reason", async () => {
    const { user } = openOrder('31', { 'POST /api/orders/31/notes': fails(400, 'Note must be at most 2000 characters') });
    const form = within(await screen.findByRole('form', { name: 'Add a note' }));
    await fillIn(user, form.getByLabelText('Private note'), 'Too long, says the server');
    await user.click(form.getByRole('button', { name: 'Add note' }));

    expect(await form.findByRole('alert')).toHaveTextContent('Note must be at most 2000 characters');
    expect(form.getByLabelText('Private note')).toHaveValue('Too long, says the server');
  });

  it('says the order is not found for an unknown id', async () => {
    openOrder('99', { 'GET /api/orders/99': fails(404, 'Order not found') });
    expect(await screen.findByRole('heading', { name: 'Order not found', level: 1 })).toBeInTheDocument();
  });

  it('does not ask the server about an address that is no order id', async () => {
    const { api } = openOrder('abc');
    expect(screen.getByRole('heading', { name: 'Order not found', level: 1 })).toBeInTheDocument();
    expect(api.sentTo('GET /api/orders/abc')).toHaveLength(0);
  });

  it('offers to try again when the order could not be read', async () => {
    const { user, api } = openOrder('31', { 'GET /api/orders/31': fails(503, 'Database unavailable') });
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByRole('heading', { name: 'The order could not be loaded', level: 1 })).toBeInTheDocument();
    expect(alert).toHaveTextContent('Something went wrong on our side. Please try again in a moment.');

    api.route('GET /api/orders/31', ok(detail));
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { name: 'Order #PB-7K3Q9D', level: 1 })).toBeInTheDocument();
  });
});
