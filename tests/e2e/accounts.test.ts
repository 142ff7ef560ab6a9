import { expect, test, type Page } from './support/test.ts';
import { PASSWORD_RESET_REQUESTED } from '#common/schemas/accounts.ts';
import { E2E_ADMIN } from '../../playwright.config.ts';
import { adminApi, registerShopper, runId } from './support/admin.ts';
import { expectNoSeriousAxeViolations } from './support/axe.ts';
import { screenshotPage } from './support/screenshots.ts';

// Sign-in and profile, session, toasts.

const toastRegion = (page: Page) => page.getByRole('region', { name: /Notification/ });
const nav = (page: Page) => page.getByRole('navigation', { name: 'Main' });

test('sign-in page: tabs, texts from settings, document title', async ({ page, request }) => {
  const settings = await (await request.get('/api/site-settings')).json();
  await page.goto('/auth');
  await expect(page.getByRole('tab', { name: 'Login' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByRole('tab', { name: 'Register' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(settings.authPageCardTitle ?? 'Welcome');
  if (settings.authPageHeroTitle) await expect(page.getByRole('heading', { name: settings.authPageHeroTitle })).toBeVisible();
  await expect(page).toHaveTitle(settings.authPageTitle ?? 'Login or Register');
  await expectNoSeriousAxeViolations(page, 'auth');
  await screenshotPage(page, 'auth');

  // the shared schema's rules show under the fields
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  await expect(page.getByText('Username is required')).toBeVisible();
  await page.getByRole('tab', { name: 'Register' }).click();
  // new shoppers get their own welcome, not the returning shoppers' one
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Welcome! Create your account');
  await expect(page.getByText('At least 8 characters.')).toBeVisible();
  await page.getByLabel('Username').fill('ab');
  await page.getByLabel('Password').fill('short');
  await page.getByLabel('Email').fill('not-an-email');
  await page.getByRole('button', { name: 'Register' }).click();
  await expect(page.getByText('Username must be at least 3 characters')).toBeVisible();
  await expect(page.getByText('Password must be at least 8 characters')).toBeVisible();
  // the error replaces the hint it would otherwise repeat
  await expect(page.getByText('At least 8 characters.')).toHaveCount(0);
  await expect(page.getByText('Please enter a valid email address')).toBeVisible();
  await expect(page.getByLabel('Email')).toHaveAttribute('type', 'email');
  await expectNoSeriousAxeViolations(page, 'auth with errors');
  await screenshotPage(page, 'auth-register-errors');
  await page.getByRole('tab', { name: 'Login' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(settings.authPageCardTitle ?? 'Welcome');
});

test('register, see the profile, log out, log in again', async ({ page }) => {
  const username = `shopper${Date.now().toString(36)}`;
  const password = 'court-time-2025';

  await page.goto('/profile');
  await expect(page).toHaveURL(/\/auth\?returnTo=%2Fprofile$/);

  await page.getByRole('tab', { name: 'Register' }).click();
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Password').fill(password);
  await page.getByLabel('Email').fill(`${username}@example.com`);
  await page.getByRole('button', { name: 'Register' }).click();
  await expect(toastRegion(page)).toContainText('Registration successful');
  // back to the page that asked for an account
  await expect(page).toHaveURL(/\/profile$/);
  await expect(nav(page).getByText(`Welcome, ${username}!`)).toBeVisible();
  await expect(nav(page).getByRole('link', { name: 'Admin' })).toHaveCount(0);

  await nav(page).getByRole('link', { name: 'Profile' }).click();
  await expect(page).toHaveURL(/\/profile$/);
  await expect(page.getByRole('heading', { level: 1, name: 'My Profile' })).toBeVisible();
  await expect(page.getByText(username, { exact: true })).toBeVisible();
  await expect(page.getByText('Member since')).toBeVisible();
  await expect(page.getByText('No orders yet.')).toBeVisible();
  await expect(page.getByLabel('Full name')).toHaveValue('');
  await page.getByLabel('Full name').fill('  Pat Kitchenline ');
  await page.getByRole('button', { name: 'Save name' }).click();
  await expect(toastRegion(page)).toContainText('Profile saved');
  await expect(page.getByLabel('Full name')).toHaveValue('Pat Kitchenline');
  await expectNoSeriousAxeViolations(page, 'profile');
  await screenshotPage(page, 'profile');

  // signed-in visitors of /auth go to /
  await page.goto('/auth');
  await expect(page).toHaveURL(/\/$/);

  await nav(page).getByRole('button', { name: 'Logout' }).click();
  await expect(toastRegion(page)).toContainText('Logged out successfully');
  await expect(nav(page).getByRole('link', { name: 'Login' })).toBeVisible();

  await nav(page).getByRole('link', { name: 'Login' }).click();
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Password').fill('wrong-password-1');
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  await expect(toastRegion(page)).toContainText('Login failed');

  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  await expect(toastRegion(page)).toContainText('Login successful');
  await expect(page).toHaveURL(/\/$/);
  await page.reload();
  await expect(nav(page).getByText(`Welcome, ${username}!`)).toBeVisible();
  await page.goto('/profile');
  await expect(page.getByLabel('Full name')).toHaveValue('Pat Kitchenline');
});

test('registration with a taken username shows "Registration failed" with the server message', async ({ page }) => {
  await page.goto('/auth');
  await page.getByRole('tab', { name: 'Register' }).click();
  await page.getByLabel('Username').fill(E2E_ADMIN.username);
  await page.getByLabel('Password').fill('another-password-1');
  await page.getByLabel('Email').fill('someone@example.com');
  await page.getByRole('button', { name: 'Register' }).click();
  await expect(toastRegion(page)).toContainText('Registration failed');
});

test('admins see the Admin link', async ({ page }) => {
  await page.goto('/auth');
  await page.getByLabel('Username').fill(E2E_ADMIN.username);
  await page.getByLabel('Password').fill(E2E_ADMIN.password);
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  await expect(toastRegion(page)).toContainText('Login successful');
  await expect(nav(page).getByRole('link', { name: 'Admin' })).toHaveAttribute('href', '/admin');
});

test('forgot password: the link in the outbox e-mail sets a new password, which then signs in with the e-mail', async ({ page, request, baseURL }) => {
  const username = `resetter${runId()}`;
  const email = `${username}@example.com`;
  const newPassword = 'third-shot-drop-volley-9';
  await registerShopper(request, { username, password: 'first-serve-password-1', email });

  await page.goto('/auth');
  await page.getByRole('button', { name: 'Forgot password?' }).click();
  await expect(page.getByRole('heading', { name: 'Forgot your password?' })).toBeFocused();
  await page.getByLabel('Email').fill(email);
  await page.getByRole('button', { name: 'Send reset link' }).click();
  await expect(page.getByRole('status').filter({ hasText: PASSWORD_RESET_REQUESTED })).toBeVisible();
  await expectNoSeriousAxeViolations(page, 'forgot password');
  await screenshotPage(page, 'auth-forgot-password');

  // no SMTP in the e2e server: the admin reads the e-mail in the outbox
  const admin = await adminApi(baseURL!);
  let link = '';
  try {
    await expect(async () => {
      // searched by the address: the first page of a shared server's outbox may not reach this test's mail
      const mails = (await (await admin.get('/api/admin/emails', { params: { q: email } })).json()) as { recipient: string; kind: string; text: string }[];
      const mail = mails.find((row) => row.recipient === email && row.kind === 'password-reset');
      link = /http\S+\/reset-password\?token=[\w-]+/.exec(mail?.text ?? '')?.[0] ?? '';
      expect(link).not.toBe('');
    }).toPass({ timeout: 10_000 });
  } finally {
    await admin.dispose();
  }

  await page.goto(link);
  await expect(page.getByRole('heading', { level: 1, name: 'Choose a new password' })).toBeVisible();
  await page.getByLabel('New password').fill('password123');
  await page.getByRole('button', { name: 'Set new password' }).click();
  await expect(toastRegion(page)).toContainText('Password is too easy to guess');
  await expectNoSeriousAxeViolations(page, 'reset password');
  await screenshotPage(page, 'reset-password');
  await page.getByLabel('New password').fill(newPassword);
  await page.getByRole('button', { name: 'Set new password' }).click();
  await expect(toastRegion(page)).toContainText('Password changed');
  await expect(page).toHaveURL(/\/$/);
  await expect(nav(page).getByText(`Welcome, ${username}!`)).toBeVisible();

  // the link worked once
  await page.goto(link);
  await page.getByLabel('New password').fill('another-new-passphrase-3');
  await page.getByRole('button', { name: 'Set new password' }).click();
  await expect(toastRegion(page)).toContainText('invalid, used or expired');

  await nav(page).getByRole('button', { name: 'Logout' }).click();
  await nav(page).getByRole('link', { name: 'Login' }).click();
  await expect(page.getByLabel('Username or email')).toBeVisible();
  await page.getByLabel('Username or email').fill(email.toUpperCase());
  await page.getByLabel('Password').fill(newPassword);
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  await expect(toastRegion(page)).toContainText('Login successful');
  await expect(nav(page).getByText(`Welcome, ${username}!`)).toBeVisible();
});
