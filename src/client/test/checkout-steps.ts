import { screen, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { fillIn } from './render.tsx';

// The shopper's steps through /checkout's sections, by the labels they read.

const SHIPPING = { street: '12 Baseline Rd', city: 'Austin', state: 'TX', zip: '78701' } as const;
const CUSTOMER = { name: 'Dana Dinker', email: 'dana@example.com' } as const;

export async function fillShippingAddress(user: UserEvent, address: { street: string; city: string; state: string; zip: string } = SHIPPING) {
  const section = within(screen.getByRole('group', { name: 'Shipping Address' }));
  await fillIn(user, section.getByLabelText('Street address'), address.street);
  await fillIn(user, section.getByLabelText('City'), address.city);
  await user.selectOptions(section.getByLabelText('State'), address.state);
  await fillIn(user, section.getByLabelText('ZIP code'), address.zip);
}

/** The e-mail (Contact) and the name the parcel goes to (Shipping Address). */
export async function fillCustomer(user: UserEvent, customer: { name: string; email: string } = CUSTOMER) {
  if (customer.email) await fillIn(user, within(screen.getByRole('group', { name: 'Contact' })).getByLabelText('Email'), customer.email);
  if (customer.name) await fillIn(user, within(screen.getByRole('group', { name: 'Shipping Address' })).getByLabelText('Full name'), customer.name);
}

/** Types a card into the simulated card form and presses Pay Now. */
export async function payWithCard(user: UserEvent, card: { number: string; expiry?: string; cvc?: string }) {
  const form = within(screen.getByRole('form', { name: 'Card payment' }));
  for (const [label, value] of [
    ['Card number', card.number],
    ['Expiry (MM/YY)', card.expiry ?? '12/34'],
    ['CVC', card.cvc ?? '123'],
  ] as const) {
    const field = form.getByLabelText(label);
    await user.clear(field);
    if (value) await fillIn(user, field, value);
  }
  await user.click(form.getByRole('button', { name: 'Pay Now' }));
}

/** A row of the Order Summary's totals ("Subtotal", "Total"...): its shown value. */
export function summaryValue(label: string | RegExp): string {
  const term = within(screen.getByLabelText('Order totals')).getByText(label, { selector: 'dt' });
  return term.nextElementSibling?.textContent ?? '';
}
