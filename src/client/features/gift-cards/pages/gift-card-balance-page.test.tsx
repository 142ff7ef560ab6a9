import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { GIFT_CARD_NOT_FOUND_MESSAGE } from '#common/schemas/gift-cards.ts';
import { fakeApi, fails, ok, type Answer } from '#client/test/fake-api.ts';
import { siteSettings } from '#client/test/fixtures.ts';
import { fillIn, renderInShop } from '#client/test/render.tsx';
import GiftCardBalancePage from './gift-card-balance-page.tsx';

// The storefront's balance page: a code in, the balance and the last four out; the server's refusals shown.

const shopApi = (balance: Answer) => fakeApi({ 'GET /api/site-settings': ok(siteSettings()), 'POST /api/gift-cards/balance': balance });

describe('the gift card balance page', () => {
  it('shows the balance and the last four of the code checked', async () => {
    const api = shopApi(ok({ last4: 'PQRS', balanceCents: 4321, status: 'active' }));
    const { user } = renderInShop(<GiftCardBalancePage />, { path: '/gift-cards/balance' });
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Gift card balance');
    await fillIn(user, screen.getByLabelText('Gift card code'), 'abcd-efgh-jkmn-pqrs');
    await user.click(screen.getByRole('button', { name: 'Check balance' }));
    expect(await screen.findByRole('status')).toHaveTextContent('The gift card ending in PQRS has $43.21 left.');
    expect(api.sentTo('POST /api/gift-cards/balance')[0]?.body).toEqual({ code: 'abcd-efgh-jkmn-pqrs' });
  });

  it('says a disabled card is disabled', async () => {
    shopApi(ok({ last4: 'PQRS', balanceCents: 1000, status: 'disabled' }));
    const { user } = renderInShop(<GiftCardBalancePage />, { path: '/gift-cards/balance' });
    await fillIn(user, screen.getByLabelText('Gift card code'), 'ABCDEFGHJKMNPQRS');
    await user.click(screen.getByRole('button', { name: 'Check balance' }));
    expect(await screen.findByRole('status')).toHaveTextContent('This card is disabled');
  });

  it.each([
    [fails(404, GIFT_CARD_NOT_FOUND_MESSAGE), GIFT_CARD_NOT_FOUND_MESSAGE],
    [fails(429, 'Too many balance checks, please try again in 1 minute'), 'Too many balance checks, please try again in 1 minute'],
  ])('shows the refusal under the field', async (answer, message) => {
    shopApi(answer);
    const { user } = renderInShop(<GiftCardBalancePage />, { path: '/gift-cards/balance' });
    await fillIn(user, screen.getByLabelText('Gift card code'), 'ABCDEFGHJKMNPQRS');
    await user.click(screen.getByRole('button', { name: 'Check balance' }));
    expect(await screen.findByText(message)).toBeInTheDocument();
    expect(screen.getByLabelText('Gift card code')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });
});
