import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { AdminGiftCard, AdminGiftCardDetail } from '#common/schemas/gift-cards.ts';
import { fakeApi, fails, ok } from '#client/test/fake-api.ts';
import { siteSettings } from '#client/test/fixtures.ts';
import { fillIn, renderInShop } from '#client/test/render.tsx';
import AdminGiftCardsPage from './admin-gift-cards-page.tsx';

// The owner's gift cards: issue one (the code shown once, with a copy button), the paged list, and a card's
// adjust, disable and ledger, each sent to the admin API as it takes it.

const card = (overrides: Partial<AdminGiftCard> = {}): AdminGiftCard => ({
  id: 7,
  last4: 'WXYZ',
  initialCents: 5000,
  balanceCents: 3250,
  status: 'active',
  source: 'purchase',
  recipientName: 'Robin Rally',
  recipientEmail: 'robin@example.com',
  createdAt: '2026-11-20T10:00:00.000Z',
  ...overrides,
});

const detail: AdminGiftCardDetail = {
  ...card(),
  message: 'Happy birthday',
  ledger: [
    { id: 1, kind: 'issue', amountCents: 5000, balanceCents: 5000, orderId: 12, orderNumber: 'PB-7K3Q9D', reason: null, createdAt: '2026-11-20T10:00:00.000Z' },
    { id: 2, kind: 'hold', amountCents: -1750, balanceCents: 3250, orderId: 15, orderNumber: 'PB-2M8R4T', reason: null, createdAt: '2026-11-21T10:00:00.000Z' },
  ],
};

function adminApi(routes: Parameters<typeof fakeApi>[0] = {}) {
  return fakeApi({
    'GET /api/site-settings': ok(siteSettings()),
    'GET /api/admin/gift-cards': { json: [card()], headers: { 'X-Total-Count': '31' } },
    'GET /api/admin/gift-cards/7': ok(detail),
    ...routes,
  });
}

describe('the admin gift cards page', () => {
  it('lists the cards by last four with balance, status and recipient, paged', async () => {
    const api = adminApi();
    renderInShop(<AdminGiftCardsPage />, { path: '/admin/gift-cards' });
    const row = (await screen.findByText('…WXYZ')).closest('tr')!;
    expect(row).toHaveTextContent('$32.50of $50.00');
    expect(row).toHaveTextContent('Active');
    expect(row).toHaveTextContent('Robin Rally');
    expect(screen.getByRole('navigation', { name: 'Gift card pages' })).toHaveTextContent(/Page 1 of 2/);
    expect(api.sentTo('GET /api/admin/gift-cards')[0]?.query.get('pageSize')).toBe('25');
  });

  it('issues a card in cents and shows its code once, with a copy button', async () => {
    const api = adminApi({ 'POST /api/admin/gift-cards': { status: 201, json: { id: 8, code: 'ABCDEFGHJKMNPQRS', balanceCents: 2550 } } });
    const { user } = renderInShop(<AdminGiftCardsPage />, { path: '/admin/gift-cards' });
    const form = within(screen.getByRole('form', { name: 'Issue a gift card' }));
    await fillIn(user, form.getByLabelText('Amount ($)'), '25.50');
    await fillIn(user, form.getByLabelText('Recipient e-mail (optional)'), 'sam@example.com');
    await user.click(form.getByRole('button', { name: 'Issue gift card' }));

    expect(await screen.findByTestId('issued-code')).toHaveTextContent('ABCD-EFGH-JKMN-PQRS');
    expect(api.sentTo('POST /api/admin/gift-cards')[0]?.body).toEqual({ amountCents: 2550, recipientName: '', recipientEmail: 'sam@example.com', message: '' });
    await user.click(screen.getByRole('button', { name: 'Copy code' }));
    // user-event stands in for the clipboard
    expect(await screen.findByRole('button', { name: 'Copied' })).toBeInTheDocument();
    await expect(navigator.clipboard.readText()).resolves.toBe('ABCD-EFGH-JKMN-PQRS');
    await user.click(screen.getByRole('button', { name: 'Done' }));
    expect(screen.queryByTestId('issued-code')).not.toBeInTheDocument();
  });

  it("refuses an amount that is not dollars before asking, and shows the server's word on a field", async () => {
    const api = adminApi({
      'POST /api/admin/gift-cards': fails(400, 'Invalid gift card', [{ path: 'recipientEmail', message: 'Enter a valid email address' }]),
    });
    const { user } = renderInShop(<AdminGiftCardsPage />, { path: '/admin/gift-cards' });
    const form = within(screen.getByRole('form', { name: 'Issue a gift card' }));
    await fillIn(user, form.getByLabelText('Amount ($)'), 'fifty');
    await user.click(form.getByRole('button', { name: 'Issue gift card' }));
    expect(form.getByText('Enter the amount in dollars, for example 50 or 25.50')).toBeInTheDocument();
    expect(api.sentTo('POST /api/admin/gift-cards')).toHaveLength(0);

    await user.clear(form.getByLabelText('Amount ($)'));
    await fillIn(user, form.getByLabelText('Amount ($)'), '50');
    await fillIn(user, form.getByLabelText('Recipient e-mail (optional)'), 'nope');
    await user.click(form.getByRole('button', { name: 'Issue gift card' }));
    expect(await form.findByText('Enter a valid email address')).toBeInTheDocument();
  });

  it("opens a card's ledger, adjusts it with a reason and disables it", async () => {
    const api = adminApi({
      'POST /api/admin/gift-cards/7/adjust': ok(card({ balanceCents: 2250 })),
      'POST /api/admin/gift-cards/7/status': ok(card({ status: 'disabled' })),
    });
    const { user } = renderInShop(<AdminGiftCardsPage />, { path: '/admin/gift-cards' });
    await user.click(await screen.findByRole('button', { name: 'Open the card ending in WXYZ' }));
    const ledger = within(await screen.findByRole('table', { name: 'Ledger of the card ending in WXYZ' }));
    expect(ledger.getAllByRole('row').map((row) => row.textContent?.replace(/^.*?(Issued|Held)/, '$1'))).toEqual([
      'WhenWhatAmountBalance afterOrder / reason',
      'Issued+$50.00$50.00Order #PB-7K3Q9D',
      'Held for an order-$17.50$32.50Order #PB-2M8R4T',
    ]);
    expect(ledger.getByRole('link', { name: 'Order #PB-2M8R4T' })).toHaveAttribute('href', '/admin/orders/15');

    const adjust = within(screen.getByRole('form', { name: 'Adjust the balance' }));
    await fillIn(user, adjust.getByLabelText('Adjust by ($)'), '-10.00');
    await fillIn(user, adjust.getByLabelText('Reason'), 'Goodwill taken back');
    await user.click(adjust.getByRole('button', { name: 'Adjust' }));
    await waitFor(() => expect(api.sentTo('POST /api/admin/gift-cards/7/adjust')[0]?.body).toEqual({ amountCents: -1000, reason: 'Goodwill taken back' }));

    await user.click(screen.getByRole('button', { name: 'Disable card' }));
    await waitFor(() => expect(api.sentTo('POST /api/admin/gift-cards/7/status')[0]?.body).toEqual({ status: 'disabled' }));
  });
});
