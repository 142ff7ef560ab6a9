import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeApi, ok } from '#client/test/fake-api.ts';
import { customer, siteSettings } from '#client/test/fixtures.ts';
import { fillIn, renderInShop } from '#client/test/render.tsx';
import AuthPage from '../pages/auth-page.tsx';

// The registration form's consent box (decision 056): never ticked for the shopper; ticked, the request
// also asks for the newsletter sign-up; unticked, the spec's request goes as it always did.

async function register(tick: boolean) {
  const api = fakeApi({ 'GET /api/site-settings': ok(siteSettings()), 'POST /api/register': ok(customer({ username: 'newplayer' })) });
  const { user } = renderInShop(<AuthPage />, { path: '/auth' });
  await user.click(await screen.findByRole('tab', { name: 'Register' }));
  const form = within(screen.getByRole('tabpanel', { name: 'Register' }));
  await fillIn(user, await form.findByLabelText('Username'), 'newplayer');
  await fillIn(user, form.getByLabelText('Password'), 'a long enough password');
  await fillIn(user, form.getByLabelText('Email'), 'new@example.com');
  const box = form.getByRole('checkbox', { name: 'Send me news and offers by e-mail' });
  expect(box).not.toBeChecked();
  if (tick) await user.click(box);
  await user.click(form.getByRole('button', { name: 'Register' }));
  await screen.findByText('Welcome, newplayer!');
  return api.sentTo('POST /api/register')[0]?.body as Record<string, unknown>;
}

describe("the registration form's newsletter box", () => {
  it('sends no newsletter field when left unticked', async () => {
    const body = await register(false);
    expect(body).toMatchObject({ username: 'newplayer', marketingConsent: false });
    expect(body).not.toHaveProperty('newsletter');
  });

  it('asks for the newsletter sign-up with the consent when ticked', async () => {
    expect(await register(true)).toMatchObject({ username: 'newplayer', marketingConsent: true, newsletter: true });
  });
});
