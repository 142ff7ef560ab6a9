import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeApi, fails, ok } from '#client/test/fake-api.ts';
import { siteSettings } from '#client/test/fixtures.ts';
import { fillIn, findToast, renderInShop } from '#client/test/render.tsx';
import { SiteSettingsTab } from './site-settings-tab.tsx';

// The owner's site settings: only filled fields are sent (trimmed, as multipart with the hero image),
// the shared schema's checks beside the fields, a low-contrast colour warned about as it is typed.

const saved = siteSettings({ siteTitle: 'Dink Shop', heroTitle: 'Play more', primaryColor: '#1e40af', shippingCost: '7.50' });

function openSettings(routes: Parameters<typeof fakeApi>[0] = {}) {
  const api = fakeApi({ 'GET /api/site-settings': ok(saved), ...routes });
  return { ...renderInShop(<SiteSettingsTab />, { path: '/admin?tab=settings' }), api };
}

describe('the site settings tab', () => {
  it('sends only the filled fields, trimmed, with the hero image', async () => {
    const { user, api } = openSettings({ 'POST /api/site-settings': ok({ ...saved, heroTitle: 'Play every day' }) });
    await waitFor(() => expect(screen.getByLabelText('Site title')).toHaveValue('Dink Shop'));
    expect(screen.getByLabelText('Shipping cost ($)')).toHaveAccessibleDescription('0 or more; default 5.99.');

    await user.clear(screen.getByLabelText('Hero title'));
    await fillIn(user, screen.getByLabelText('Hero title'), '  Play every day ');
    await user.upload(screen.getByLabelText('Hero image'), new File(['jpg'], 'court.jpg', { type: 'image/jpeg' }));
    await user.click(screen.getByRole('button', { name: 'Save Settings' }));

    expect(await findToast('Site settings updated')).toHaveTextContent('The storefront now shows the new settings.');
    const form = api.sentTo('POST /api/site-settings')[0]?.form;
    expect(form?.get('heroTitle')).toBe('Play every day');
    expect(form?.get('siteTitle')).toBe('Dink Shop');
    expect(form?.get('shippingCost')).toBe('7.50');
    // empty fields keep their current value: they are not sent at all
    expect(form?.has('featuresTitle')).toBe(false);
    expect(form?.has('headerColor')).toBe(false);
    expect((form?.get('heroImage') as File | null)?.name).toBe('court.jpg');
  });

  it('checks a tax rate over 100, a bad colour and a bad e-mail beside their fields, and sends nothing', async () => {
    const { user, api } = openSettings();
    await waitFor(() => expect(screen.getByLabelText('Site title')).toHaveValue('Dink Shop'));

    await user.clear(screen.getByLabelText('Tax rate (%)'));
    await fillIn(user, screen.getByLabelText('Tax rate (%)'), '120');
    await fillIn(user, screen.getByLabelText('Header color'), 'blue');
    await fillIn(user, screen.getByLabelText('Fulfillment email'), 'orders at shop');
    await user.click(screen.getByRole('button', { name: 'Save Settings' }));

    expect(await screen.findByText('Tax rate must be between 0 and 100')).toBeInTheDocument();
    expect(screen.getByLabelText('Tax rate (%)')).toBeInvalid();
    expect(screen.getByLabelText('Header color')).toHaveAccessibleDescription('Header color must be a color like #1e40af');
    expect(screen.getByLabelText('Fulfillment email')).toBeInvalid();
    expect(api.sentTo('POST /api/site-settings')).toHaveLength(0);
  });

  it('warns about a colour too pale for text, and the picker and the text edit the same value', async () => {
    const { user } = openSettings();
    await waitFor(() => expect(screen.getByLabelText('Primary color')).toHaveValue('#1e40af'));
    expect(screen.queryByText('Low contrast:')).not.toBeInTheDocument();

    await user.clear(screen.getByLabelText('Body color'));
    await fillIn(user, screen.getByLabelText('Body color'), '#333333');

    expect(screen.getByLabelText('Body color')).toHaveAccessibleDescription(/^Low contrast: Page text stays dark and reaches only /);
    expect(screen.getByLabelText('Body color picker')).toHaveValue('#333333');
  });

  it("puts the server's refusal under the field it names", async () => {
    const { user } = openSettings({
      'POST /api/site-settings': fails(400, 'Invalid site settings: heroImage: The hero image must be a JPEG, PNG or WebP file', [
        { path: 'siteTitle', message: 'Site title is taken by another shop' },
      ]),
    });
    await waitFor(() => expect(screen.getByLabelText('Site title')).toHaveValue('Dink Shop'));
    await user.click(screen.getByRole('button', { name: 'Save Settings' }));

    expect(await findToast('Failed to update site settings')).toBeInTheDocument();
    expect(screen.getByLabelText('Site title')).toHaveAccessibleDescription('Site title is taken by another shop');
  });
});
