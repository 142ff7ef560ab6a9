import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeApi, fails, ok } from '#client/test/fake-api.ts';
import { customer, siteSettings } from '#client/test/fixtures.ts';
import { fillIn, findToast, renderInShop } from '#client/test/render.tsx';
import AuthPage from './auth-page.tsx';

// /auth: the Login and Register tabs, their checks beside the fields, and the spec's toasts.

function openAuth(routes: Parameters<typeof fakeApi>[0] = {}) {
  const api = fakeApi({ 'GET /api/site-settings': ok(siteSettings({ authPageCardTitle: 'Welcome back, player' })), ...routes });
  const view = renderInShop(<AuthPage />, { path: '/auth' });
  return { ...view, api };
}

describe('the sign-in page', () => {
  it("logs in and greets the customer by the server's answer", async () => {
    const { user, api, queryClient } = openAuth({ 'POST /api/login': ok(customer({ username: 'dana' })) });
    expect(await screen.findByRole('heading', { name: 'Welcome back, player', level: 1 })).toBeInTheDocument();

    await fillIn(user, screen.getByLabelText('Username or email'), 'dana');
    await fillIn(user, screen.getByLabelText('Password'), 'correct horse');
    await user.click(screen.getByRole('button', { name: 'Login' }));

    expect(await findToast('Login successful')).toHaveTextContent('Welcome back, dana!');
    expect(api.sentTo('POST /api/login')[0]?.body).toEqual({ username: 'dana', password: 'correct horse' });
    expect(queryClient.getQueryData(['/api/user'])).toMatchObject({ username: 'dana' });
  });

  it("shows the server's refusal as Login failed", async () => {
    const { user } = openAuth({ 'POST /api/login': fails(401, 'Invalid username or password') });

    await fillIn(user, screen.getByLabelText('Username or email'), 'dana');
    await fillIn(user, screen.getByLabelText('Password'), 'wrong');
    await user.click(screen.getByRole('button', { name: 'Login' }));

    expect(await findToast('Login failed')).toHaveTextContent('Invalid username or password');
  });

  it('asks for the username and password beside their fields before sending anything', async () => {
    const { user, api } = openAuth();

    await user.click(screen.getByRole('button', { name: 'Login' }));

    expect(await screen.findByText('Username is required')).toBeInTheDocument();
    expect(screen.getByLabelText('Username or email')).toHaveAccessibleDescription('Username is required');
    expect(screen.getByLabelText('Password')).toHaveAccessibleDescription('Password is required');
    expect(api.sentTo('POST /api/login')).toHaveLength(0);
  });

  it('registers on the Register tab, checking the fields first', async () => {
    const { user, api } = openAuth({ 'POST /api/register': ok(customer({ username: 'newplayer' })) });
    await user.click(screen.getByRole('tab', { name: 'Register' }));
    expect(screen.getByRole('heading', { name: 'Welcome! Create your account', level: 1 })).toBeInTheDocument();
    const form = within(screen.getByRole('tabpanel', { name: 'Register' }));

    await fillIn(user, await form.findByLabelText('Username'), 'np');
    await fillIn(user, form.getByLabelText('Password'), 'short');
    await fillIn(user, form.getByLabelText('Email'), 'not-an-email');
    await user.click(form.getByRole('button', { name: 'Register' }));

    expect(await form.findByText('Username must be at least 3 characters')).toBeInTheDocument();
    expect(form.getByLabelText('Password')).toHaveAccessibleDescription('Password must be at least 8 characters');
    expect(form.getByLabelText('Email')).toHaveAccessibleDescription('Please enter a valid email address');
    expect(api.sentTo('POST /api/register')).toHaveLength(0);

    await user.clear(form.getByLabelText('Username'));
    await fillIn(user, form.getByLabelText('Username'), 'newplayer');
    await user.clear(form.getByLabelText('Password'));
    await fillIn(user, form.getByLabelText('Password'), 'a long enough password');
    await user.clear(form.getByLabelText('Email'));
    await fillIn(user, form.getByLabelText('Email'), 'New@Example.com');
    await user.click(form.getByRole('button', { name: 'Register' }));

    expect(await findToast('Registration successful')).toHaveTextContent('Welcome, newplayer!');
    expect(api.sentTo('POST /api/register')[0]?.body).toMatchObject({ username: 'newplayer', email: 'new@example.com', marketingConsent: false });
  });

  it("shows the server's refusal as Registration failed", async () => {
    const { user } = openAuth({ 'POST /api/register': fails(409, 'Username already exists') });
    await user.click(screen.getByRole('tab', { name: 'Register' }));
    const form = within(screen.getByRole('tabpanel', { name: 'Register' }));

    await fillIn(user, await form.findByLabelText('Username'), 'dana');
    await fillIn(user, form.getByLabelText('Password'), 'a long enough password');
    await fillIn(user, form.getByLabelText('Email'), 'dana@example.com');
    await user.click(form.getByRole('button', { name: 'Register' }));

    expect(await findToast('Registration failed')).toHaveTextContent('Username already exists');
  });
});
