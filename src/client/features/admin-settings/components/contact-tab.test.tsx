import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ContactInfo } from '#common/schemas/content.ts';
import { fakeApi, fails, ok } from '#client/test/fake-api.ts';
import { fillIn, findToast, renderInShop } from '#client/test/render.tsx';
import { ContactTab } from './contact-tab.tsx';

// The owner's contact details: filled from the server, checked beside each field on Save, an emptied
// field sent as null (its line leaves the Contact page), and the server's refusal under its field.

const info = ContactInfo.parse({
  email: 'hello@pickleball.test',
  phone: '(512) 555-0100',
  address: '1 Court St, Austin, TX 78701',
  facebook: null,
  twitter: null,
  instagram: 'https://instagram.com/pickleballshop',
  linkedin: null,
  businessHours: 'Mon-Fri 9-5',
  updatedAt: '2026-11-01T10:00:00.000Z',
});

function openContact(routes: Parameters<typeof fakeApi>[0] = {}) {
  const api = fakeApi({ 'GET /api/contact-info': ok(info), ...routes });
  return { ...renderInShop(<ContactTab />, { path: '/admin?tab=contact' }), api };
}

describe('the contact tab', () => {
  it("fills the form with the shop's details and saves them, an emptied field as null", async () => {
    const { user, api } = openContact({
      'POST /api/contact-info': (request) => ok({ ...info, ...(request.body as object), updatedAt: '2026-11-28T10:00:00.000Z' }),
    });
    await waitFor(() => expect(screen.getByLabelText('Email')).toHaveValue('hello@pickleball.test'));
    expect(screen.getByLabelText('Address')).toHaveValue('1 Court St, Austin, TX 78701');
    expect(screen.getByLabelText('Facebook URL')).toHaveValue('');

    await user.clear(screen.getByLabelText('Phone'));
    await fillIn(user, screen.getByLabelText('Facebook URL'), 'https://facebook.com/pickleballshop');
    await user.click(screen.getByRole('button', { name: 'Save Contact Information' }));

    expect(await findToast('Contact information updated')).toBeInTheDocument();
    expect(api.sentTo('POST /api/contact-info')[0]?.body).toEqual({
      email: 'hello@pickleball.test',
      phone: null,
      address: '1 Court St, Austin, TX 78701',
      businessHours: 'Mon-Fri 9-5',
      facebook: 'https://facebook.com/pickleballshop',
      twitter: null,
      instagram: 'https://instagram.com/pickleballshop',
      linkedin: null,
    });
  });

  it('checks the e-mail and the links beside their fields and sends nothing', async () => {
    const { user, api } = openContact();
    await waitFor(() => expect(screen.getByLabelText('Email')).toHaveValue('hello@pickleball.test'));

    await user.clear(screen.getByLabelText('Email'));
    await fillIn(user, screen.getByLabelText('Email'), 'not an address');
    await fillIn(user, screen.getByLabelText('Twitter URL'), 'twitter.com/shop');
    await user.click(screen.getByRole('button', { name: 'Save Contact Information' }));

    expect(await screen.findByText('Please enter a valid email address')).toBeInTheDocument();
    expect(screen.getByLabelText('Email')).toBeInvalid();
    expect(screen.getByLabelText('Twitter URL')).toHaveAccessibleDescription('Twitter must be an http(s) URL');
    expect(screen.getByLabelText('Instagram URL')).toBeValid();
    expect(api.sentTo('POST /api/contact-info')).toHaveLength(0);
  });

  it("puts the server's refusal under the field it names", async () => {
    const { user } = openContact({
      'POST /api/contact-info': fails(400, 'Invalid contact information: address: Address must be in the United States', [
        { path: 'address', message: 'Address must be in the United States' },
      ]),
    });
    await waitFor(() => expect(screen.getByLabelText('Email')).toHaveValue('hello@pickleball.test'));
    await user.click(screen.getByRole('button', { name: 'Save Contact Information' }));

    expect(await findToast('Failed to update contact information')).toHaveTextContent('Address must be in the United States');
    expect(screen.getByLabelText('Address')).toHaveAccessibleDescription('Address must be in the United States');
  });
});
