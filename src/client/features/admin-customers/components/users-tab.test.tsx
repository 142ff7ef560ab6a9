import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { UserRow } from '#common/schemas/admin-users.ts';
import { fakeApi, fails, ok, type SentRequest } from '#client/test/fake-api.ts';
import { fillIn, findToast, renderInShop } from '#client/test/render.tsx';
import { UsersTab } from './users-tab.tsx';

// The owner's Users tab: the spec's columns and total count, search and filters sent to the server,
// admin rights changed only after confirming by name, and the e-mail preview.

const user = (overrides: Partial<UserRow>) =>
  UserRow.parse({
    id: 1,
    username: 'admin',
    email: 'admin@shop.test',
    isAdmin: true,
    marketingConsent: false,
    createdAt: '2026-01-01T00:00:00.000Z',
    ...overrides,
  });
const everyone = [
  user({}),
  user({ id: 5, username: 'dana', email: 'dana@example.com', isAdmin: false }),
  user({ id: 6, username: 'sam', email: null, isAdmin: false }),
];

/** GET /api/users: the whole list on an unfiltered read, `matches` for a search or filter. */
function openUsers(matches: UserRow[] = everyone, routes: Parameters<typeof fakeApi>[0] = {}) {
  const filtered = (request: SentRequest) => ['q', 'role', 'consent'].some((key) => request.query.has(key));
  const api = fakeApi({
    'GET /api/users': (request) => {
      const page = filtered(request) ? matches : everyone;
      return { json: page, headers: { 'X-Total-Count': String(page.length) } };
    },
    'GET /api/users/emails': ok({ emails: ['admin@shop.test', 'dana@example.com'] }),
    ...routes,
  });
  const lastQuery = () => Object.fromEntries(api.sentTo('GET /api/users').at(-1)?.query ?? []);
  return { ...renderInShop(<UsersTab />, { path: '/admin?tab=users' }), api, lastQuery };
}

describe('the users tab', () => {
  it('lists username, email and admin status, with the total of registered users', async () => {
    openUsers();
    const dana = within(await screen.findByTestId('user-row-dana'));
    expect(dana.getByText('dana@example.com')).toBeInTheDocument();
    expect(dana.getByText('Regular User')).toBeInTheDocument();
    expect(within(screen.getByTestId('user-row-admin')).getByText('Admin')).toBeInTheDocument();
    expect(within(screen.getByTestId('user-row-sam')).getByText('No email')).toBeInTheDocument();
    expect(screen.getByTestId('user-count')).toHaveTextContent('3');
    expect(screen.getByRole('button', { name: 'Remove Admin: admin' })).toBeInTheDocument();
    expect(within(await screen.findByTestId('email-preview')).getAllByRole('listitem')).toHaveLength(2);
  });

  it('searches and filters on the server, keeping the total of everyone', async () => {
    const { user: actor, lastQuery, history } = openUsers([everyone[1]!]);
    await screen.findByTestId('user-row-dana');

    await fillIn(actor, screen.getByRole('searchbox', { name: 'Search users' }), ' dana ');
    await actor.click(screen.getByRole('button', { name: 'Search' }));

    expect(await screen.findByTestId('user-matches')).toHaveTextContent('1 user(s) match “dana”');
    expect(lastQuery()).toMatchObject({ q: 'dana', page: '1' });
    expect(screen.queryByTestId('user-row-sam')).not.toBeInTheDocument();
    expect(screen.getByTestId('user-count')).toHaveTextContent('3');

    await actor.selectOptions(screen.getByLabelText('Role'), 'Regular users');
    await waitFor(() => expect(lastQuery()).toMatchObject({ q: 'dana', role: 'regular' }));
    expect(history.at(-1)).toBe('/admin?tab=users&q=dana&role=regular');

    await actor.click(screen.getByRole('button', { name: 'Clear filters' }));
    await waitFor(() => expect(screen.getByTestId('user-row-sam')).toBeInTheDocument());
    expect(screen.getByRole('searchbox', { name: 'Search users' })).toHaveValue('');
    expect(history.at(-1)).toBe('/admin?tab=users');
  });

  it('drops a filter value the list does not know instead of sending it', async () => {
    fakeApi({
      'GET /api/users': (request) => ok(request.query.has('role') ? [] : everyone),
      'GET /api/users/emails': ok({ emails: [] }),
    });
    renderInShop(<UsersTab />, { path: '/admin?tab=users&role=superuser' });
    expect(await screen.findByTestId('user-row-dana')).toBeInTheDocument();
    expect(screen.getByLabelText('Role')).toHaveValue('');
    expect(screen.getByText('No registered user emails yet.')).toBeInTheDocument();
  });

  it('makes a user an admin only after confirming by name', async () => {
    const { user: actor, api } = openUsers(everyone, { 'PATCH /api/users/5/admin': ok({ ...everyone[1], isAdmin: true }) });
    await actor.click(await screen.findByRole('button', { name: 'Make Admin: dana' }));

    const dialog = within(screen.getByRole('dialog', { name: 'Make “dana” an admin?' }));
    expect(dialog.getByText(/dana will be able to change products, prices, orders, users and shop settings/)).toBeInTheDocument();
    await actor.click(dialog.getByRole('button', { name: 'Cancel' }));
    expect(api.sentTo('PATCH /api/users/5/admin')).toHaveLength(0);

    await actor.click(screen.getByRole('button', { name: 'Make Admin: dana' }));
    await actor.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Make Admin' }));

    expect(await findToast('User admin rights updated successfully')).toHaveTextContent('dana is now an admin.');
    expect(api.sentTo('PATCH /api/users/5/admin')[0]?.body).toEqual({ isAdmin: true });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it("removes admin rights, and shows the server's refusal", async () => {
    const { user: actor, api } = openUsers(everyone, { 'PATCH /api/users/1/admin': fails(409, 'The last admin cannot lose admin rights') });
    await actor.click(await screen.findByRole('button', { name: 'Remove Admin: admin' }));
    const dialog = within(screen.getByRole('dialog', { name: 'Remove admin rights from “admin”?' }));
    expect(dialog.getByText('admin will become a regular user and lose access to the admin pages.')).toBeInTheDocument();
    await actor.click(dialog.getByRole('button', { name: 'Remove Admin' }));

    expect(await findToast('Failed to update user admin rights')).toHaveTextContent('The last admin cannot lose admin rights');
    expect(api.sentTo('PATCH /api/users/1/admin')[0]?.body).toEqual({ isAdmin: false });
  });

  it('shows why the users could not be read', async () => {
    fakeApi({ 'GET /api/users': fails(403, 'Admin access required'), 'GET /api/users/emails': ok({ emails: [] }) });
    renderInShop(<UsersTab />);
    expect(await screen.findByText('Admin access required', { selector: '[role="alert"]' })).toBeInTheDocument();
  });
});
