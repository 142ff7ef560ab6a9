import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeApi, fails, ok } from '#client/test/fake-api.ts';
import { siteSettings } from '#client/test/fixtures.ts';
import { renderInShop } from '#client/test/render.tsx';
import ConfirmEmailPage from './confirm-email-page.tsx';

// /confirm-email?token=...: the e-mail change's link confirms by itself, once, and says what happened.

// the document title's shop name comes from the site settings
const settings = { 'GET /api/site-settings': ok(siteSettings()) };

describe('the e-mail confirmation page', () => {
  it('confirms the token once and says which address is now the account’s', async () => {
    const api = fakeApi({ ...settings, 'POST /api/account/email/confirm': ok({ message: 'Your email address is changed.', email: 'ann.lee@example.com' }) });
    renderInShop(<ConfirmEmailPage />, { path: '/confirm-email?token=abc_123' });
    expect(screen.getByRole('heading', { level: 1, name: 'Confirm your new email address' })).toBeInTheDocument();
    expect(await screen.findByText(/Your email address is changed\./)).toHaveTextContent('We will write to ann.lee@example.com from now on.');
    expect(api.sentTo('POST /api/account/email/confirm').map((request) => request.body)).toEqual([{ token: 'abc_123' }]);
    expect(screen.getByRole('link', { name: 'Go to your profile' })).toHaveAttribute('href', '/profile');
  });

  it("shows the server's reason when the link cannot be used", async () => {
    const message = 'Another account uses this email address now, so yours was not changed.';
    fakeApi({ ...settings, 'POST /api/account/email/confirm': fails(409, message) });
    renderInShop(<ConfirmEmailPage />, { path: '/confirm-email?token=abc_123' });
    expect(await screen.findByText(message)).toBeInTheDocument();
  });

  it('sends nothing for a link without its token', async () => {
    const api = fakeApi(settings);
    renderInShop(<ConfirmEmailPage />, { path: '/confirm-email' });
    expect(screen.getByRole('status')).toHaveTextContent('This link is incomplete.');
    expect(api.sentTo('POST /api/account/email/confirm')).toHaveLength(0);
  });
});
