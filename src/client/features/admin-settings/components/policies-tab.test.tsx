import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Policies } from '#common/schemas/content.ts';
import { fakeApi, fails, ok } from '#client/test/fake-api.ts';
import { siteSettings } from '#client/test/fixtures.ts';
import { fillIn, findToast, renderInShop } from '#client/test/render.tsx';
import { PoliciesTab } from './policies-tab.tsx';

// The owner's policies: three titled sections (the default titles while a section has none) saved
// together, and the return window and terms checked before they are sent.

const policies = Policies.parse({
  title1: 'Privacy',
  content1: 'We keep your data in Texas.',
  title2: '',
  content2: '',
  title3: '',
  content3: '',
  updatedAt: '2026-11-01T10:00:00.000Z',
});

function openPolicies(routes: Parameters<typeof fakeApi>[0] = {}) {
  const api = fakeApi({
    'GET /api/policies': ok(policies),
    'GET /api/site-settings': ok(siteSettings({ returnWindowDays: 30, returnConditions: 'Unused, in the box.' })),
    ...routes,
  });
  return { ...renderInShop(<PoliciesTab />, { path: '/admin?tab=policies' }), api };
}

describe('the policies tab', () => {
  it('shows the default title of a section that has none, and saves the three sections', async () => {
    const { user, api } = openPolicies({ 'POST /api/policies': (request) => ok({ ...policies, ...(request.body as object) }) });
    await waitFor(() => expect(screen.getByLabelText('Section 1 title')).toHaveValue('Privacy'));
    expect(screen.getByLabelText('Section 1 content')).toHaveValue('We keep your data in Texas.');
    expect(screen.getByLabelText('Section 2 title')).toHaveValue('Terms and Conditions');
    expect(screen.getByLabelText('Section 3 title')).toHaveValue('Shipping & Returns');

    await fillIn(user, screen.getByLabelText('Section 3 content'), 'Free shipping over $100.');
    await user.click(screen.getByRole('button', { name: 'Save Policies' }));

    expect(await findToast('Policies updated')).toBeInTheDocument();
    expect(api.sentTo('POST /api/policies')[0]?.body).toEqual({
      title1: 'Privacy',
      content1: 'We keep your data in Texas.',
      title2: 'Terms and Conditions',
      content2: '',
      title3: 'Shipping & Returns',
      content3: 'Free shipping over $100.',
    });
  });

  it('checks a title longer than 200 characters beside it', async () => {
    const { user, api } = openPolicies();
    await waitFor(() => expect(screen.getByLabelText('Section 1 title')).toHaveValue('Privacy'));
    await fillIn(user, screen.getByLabelText('Section 2 title'), 'x'.repeat(200));
    await user.click(screen.getByRole('button', { name: 'Save Policies' }));

    expect(await screen.findByText('Title 2 must be at most 200 characters')).toBeInTheDocument();
    expect(screen.getByLabelText('Section 2 title')).toBeInvalid();
    expect(api.sentTo('POST /api/policies')).toHaveLength(0);
  });

  it('saves the return window and terms', async () => {
    const { user, api } = openPolicies({
      'PUT /api/return-policy': ok(siteSettings({ returnWindowDays: 45, returnConditions: 'Unused.', updatedAt: '2026-11-28T10:00:00.000Z' })),
    });
    const days = await screen.findByLabelText('Return window (days after delivery)');
    expect(days).toHaveValue('30');
    expect(days).toHaveAccessibleDescription('0 turns returns off.');
    expect(screen.getByLabelText('Return conditions')).toHaveValue('Unused, in the box.');

    await user.clear(days);
    await fillIn(user, days, '45');
    await user.clear(screen.getByLabelText('Return conditions'));
    await fillIn(user, screen.getByLabelText('Return conditions'), 'Unused.');
    await user.click(screen.getByRole('button', { name: 'Save return policy' }));

    expect(await findToast('Return policy updated')).toBeInTheDocument();
    expect(api.sentTo('PUT /api/return-policy')[0]?.body).toEqual({ windowDays: 45, conditions: 'Unused.' });
    await waitFor(() => expect(screen.getByLabelText('Return window (days after delivery)')).toHaveValue('45'));
  });

  it('refuses a return window that is not 0 to 365 whole days, before sending', async () => {
    const { user, api } = openPolicies();
    const days = await screen.findByLabelText('Return window (days after delivery)');
    const returnsCard = within(days.closest('form')!);
    for (const typed of ['366', '2.5', '-1', '']) {
      await user.clear(days);
      if (typed) await fillIn(user, days, typed);
      await user.click(returnsCard.getByRole('button', { name: 'Save return policy' }));
      expect(returnsCard.getByRole('alert')).toHaveTextContent('Return window must be a whole number of days from 0 to 365');
    }
    expect(api.sentTo('PUT /api/return-policy')).toHaveLength(0);
  });

  it("shows the server's refusal of the return policy", async () => {
    const { user } = openPolicies({ 'PUT /api/return-policy': fails(400, 'Return conditions must be at most 2000 characters') });
    await screen.findByLabelText('Return window (days after delivery)');
    await user.click(screen.getByRole('button', { name: 'Save return policy' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Return conditions must be at most 2000 characters');
  });
});
