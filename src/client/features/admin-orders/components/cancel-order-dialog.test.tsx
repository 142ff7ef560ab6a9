import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { OrderView } from '#common/schemas/orders.ts';
import { fakeApi, ok } from '#client/test/fake-api.ts';
import { orderView } from '#client/test/fixtures.ts';
import { findToast, renderInShop } from '#client/test/render.tsx';
import { cancelRefundCents } from './cancel-order-dialog.tsx';
import { OrderCard } from './order-card.tsx';

// Cancelling a paid order refunds what is left of it (the server's cancel), so the status selector's
// "Cancelled" asks first, naming the amount; a cancel that moves no money goes at once.

function openCard(order: OrderView) {
  const api = fakeApi({ 'PATCH /api/orders/31/status': ok(orderView({ ...order, status: 'cancelled' })) });
  const view = renderInShop(<OrderCard order={order} archived={false} selected={false} onSelect={() => undefined} />, { path: '/admin?tab=orders' });
  return { ...view, api, card: within(screen.getByTestId(`order-card-${order.id}`)) };
}

describe('cancelling a paid order from its status', () => {
  it('names the refund, and sends nothing when the owner keeps the order', async () => {
    const { user, api, card } = openCard(orderView({ paymentStatus: 'partially_refunded', refundedTotal: '28.70' }));
    await user.selectOptions(card.getByLabelText('Status of order 31'), 'Cancelled');

    const dialog = screen.getByRole('dialog', { name: 'Cancel order #PB-7K3Q9D and refund $100.00?' });
    expect(dialog).toHaveAccessibleDescription(
      '$100.00 goes back to the customer’s card, the items go back in stock, and the customer is e-mailed. This cannot be undone.',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Keep the order' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(card.getByLabelText('Status of order 31')).toHaveValue('processing');
    expect(api.sent).toHaveLength(0);
  });

  it('cancels once the owner confirms the amount', async () => {
    const { user, api, card } = openCard(orderView());
    await user.selectOptions(card.getByLabelText('Status of order 31'), 'Cancelled');
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Cancel and refund $128.70' }));

    expect(await findToast('Order status updated successfully')).toBeInTheDocument();
    expect(api.sentTo('PATCH /api/orders/31/status')).toHaveLength(1);
    expect(api.sentTo('PATCH /api/orders/31/status')[0]?.body).toEqual({ status: 'cancelled' });
  });

  it('cancels an unpaid order at once: no money moves', async () => {
    const { user, api, card } = openCard(orderView({ status: 'pending', paymentStatus: 'pending' }));
    await user.selectOptions(card.getByLabelText('Status of order 31'), 'Cancelled');
    expect(await findToast('Order status updated successfully')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(api.sentTo('PATCH /api/orders/31/status')[0]?.body).toEqual({ status: 'cancelled' });
  });
});

describe('cancelRefundCents', () => {
  const order = orderView({ status: 'processing', paymentStatus: 'succeeded', total: '128.70', refundedTotal: '0.00' });
  it('is the rest of a paid, unshipped order, as the server refunds it', () => {
    expect(cancelRefundCents(order)).toBe(12870);
    expect(cancelRefundCents({ ...order, status: 'pending', paymentStatus: 'partially_refunded', refundedTotal: '28.70' })).toBe(10000);
  });
  it('is 0 when the cancel moves no money: unpaid, refunded in full, shipped or delivered', () => {
    expect(cancelRefundCents({ ...order, paymentStatus: 'pending' })).toBe(0);
    expect(cancelRefundCents({ ...order, paymentStatus: 'refunded', refundedTotal: '128.70' })).toBe(0);
    expect(cancelRefundCents({ ...order, status: 'shipped' })).toBe(0);
    expect(cancelRefundCents({ ...order, status: 'delivered' })).toBe(0);
  });
});
