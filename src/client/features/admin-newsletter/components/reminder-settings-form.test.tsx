import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { CheckoutRecoverySettings } from '#common/schemas/checkout-recovery.ts';
import { fakeApi, fails, ok } from '#client/test/fake-api.ts';
import { fillIn, findToast, renderInShop } from '#client/test/render.tsx';
import { ReminderSettingsForm } from './reminder-settings-form.tsx';

// The owner's checkout-reminder settings: what the form sends, and where a refusal is shown.

const SAVE = 'PUT /api/admin/newsletter/checkout-recovery';

const settings = (overrides: Partial<CheckoutRecoverySettings> = {}): CheckoutRecoverySettings => ({
  enabled: false,
  firstDelayMinutes: 60,
  secondEnabled: false,
  secondDelayMinutes: 1440,
  requireConsent: true,
  subject: 'You left something in your cart',
  message: 'Your cart is waiting for you.',
  ...overrides,
});

function renderForm(api: ReturnType<typeof fakeApi>, readOnly = false) {
  const view = renderInShop(<ReminderSettingsForm settings={settings()} readOnly={readOnly} />);
  return { ...view, api, form: within(screen.getByRole('form', { name: 'Checkout reminder settings' })) };
}

async function replace(user: ReturnType<typeof renderInShop>['user'], field: HTMLElement, text: string) {
  await user.clear(field);
  if (text) await fillIn(user, field, text);
}

describe('ReminderSettingsForm', () => {
  it('sends the settings as the API takes them: switches as booleans, delays as whole minutes', async () => {
    const api = fakeApi({ [SAVE]: ({ body }) => ok(body) });
    const { user, form } = renderForm(api);
    await user.click(form.getByRole('checkbox', { name: /Send checkout reminders/ }));
    await user.click(form.getByRole('checkbox', { name: /Send a second reminder/ }));
    await user.click(form.getByRole('checkbox', { name: /Only to confirmed newsletter subscribers/ }));
    await replace(user, form.getByLabelText('First reminder after (minutes)'), '90');
    await replace(user, form.getByLabelText('Second reminder after (minutes)'), '2880');
    await replace(user, form.getByLabelText('Subject'), 'Your paddle is waiting');
    await user.click(form.getByRole('button', { name: 'Save reminder settings' }));

    await findToast('Reminder settings saved');
    expect(api.sentTo(SAVE).map((request) => request.body)).toEqual([
      settings({
        enabled: true,
        secondEnabled: true,
        requireConsent: false,
        firstDelayMinutes: 90,
        secondDelayMinutes: 2880,
        subject: 'Your paddle is waiting',
      }),
    ]);
  });

  it('keeps a delay out of range or an empty subject from the server, with the message beside the field', async () => {
    const api = fakeApi({ [SAVE]: ({ body }) => ok(body) });
    const { user, form } = renderForm(api);
    await replace(user, form.getByLabelText('First reminder after (minutes)'), '5');
    await replace(user, form.getByLabelText('Second reminder after (minutes)'), '');
    await replace(user, form.getByLabelText('Subject'), '');
    await user.click(form.getByRole('button', { name: 'Save reminder settings' }));

    expect(await form.findByText('First reminder delay must be a whole number of minutes from 15 to 10080')).toBeInTheDocument();
    expect(form.getByLabelText('First reminder after (minutes)')).toHaveAccessibleDescription(
      'First reminder delay must be a whole number of minutes from 15 to 10080',
    );
    expect(form.getByLabelText('Second reminder after (minutes)')).toHaveAccessibleDescription(
      'Second reminder delay must be a whole number of minutes from 60 to 20160',
    );
    expect(form.getByLabelText('Subject')).toHaveAccessibleDescription('Subject is required');
    expect(api.sentTo(SAVE)).toHaveLength(0);
  });

  it("shows the server's refusal beside the field it names, and one naming no field above the button", async () => {
    const api = fakeApi({ [SAVE]: fails(400, 'Validation failed', [{ path: 'message', message: 'Message must be at most 2000 characters' }]) });
    const { user, form } = renderForm(api);
    await user.click(form.getByRole('button', { name: 'Save reminder settings' }));
    await waitFor(() => expect(form.getByLabelText('Message')).toHaveAccessibleDescription('Message must be at most 2000 characters'));
    expect(form.queryByRole('alert')).toBeNull();

    api.route(SAVE, fails(403, 'Your role may not change the settings.'));
    await user.click(form.getByRole('button', { name: 'Save reminder settings' }));
    expect(await form.findByRole('alert')).toHaveTextContent('Your role may not change the settings.');
  });

  it('only shows the settings to a role that may read but not change them', () => {
    const api = fakeApi({});
    const { form } = renderForm(api, true);
    expect(form.queryByRole('button', { name: 'Save reminder settings' })).toBeNull();
    expect(form.getByLabelText('Subject')).toBeDisabled();
    expect(form.getByRole('checkbox', { name: /Send checkout reminders/ })).toBeDisabled();
  });
});
