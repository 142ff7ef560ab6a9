import { generate } from 'otplib';
import { expect, test, type Page } from './support/test.ts';
import { expectNoSeriousAxeViolations } from './support/axe.ts';
import { adminApi, expectToast, registerShopper, runId } from './support/admin.ts';
import { screenshotPage } from './support/screenshots.ts';
import { E2E_ORIGIN } from '../../playwright.config.ts';

// Issue 32: a staff member turns on two-factor sign-in from the profile (QR code and key, the first code, the
// recovery codes shown once), then signs in with the password and a code from the app, generated here by otplib
// as an authenticator app would; the profile lists the sessions. On a phone and a desktop, axe clean.

const PASSWORD = 'kitchen-dink-2026';

/** A new account made an admin by the shop's owner, signed in on the page. */
async function newStaff(page: Page): Promise<{ username: string }> {
  const username = `staff${runId()}`;
  await registerShopper(page.request, { username, password: PASSWORD, email: `${username}@example.com` });
  const me = (await (await page.request.get('/api/user')).json()) as { id: number };
  const owner = await adminApi(E2E_ORIGIN);
  try {
    const promoted = await owner.patch(`/api/users/${me.id}/admin`, { data: { isAdmin: true } });
    expect(promoted.status()).toBe(200);
  } finally {
    await owner.dispose();
  }
  return { username };
}

/** The app's code `steps` periods from now: each sign-in needs a later period than the last code accepted. */
const codeAt = (secret: string, steps: number) => generate({ secret, epoch: Math.floor(Date.now() / 1000) + steps * 30 });

for (const width of [390, 1280]) {
  test(`staff turn on two-factor sign-in and sign in with a code, at ${width} px`, async ({ page }) => {
    await page.setViewportSize({ width, height: width < 768 ? 844 : 900 });
    const { username } = await newStaff(page);

    await page.goto('/profile');
    const section = page.getByRole('region', { name: 'Two-factor sign-in' });
    await section.getByRole('button', { name: 'Set up two-factor sign-in' }).click();
    await expect(section.getByRole('img', { name: 'QR code for your authenticator app' })).toBeVisible();
    const secret = (await section.getByTestId('two-factor-secret').textContent())!.trim();
    expect(secret).toMatch(/^[A-Z2-7]{16,}$/);
    await expectNoSeriousAxeViolations(page, 'two-factor set-up');
    await screenshotPage(page, 'two-factor-setup');

    // a wrong code first: refused beside the field
    const good = await codeAt(secret, 0);
    await section.getByLabel('Code from the app').fill(good === '000000' ? '111111' : '000000');
    await section.getByRole('button', { name: 'Turn on two-factor sign-in' }).click();
    await expect(section.getByLabel('Code from the app')).toHaveAccessibleDescription('That code is not correct');

    await section.getByLabel('Code from the app').fill(good);
    await section.getByRole('button', { name: 'Turn on two-factor sign-in' }).click();
    const codes = section.getByRole('list', { name: 'Recovery codes' }).getByRole('listitem');
    await expect(codes).toHaveCount(10);
    await expect(section.getByRole('heading', { name: /Two-factor sign-in is on/ })).toBeFocused();
    await expectNoSeriousAxeViolations(page, 'recovery codes');
    await screenshotPage(page, 'two-factor-recovery-codes');
    await section.getByRole('button', { name: 'I have saved these codes' }).click();
    await expect(section).toContainText('10 of 10 recovery codes left');
    await expect(page.getByRole('region', { name: 'Where you are signed in' })).toContainText('This device');

    // sign out, and back in: the password, then the code
    const out = await page.request.post('/api/logout', { headers: { origin: E2E_ORIGIN } });
    expect(out.ok()).toBe(true);
    await page.goto('/auth');
    await page.getByLabel('Username or email').fill(username);
    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Login', exact: true }).click();
    await expect(page.getByRole('heading', { name: 'Two-factor sign-in' })).toBeVisible();
    await expect(page.getByLabel('Code')).toBeFocused();
    await expectNoSeriousAxeViolations(page, 'two-factor sign-in step');
    await screenshotPage(page, 'two-factor-sign-in');

    await page.getByLabel('Code').fill(await codeAt(secret, 1));
    await page.getByRole('button', { name: 'Verify' }).click();
    await expectToast(page, 'Login successful');
    await expect(page).not.toHaveURL(/\/auth/);

    await page.goto('/profile');
    await expect(page.getByRole('region', { name: 'Two-factor sign-in' })).toContainText('On.');
    const sessions = page.getByRole('region', { name: 'Where you are signed in' });
    await expect(sessions.getByText('This device')).toBeVisible();
    await expectNoSeriousAxeViolations(page, 'profile with two-factor on');
    await screenshotPage(page, 'two-factor-profile');
  });
}
