import { expect, test, type Page } from './support/test.ts';
import { expectNoSeriousAxeViolations } from './support/axe.ts';
import { adminApi, runId } from './support/admin.ts';
import { screenshotPage } from './support/screenshots.ts';

// Issue 13: customers opt in to marketing e-mail at registration or in the profile (unticked unless they
// tick it), and the owner's customer export says per row who did.

const CONSENT = 'Send me news and offers by e-mail';

async function exportedRow(baseURL: string, email: string): Promise<string> {
  const admin = await adminApi(baseURL);
  try {
    const csv = await (await admin.get('/api/users/customers.csv')).text();
    const row = csv.split('\r\n').find((line) => line.startsWith(`${email},`));
    if (!row) throw new Error(`${email} is not in the export`);
    return row;
  } finally {
    await admin.dispose();
  }
}

async function register(page: Page, username: string, consent: boolean): Promise<void> {
  await page.goto('/auth?returnTo=%2Fprofile');
  await page.getByRole('tab', { name: 'Register' }).click();
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Password').fill('consent-court-2025');
  await page.getByLabel('Email').fill(`${username}@example.com`);
  const box = page.getByRole('checkbox', { name: CONSENT });
  await expect(box).not.toBeChecked();
  if (consent) await box.check();
  await page.getByRole('button', { name: 'Register' }).click();
  await expect(page).toHaveURL(/\/profile$/);
}

test('opting in at registration and out in the profile shows in the export, at 390 and 1280 px', async ({ page, baseURL }) => {
  const username = `keen${runId()}`;
  const email = `${username}@example.com`;
  await page.goto('/auth');
  await page.getByRole('tab', { name: 'Register' }).click();
  await expect(page.getByRole('checkbox', { name: CONSENT })).toBeVisible();
  await expectNoSeriousAxeViolations(page, 'register tab with the consent box');
  await screenshotPage(page, 'register-consent', async () => {
    await page.getByRole('tab', { name: 'Register' }).click();
  });

  await register(page, username, true);
  const box = page.getByRole('checkbox', { name: CONSENT });
  await expect(box).toBeChecked();
  expect(await exportedRow(baseURL!, email)).toMatch(new RegExp(`^${email},${username},,yes,\\d{4}-\\d{2}-\\d{2}T[^,]+Z,`));
  await expectNoSeriousAxeViolations(page, 'profile with the consent box');
  await screenshotPage(page, 'profile-consent');

  await box.uncheck();
  await expect(page.getByRole('region', { name: /Notification/ })).toContainText('Profile saved');
  await expect(box).not.toBeChecked();
  expect(await exportedRow(baseURL!, email)).toMatch(new RegExp(`^${email},${username},,no,,`));
  // saved on the server: a reload shows it
  await page.reload();
  await expect(page.getByRole('checkbox', { name: CONSENT })).not.toBeChecked();
  await page.getByRole('checkbox', { name: CONSENT }).check();
  await expect(page.getByRole('checkbox', { name: CONSENT })).toBeChecked();
  await page.reload();
  await expect(page.getByRole('checkbox', { name: CONSENT })).toBeChecked();
});

test('a shopper who leaves the box alone is exported as not opted in', async ({ page, baseURL }) => {
  const username = `quiet${runId()}`;
  await register(page, username, false);
  await expect(page.getByRole('checkbox', { name: CONSENT })).not.toBeChecked();
  expect(await exportedRow(baseURL!, `${username}@example.com`)).toMatch(new RegExp(`^${username}@example\\.com,${username},,no,,`));
});
