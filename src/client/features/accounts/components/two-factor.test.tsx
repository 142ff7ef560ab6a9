import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { fakeApi, fails, ok } from '#client/test/fake-api.ts';
import { customer, siteSettings } from '#client/test/fixtures.ts';
import { fillIn, findToast, renderInShop } from '#client/test/render.tsx';
import AuthPage from '../pages/auth-page.tsx';
import { SessionsList } from './sessions-list.tsx';
import { TwoFactorSection } from './two-factor-section.tsx';

// Two-factor sign-in: the code after the password on /auth, set-up and turning off in the profile, and the
// profile's list of sessions.

const WRONG_CODE = 'That code is not correct';
const EXPIRED = 'Your sign-in has expired, please sign in again';
const challenge = { twoFactorRequired: true, loginToken: 'login-token-1', expiresAt: '2026-11-28T12:05:00.000Z' };

async function passwordStep(routes: Parameters<typeof fakeApi>[0]) {
  const api = fakeApi({ 'GET /api/site-settings': ok(siteSettings()), 'POST /api/login': { status: 202, json: challenge }, ...routes });
  const view = renderInShop(<AuthPage />, { path: '/auth' });
  await fillIn(view.user, await screen.findByLabelText('Username or email'), 'coach');
  await fillIn(view.user, screen.getByLabelText('Password'), 'correct horse');
  await view.user.click(screen.getByRole('button', { name: 'Login' }));
  await screen.findByRole('heading', { name: 'Two-factor sign-in' });
  return { ...view, api };
}

describe('signing in with a second factor', () => {
  it('asks for the code after the password, without signing in; the code signs in', async () => {
    const { user, api, queryClient } = await passwordStep({ 'POST /api/login/two-factor': ok(customer({ username: 'coach', isAdmin: true })) });
    expect(queryClient.getQueryData(['/api/user'])).toBeUndefined();
    expect(screen.getByLabelText('Code')).toHaveFocus();
    await fillIn(user, screen.getByLabelText('Code'), ' 123456 ');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await findToast('Login successful')).toHaveTextContent('Welcome back, coach!');
    expect(api.sentTo('POST /api/login/two-factor')[0]?.body).toEqual({ loginToken: 'login-token-1', code: '123456' });
    expect(queryClient.getQueryData(['/api/user'])).toMatchObject({ username: 'coach' });
  });

  it('shows a wrong code beside the field, an expired sign-in above the button, and goes back to the password', async () => {
    const { user, api } = await passwordStep({ 'POST /api/login/two-factor': fails(400, WRONG_CODE, [{ path: 'code', message: WRONG_CODE }]) });
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(screen.getByLabelText('Code')).toHaveAccessibleDescription('Code is required');
    expect(api.sentTo('POST /api/login/two-factor')).toHaveLength(0);
    await fillIn(user, screen.getByLabelText('Code'), '000000');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText(WRONG_CODE)).toBeInTheDocument();
    expect(screen.getByLabelText('Code')).toHaveAccessibleDescription(WRONG_CODE);

    api.route('POST /api/login/two-factor', fails(401, EXPIRED));
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(EXPIRED);
    expect(screen.getByRole('button', { name: 'Verify' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Back to sign-in' }));
    expect(screen.getByLabelText('Password')).toHaveValue('');
    expect(screen.getByLabelText('Username or email')).toHaveValue('coach');
  });
});

describe("the profile's two-factor sign-in", () => {
  const setup = { secret: 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP', otpauthUri: 'otpauth://totp/x?secret=JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP', qrSvg: '<svg></svg>' };
  const codes = Array.from({ length: 10 }, (_, i) => `abcde-fghj${i}`);

  it('sets up with the QR code and key, refuses a wrong first code, then shows the recovery codes once', async () => {
    let enabled = false;
    const api = fakeApi({
      'GET /api/account/two-factor': () => ok({ enabled, required: false, recoveryCodesLeft: enabled ? 10 : 0 }),
      'POST /api/account/two-factor/setup': ok(setup),
      'POST /api/account/two-factor/confirm': fails(400, WRONG_CODE, [{ path: 'code', message: WRONG_CODE }]),
      'GET /api/admin/security': ok({ requireAdminTwoFactor: false }),
    });
    const { user } = renderInShop(<TwoFactorSection required={false} />, { path: '/profile' });
    const section = within(screen.getByRole('region', { name: 'Two-factor sign-in' }));
    await user.click(await section.findByRole('button', { name: 'Set up two-factor sign-in' }));
    expect(await section.findByRole('img', { name: 'QR code for your authenticator app' })).toHaveAttribute(
      'src',
      expect.stringMatching(/^data:image\/svg\+xml/),
    );
    expect(section.getByText(setup.secret)).toBeInTheDocument();

    await fillIn(user, section.getByLabelText('Code from the app'), '000000');
    await user.click(section.getByRole('button', { name: 'Turn on two-factor sign-in' }));
    expect(await section.findByText(WRONG_CODE)).toBeInTheDocument();

    api.route('POST /api/account/two-factor/confirm', () => {
      enabled = true;
      return ok({ recoveryCodes: codes });
    });
    await fillIn(user, section.getByLabelText('Code from the app'), '123456');
    await user.click(section.getByRole('button', { name: 'Turn on two-factor sign-in' }));
    const list = await section.findByRole('list', { name: 'Recovery codes' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(codes);
    expect(section.getByRole('heading', { name: /Two-factor sign-in is on/ })).toHaveFocus();
    await user.click(section.getByRole('button', { name: 'I have saved these codes' }));
    expect(await section.findByText(/10 of 10 recovery codes left/)).toBeInTheDocument();
    expect(section.queryByRole('list', { name: 'Recovery codes' })).not.toBeInTheDocument();
  });

  it('turns off with the password and a code, showing a wrong password beside its field', async () => {
    const WRONG_PASSWORD = 'Your current password is not correct';
    const api = fakeApi({
      'GET /api/account/two-factor': ok({ enabled: true, required: false, recoveryCodesLeft: 7 }),
      'GET /api/admin/security': ok({ requireAdminTwoFactor: false }),
      'POST /api/account/two-factor/disable': fails(400, WRONG_PASSWORD, [{ path: 'currentPassword', message: WRONG_PASSWORD }]),
    });
    const { user } = renderInShop(<TwoFactorSection required={false} />, { path: '/profile' });
    const section = within(screen.getByRole('region', { name: 'Two-factor sign-in' }));
    expect(await section.findByText(/7 of 10 recovery codes left/)).toBeInTheDocument();
    await user.click(section.getByRole('button', { name: 'Turn off two-factor sign-in' }));
    await fillIn(user, section.getByLabelText('Current password'), 'nope');
    await fillIn(user, section.getByLabelText('Code from the app or a recovery code'), '123456');
    await user.click(section.getByRole('button', { name: 'Turn off two-factor sign-in' }));
    expect(await section.findByText(WRONG_PASSWORD)).toBeInTheDocument();
    expect(section.getByLabelText('Current password')).toHaveAccessibleDescription(WRONG_PASSWORD);
    expect(api.sentTo('POST /api/account/two-factor/disable')[0]?.body).toEqual({ password: 'nope', code: '123456' });
  });

  it("says the shop requires it, and the owner's switch shows the server's refusal", async () => {
    const ENROL_FIRST = 'Turn on two-factor sign-in for your own account first';
    fakeApi({
      'GET /api/account/two-factor': ok({ enabled: true, required: false, recoveryCodesLeft: 10 }),
      'GET /api/admin/security': ok({ requireAdminTwoFactor: false }),
      'PUT /api/admin/security': fails(409, ENROL_FIRST),
    });
    const { user } = renderInShop(<TwoFactorSection required={false} />, { path: '/profile' });
    const toggle = await screen.findByRole('checkbox', { name: 'Require two-factor sign-in for every admin' });
    await user.click(toggle);
    expect(await screen.findByRole('alert')).toHaveTextContent(ENROL_FIRST);
    expect(toggle).not.toBeChecked();
  });

  it('tells an admin the shop requires it while it is off', async () => {
    fakeApi({ 'GET /api/account/two-factor': ok({ enabled: false, required: true, recoveryCodesLeft: 0 }) });
    renderInShop(<TwoFactorSection required />, { path: '/profile' });
    expect(await screen.findByRole('alert')).toHaveTextContent('The shop requires two-factor sign-in for staff. Set it up to use the admin area.');
  });
});

describe("the profile's sessions", () => {
  const rows = [
    {
      id: 'a1',
      createdAt: '2026-11-28T10:00:00.000Z',
      lastSeenAt: '2026-11-28T11:00:00.000Z',
      userAgent: 'Mozilla/5.0 (X11; Linux x86_64) Chrome/131.0 Safari/537.36',
      ip: '10.0.0.1',
      current: true,
    },
    {
      id: 'b2',
      createdAt: '2026-11-20T09:00:00.000Z',
      lastSeenAt: null,
      userAgent: 'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0) Version/18.0 Safari/604.1',
      ip: '10.0.0.2',
      current: false,
    },
  ];

  it('marks this device, ends another one, and all others at once', async () => {
    let list = rows;
    const api = fakeApi({
      'GET /api/account/sessions': () => ok(list),
      'DELETE /api/account/sessions/b2': () => {
        list = rows.slice(0, 1);
        return { status: 204 };
      },
      'POST /api/account/sessions/end-others': ok({ ended: 0 }),
    });
    const { user } = renderInShop(<SessionsList />, { path: '/profile' });
    const region = within(screen.getByRole('region', { name: 'Where you are signed in' }));
    expect(await region.findByText('This device')).toBeInTheDocument();
    expect(region.getByText('Chrome on Linux')).toBeInTheDocument();
    expect(region.getByText('Safari on iPhone')).toBeInTheDocument();
    await user.click(region.getByRole('button', { name: /^Sign out Safari on iPhone/ }));
    await vi.waitFor(() => expect(region.queryByText('Safari on iPhone')).not.toBeInTheDocument());
    expect(api.sentTo('DELETE /api/account/sessions/b2')).toHaveLength(1);
    expect(region.queryByRole('button', { name: 'Sign out all other sessions' })).not.toBeInTheDocument();
  });

  it('ends all others and says how many', async () => {
    fakeApi({ 'GET /api/account/sessions': ok(rows), 'POST /api/account/sessions/end-others': ok({ ended: 1 }) });
    const { user } = renderInShop(<SessionsList />, { path: '/profile' });
    await user.click(await screen.findByRole('button', { name: 'Sign out all other sessions' }));
    // the list's live region is there, empty, before the answer fills it
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('Signed out of 1 other session.'));
  });
});
