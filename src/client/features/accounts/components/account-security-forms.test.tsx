import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { EMAIL_CHANGE_REQUESTED } from '#common/schemas/accounts.ts';
import { fakeApi, fails, ok } from '#client/test/fake-api.ts';
import { fillIn, findToast, renderInShop } from '#client/test/render.tsx';
import { ChangeEmailForm } from './change-email-form.tsx';
import { ChangePasswordForm } from './change-password-form.tsx';

// The profile's "Change e-mail" and "Change password" forms: checks beside their fields, the server's answers.

const WRONG = 'Your current password is not correct';
const LOCKED = 'Too many failed sign-in attempts, please try again later';

describe('Change e-mail', () => {
  const open = (routes: Parameters<typeof fakeApi>[0] = {}) => {
    const api = fakeApi(routes);
    const view = renderInShop(<ChangeEmailForm currentEmail="ann@example.com" />);
    return { ...view, api, form: within(screen.getByRole('form', { name: 'Change e-mail' })) };
  };

  it('sends the new address and the current password, and says where the link went', async () => {
    const { user, api, form } = open({ 'POST /api/account/email': { status: 202, json: { message: EMAIL_CHANGE_REQUESTED } } });
    expect(form.getByLabelText('New email')).toHaveAccessibleDescription('Now ann@example.com. It changes when you open the link we send to the new address.');
    await fillIn(user, form.getByLabelText('New email'), ' Ann.Lee@Example.com ');
    await fillIn(user, form.getByLabelText('Current password'), 'correct horse battery');
    await user.click(form.getByRole('button', { name: 'Send confirmation link' }));

    // the form's live region is there (empty, or saying it is sending) before the server's answer fills it
    await waitFor(() => expect(form.getByRole('status')).toHaveTextContent(EMAIL_CHANGE_REQUESTED));
    expect(api.sentTo('POST /api/account/email')[0]?.body).toEqual({ newEmail: 'ann.lee@example.com', currentPassword: 'correct horse battery' });
    // the password does not stay in the form
    expect(form.getByLabelText('Current password')).toHaveValue('');
  });

  it('checks both fields beside them before sending anything', async () => {
    const { user, api, form } = open();
    await user.click(form.getByRole('button', { name: 'Send confirmation link' }));
    expect(await form.findByText('Email is required')).toBeInTheDocument();
    expect(form.getByLabelText('New email')).toHaveAccessibleDescription('Email is required');
    expect(form.getByLabelText('Current password')).toHaveAccessibleDescription('Current password is required');
    await fillIn(user, form.getByLabelText('New email'), 'not-an-address');
    await user.click(form.getByRole('button', { name: 'Send confirmation link' }));
    expect(await form.findByText('Please enter a valid email address')).toBeInTheDocument();
    expect(api.sent).toHaveLength(0);
  });

  it('shows a wrong current password beside its field, and a locked account above the button', async () => {
    const { user, api, form } = open({ 'POST /api/account/email': fails(400, WRONG, [{ path: 'currentPassword', message: WRONG }]) });
    await fillIn(user, form.getByLabelText('New email'), 'new@example.com');
    await fillIn(user, form.getByLabelText('Current password'), 'wrong');
    await user.click(form.getByRole('button', { name: 'Send confirmation link' }));
    expect(await form.findByText(WRONG)).toBeInTheDocument();
    expect(form.getByLabelText('Current password')).toHaveAccessibleDescription(WRONG);

    api.route('POST /api/account/email', fails(429, LOCKED));
    await user.click(form.getByRole('button', { name: 'Send confirmation link' }));
    expect(await form.findByRole('alert')).toHaveTextContent(LOCKED);
  });
});

describe('Change password', () => {
  const open = (routes: Parameters<typeof fakeApi>[0] = {}) => {
    const api = fakeApi(routes);
    const view = renderInShop(<ChangePasswordForm />);
    return { ...view, api, form: within(screen.getByRole('form', { name: 'Change password' })) };
  };

  it('changes the password and says the other devices are signed out', async () => {
    const message = 'Password changed. You were signed out everywhere else.';
    const { user, api, form } = open({ 'POST /api/account/password': ok({ message }) });
    await fillIn(user, form.getByLabelText('Current password'), 'correct horse battery');
    await fillIn(user, form.getByLabelText('New password'), 'kitchen-line-erne-7');
    await user.click(form.getByRole('button', { name: 'Change password' }));

    expect(await findToast('Password changed')).toHaveTextContent(message);
    expect(form.getByRole('status')).toHaveTextContent(message);
    expect(api.sentTo('POST /api/account/password')[0]?.body).toEqual({ currentPassword: 'correct horse battery', newPassword: 'kitchen-line-erne-7' });
    expect(form.getByLabelText('Current password')).toHaveValue('');
    expect(form.getByLabelText('New password')).toHaveValue('');
  });

  it("checks registration's length rule beside the new password before sending anything", async () => {
    const { user, api, form } = open();
    await user.click(form.getByRole('button', { name: 'Change password' }));
    expect(await form.findByText('Current password is required')).toBeInTheDocument();
    // an empty new password reads as too short, as on the registration form
    expect(form.getByLabelText('New password')).toHaveAccessibleDescription('Password must be at least 8 characters');
    await fillIn(user, form.getByLabelText('Current password'), 'x');
    await fillIn(user, form.getByLabelText('New password'), 'short');
    await user.click(form.getByRole('button', { name: 'Change password' }));
    expect(form.getByLabelText('Current password')).not.toHaveAccessibleDescription();
    expect(await form.findByText('Password must be at least 8 characters')).toBeInTheDocument();
    expect(api.sent).toHaveLength(0);
  });

  it("shows the server's refusals beside the field they name", async () => {
    const weak = 'Password is too easy to guess: use a longer phrase or mix in unusual words';
    const { user, api, form } = open({ 'POST /api/account/password': fails(400, weak, [{ path: 'newPassword', message: weak }]) });
    await fillIn(user, form.getByLabelText('Current password'), 'correct horse battery');
    await fillIn(user, form.getByLabelText('New password'), 'password123');
    await user.click(form.getByRole('button', { name: 'Change password' }));
    expect(await form.findByText(weak)).toBeInTheDocument();
    expect(form.getByLabelText('New password')).toHaveAccessibleDescription(weak);

    api.route('POST /api/account/password', fails(400, WRONG, [{ path: 'currentPassword', message: WRONG }]));
    await user.clear(form.getByLabelText('New password'));
    await fillIn(user, form.getByLabelText('New password'), 'kitchen-line-erne-7');
    await user.click(form.getByRole('button', { name: 'Change password' }));
    expect(await form.findByText(WRONG)).toBeInTheDocument();
    expect(form.getByLabelText('Current password')).toHaveAccessibleDescription(WRONG);
  });
});
