import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { MAX_SAVED_ADDRESSES, SavedAddress, type SaveAddressInput } from '#common/schemas/addresses.ts';
import { US_STATES } from '#common/constants.ts';
import { fakeApi, fails, ok, type SentRequest } from '#client/test/fake-api.ts';
import { fillIn, findToast, renderInShop } from '#client/test/render.tsx';
import { AddressBook } from './address-book.tsx';

// The profile's address book against a fake server that keeps the book as the real one does (the default first).

let nextId = 1;
function savedAddress(overrides: Partial<SavedAddress> = {}): SavedAddress {
  const id = nextId++;
  return SavedAddress.parse({
    id,
    fullName: 'Ann Lee',
    street: `${id} Baseline Rd`,
    city: 'Austin',
    state: 'TX',
    zip: '78701',
    country: 'US',
    phone: null,
    isDefaultShipping: false,
    createdAt: '2026-11-20T10:00:00.000Z',
    updatedAt: '2026-11-20T10:00:00.000Z',
    ...overrides,
  });
}

/** The server's book: answers the list, a new address, a change and a delete, and records them. */
function fakeBook(initial: SavedAddress[]) {
  let book = [...initial];
  const sorted = () => [...book].sort((a, b) => Number(b.isDefaultShipping) - Number(a.isDefaultShipping) || b.id - a.id);
  const idOf = (request: SentRequest) => Number(request.path.split('/').pop());
  const api = fakeApi({
    'GET /api/account/addresses': () => ok({ addresses: sorted() }),
    'POST /api/account/addresses': (request) => {
      const input = request.body as SaveAddressInput;
      const address = savedAddress({
        ...input,
        state: input.state.toUpperCase(),
        phone: input.phone || null,
        isDefaultShipping: input.isDefaultShipping ?? false,
      });
      if (address.isDefaultShipping) book = book.map((a) => ({ ...a, isDefaultShipping: false }));
      book.push(address);
      return { status: 201, json: { address } };
    },
  });
  for (const id of initial.map((a) => a.id)) {
    api.route(`PATCH /api/account/addresses/${id}`, (request) => {
      const changes = request.body as Partial<SavedAddress>;
      if (changes.isDefaultShipping) book = book.map((a) => ({ ...a, isDefaultShipping: false }));
      book = book.map((a) => (a.id === idOf(request) ? { ...a, ...changes } : a));
      return ok({ address: book.find((a) => a.id === idOf(request)) });
    });
    api.route(`DELETE /api/account/addresses/${id}`, (request) => {
      book = book.filter((a) => a.id !== idOf(request));
      return { status: 204 };
    });
  }
  return api;
}

const home = () => savedAddress({ street: '12 Baseline Rd', phone: '512-555-0100', isDefaultShipping: true });
const work = () => savedAddress({ street: '400 Congress Ave', zip: '78701-4000' });

describe('the address book', () => {
  it('lists the addresses, the default first and marked, each with its own buttons', async () => {
    fakeBook([work(), home()]);
    renderInShop(<AddressBook />);
    const list = await screen.findByRole('list', { name: 'Saved addresses' });
    const items = within(list).getAllByRole('listitem');
    expect(items.map((item) => item.textContent)).toEqual([expect.stringContaining('12 Baseline Rd'), expect.stringContaining('400 Congress Ave')]);
    expect(within(items[0]!).getByText('Default shipping')).toBeInTheDocument();
    expect(within(items[0]!).getByText('512-555-0100')).toBeInTheDocument();
    expect(within(items[0]!).queryByRole('button', { name: /Set as default/ })).not.toBeInTheDocument();
    expect(within(items[1]!).queryByText('Default shipping')).not.toBeInTheDocument();
    expect(within(items[1]!).getByRole('button', { name: 'Set as default: 400 Congress Ave' })).toBeInTheDocument();
    expect(within(items[1]!).getByRole('button', { name: 'Edit 400 Congress Ave' })).toBeInTheDocument();
    expect(within(items[1]!).getByRole('button', { name: 'Delete 400 Congress Ave' })).toBeInTheDocument();
  });

  it('says when there are none, and makes the first address added the default', async () => {
    const api = fakeBook([]);
    const { user } = renderInShop(<AddressBook />);
    expect(await screen.findByText('No saved addresses yet.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Add address' }));
    const form = within(await screen.findByRole('form', { name: 'New address' }));
    expect(form.getByLabelText('Full name')).toHaveFocus();
    expect(form.getByRole('checkbox', { name: 'Use as my default shipping address' })).toBeChecked();

    await fillIn(user, form.getByLabelText('Full name'), 'Ann Lee');
    await fillIn(user, form.getByLabelText('Street address'), '12 Baseline Rd');
    await fillIn(user, form.getByLabelText('City'), 'Austin');
    await user.selectOptions(form.getByLabelText('State'), 'Texas');
    await fillIn(user, form.getByLabelText('ZIP code'), '78701');
    await user.click(form.getByRole('button', { name: 'Save address' }));

    expect(await findToast('Address saved')).toBeInTheDocument();
    expect(api.sentTo('POST /api/account/addresses')[0]?.body).toEqual({
      fullName: 'Ann Lee',
      street: '12 Baseline Rd',
      city: 'Austin',
      state: 'TX',
      zip: '78701',
      phone: null,
      isDefaultShipping: true,
    });
    const item = within(await screen.findByRole('list', { name: 'Saved addresses' })).getByRole('listitem');
    expect(item).toHaveTextContent('12 Baseline Rd');
    expect(item).toHaveTextContent('Default shipping');
    expect(screen.queryByRole('form', { name: 'New address' })).not.toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Add address' })).toHaveFocus());
  });

  it('offers the same states as checkout: the 50 states and DC', async () => {
    fakeBook([home()]);
    const { user } = renderInShop(<AddressBook />);
    await user.click(await screen.findByRole('button', { name: 'Add address' }));
    const options = within(await screen.findByLabelText('State')).getAllByRole('option');
    expect(options.map((option) => option.textContent)).toEqual(['Select a state', ...US_STATES.map(([, name]) => name)]);
    expect(options).toHaveLength(52);
    expect(screen.getByRole('checkbox', { name: 'Use as my default shipping address' })).not.toBeChecked();
  });

  it("checks the fields beside them before sending anything, then shows the server's refusal under the field it names", async () => {
    const api = fakeBook([home()]);
    const { user } = renderInShop(<AddressBook />);
    await user.click(await screen.findByRole('button', { name: 'Add address' }));
    const form = within(await screen.findByRole('form', { name: 'New address' }));
    await user.click(form.getByRole('button', { name: 'Save address' }));

    expect(await form.findByText('Full name is required')).toBeInTheDocument();
    expect(form.getByLabelText('Full name')).toHaveAccessibleDescription('Full name is required');
    expect(form.getByLabelText('Street address')).toHaveAccessibleDescription('Street address is required');
    expect(form.getByLabelText('City')).toHaveAccessibleDescription('City is required');
    expect(form.getByLabelText('State')).toHaveAccessibleDescription('Please choose a US state');
    expect(form.getByLabelText('ZIP code')).toHaveAccessibleDescription('ZIP code is required');
    expect(api.sentTo('POST /api/account/addresses')).toHaveLength(0);

    await fillIn(user, form.getByLabelText('ZIP code'), '7870');
    await user.click(form.getByRole('button', { name: 'Save address' }));
    expect(await form.findByText('Please enter a valid ZIP code')).toBeInTheDocument();

    api.route(
      'POST /api/account/addresses',
      fails(400, 'Phone must be at most 40 characters', [{ path: 'phone', message: 'Phone must be at most 40 characters' }]),
    );
    await fillIn(user, form.getByLabelText('Full name'), 'Ann Lee');
    await fillIn(user, form.getByLabelText('Street address'), '9 Dink Ct');
    await fillIn(user, form.getByLabelText('City'), 'Austin');
    await user.selectOptions(form.getByLabelText('State'), 'TX');
    await user.clear(form.getByLabelText('ZIP code'));
    await fillIn(user, form.getByLabelText('ZIP code'), '78701');
    await user.click(form.getByRole('button', { name: 'Save address' }));
    await waitFor(() => expect(form.getByLabelText('Phone')).toHaveAccessibleDescription('Phone must be at most 40 characters'));
  });

  it('shows a refusal that names no field above the buttons (a full book)', async () => {
    const api = fakeBook([home()]);
    api.route('POST /api/account/addresses', fails(409, `You can save at most ${MAX_SAVED_ADDRESSES} addresses. Delete one to add another.`));
    const { user } = renderInShop(<AddressBook />);
    await user.click(await screen.findByRole('button', { name: 'Add address' }));
    const form = within(await screen.findByRole('form', { name: 'New address' }));
    await fillIn(user, form.getByLabelText('Full name'), 'Ann Lee');
    await fillIn(user, form.getByLabelText('Street address'), '9 Dink Ct');
    await fillIn(user, form.getByLabelText('City'), 'Austin');
    await user.selectOptions(form.getByLabelText('State'), 'TX');
    await fillIn(user, form.getByLabelText('ZIP code'), '78701');
    await user.click(form.getByRole('button', { name: 'Save address' }));
    expect(await form.findByRole('alert')).toHaveTextContent('You can save at most 20 addresses. Delete one to add another.');
  });

  it('turns the Add button off when the book is full, saying why', async () => {
    fakeBook(Array.from({ length: MAX_SAVED_ADDRESSES }, () => savedAddress()));
    renderInShop(<AddressBook />);
    const add = await screen.findByRole('button', { name: 'Add address' });
    expect(add).toBeDisabled();
    expect(add).toHaveAccessibleDescription('You can save up to 20 addresses. Delete one to add another.');
  });

  it('edits an address in place, sending its fields, and goes back to its Edit button', async () => {
    const second = work();
    const api = fakeBook([home(), second]);
    const { user } = renderInShop(<AddressBook />);
    await user.click(await screen.findByRole('button', { name: 'Edit 400 Congress Ave' }));
    const form = within(await screen.findByRole('form', { name: 'Edit address' }));
    expect(form.getByLabelText('Street address')).toHaveValue('400 Congress Ave');
    expect(form.getByLabelText('State')).toHaveValue('TX');
    await user.clear(form.getByLabelText('City'));
    await fillIn(user, form.getByLabelText('City'), 'San Antonio');
    await user.click(form.getByRole('button', { name: 'Save address' }));

    expect(await findToast('Address saved')).toBeInTheDocument();
    expect(api.sentTo(`PATCH /api/account/addresses/${second.id}`)[0]?.body).toEqual({
      fullName: 'Ann Lee',
      street: '400 Congress Ave',
      city: 'San Antonio',
      state: 'TX',
      zip: '78701-4000',
      phone: null,
      isDefaultShipping: false,
    });
    expect(await screen.findByText('San Antonio,', { exact: false })).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Edit 400 Congress Ave' })).toHaveFocus());
  });

  it('cancels an edit without sending anything', async () => {
    const api = fakeBook([home()]);
    const { user } = renderInShop(<AddressBook />);
    await user.click(await screen.findByRole('button', { name: 'Edit 12 Baseline Rd' }));
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('form')).not.toBeInTheDocument();
    expect(api.sent.filter((request) => request.method !== 'GET')).toEqual([]);
  });

  it('makes another address the default', async () => {
    const second = work();
    const api = fakeBook([home(), second]);
    const { user } = renderInShop(<AddressBook />);
    await user.click(await screen.findByRole('button', { name: 'Set as default: 400 Congress Ave' }));
    expect(await findToast('Default address changed')).toBeInTheDocument();
    expect(api.sentTo(`PATCH /api/account/addresses/${second.id}`)[0]?.body).toEqual({ isDefaultShipping: true });
    const firstItem = () => within(screen.getByRole('list', { name: 'Saved addresses' })).getAllByRole('listitem')[0];
    await waitFor(() => expect(firstItem()).toHaveTextContent('400 Congress Ave'));
    expect(firstItem()).toHaveTextContent('Default shipping');
    expect(screen.getAllByText('Default shipping')).toHaveLength(1);
  });

  it('deletes an address after asking, and keeps it when the shopper changes their mind', async () => {
    const first = home();
    const api = fakeBook([first, work()]);
    const { user } = renderInShop(<AddressBook />);
    await user.click(await screen.findByRole('button', { name: 'Delete 12 Baseline Rd' }));
    let dialog = screen.getByRole('dialog', { name: 'Delete this address?' });
    expect(dialog).toHaveTextContent('12 Baseline Rd');
    await user.click(within(dialog).getByRole('button', { name: 'Keep it' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(api.sentTo(`DELETE /api/account/addresses/${first.id}`)).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Delete 12 Baseline Rd' }));
    dialog = screen.getByRole('dialog', { name: 'Delete this address?' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete address' }));
    expect(await findToast('Address deleted')).toBeInTheDocument();
    expect(api.sentTo(`DELETE /api/account/addresses/${first.id}`)).toHaveLength(1);
    await waitFor(() => expect(screen.queryByText('12 Baseline Rd')).not.toBeInTheDocument());
    expect(screen.getByText('400 Congress Ave')).toBeInTheDocument();
  });

  it('says when the book cannot be read, and tries again', async () => {
    const api = fakeApi({ 'GET /api/account/addresses': fails(500, 'Internal Server Error') });
    const { user } = renderInShop(<AddressBook />);
    expect(await screen.findByText("We couldn't load your addresses")).toBeInTheDocument();
    api.route('GET /api/account/addresses', ok({ addresses: [home()] }));
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('12 Baseline Rd')).toBeInTheDocument();
  });
});
