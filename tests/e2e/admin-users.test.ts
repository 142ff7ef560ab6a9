import { readFile } from 'node:fs/promises';
import { expect, request as playwrightRequest, test } from './support/test.ts';
import type { EmailList, UserRow } from '#common/schemas/admin-users.ts';
import { E2E_ADMIN } from '../../playwright.config.ts';
import { expectNoSeriousAxeViolations } from './support/axe.ts';
import { expectToast, openAdminTab, registerShopper, runId, signInAsAdmin, screenshotAdminPage } from './support/admin.ts';

// Users tab, toasts, preview of 10 e-mails.

test('promote and demote a user; the admin cannot demote themself', async ({ page, baseURL }) => {
  const username = `promo${runId()}`;
  const shopper = await playwrightRequest.newContext({ baseURL, extraHTTPHeaders: { Origin: new URL(baseURL!).origin } });
  await registerShopper(shopper, { username, password: 'promote-me-2025', email: `${username}@example.com` });
  await shopper.dispose();

  await signInAsAdmin(page);
  await openAdminTab(page, 'users');
  await expect(page.getByRole('heading', { name: 'User Management' })).toBeVisible();
  // the count is of every user, not of the page the table shows
  const listed = await page.request.get('/api/users?pageSize=1');
  await expect(page.getByTestId('user-count')).toHaveText(listed.headers()['x-total-count']!);
  await expect(page.getByRole('columnheader')).toHaveText(['Username', 'Email', 'Admin Status', 'Action']);

  const row = page.getByTestId(`user-row-${username}`);
  await expect(row).toContainText(`${username}@example.com`);
  await expect(row.getByText('Regular User', { exact: true })).toBeVisible();
  // full rights are granted only after a dialog naming the user is confirmed; Cancel changes nothing
  await row.getByRole('button', { name: `Make Admin: ${username}` }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByRole('heading', { name: `Make “${username}” an admin?` })).toBeVisible();
  await expectNoSeriousAxeViolations(page, 'make admin dialog');
  await screenshotAdminPage(page, 'admin-make-admin-dialog');
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(row.getByText('Regular User', { exact: true })).toBeVisible();
  await row.getByRole('button', { name: `Make Admin: ${username}` }).click();
  await dialog.getByRole('button', { name: 'Make Admin', exact: true }).click();
  await expectToast(page, 'User admin rights updated successfully');
  await expect(dialog).toHaveCount(0);
  await expect(row.getByText('Admin', { exact: true })).toBeVisible();
  expect(((await (await page.request.get('/api/users')).json()) as UserRow[]).find((user) => user.username === username)?.isAdmin).toBe(true);

  await expectNoSeriousAxeViolations(page, 'users tab');
  await screenshotAdminPage(page, 'admin-users');

  await row.getByRole('button', { name: `Remove Admin: ${username}` }).click();
  await expect(dialog.getByRole('heading', { name: `Remove admin rights from “${username}”?` })).toBeVisible();
  await dialog.getByRole('button', { name: 'Remove Admin', exact: true }).click();
  await expectToast(page, 'User admin rights updated successfully');
  await expect(row.getByText('Regular User', { exact: true })).toBeVisible();

  // the server's message is the toast's description
  await page
    .getByTestId(`user-row-${E2E_ADMIN.username}`)
    .getByRole('button', { name: `Remove Admin: ${E2E_ADMIN.username}` })
    .click();
  await dialog.getByRole('button', { name: 'Remove Admin', exact: true }).click();
  await expectToast(page, 'Failed to update user admin rights', 'You cannot remove your own admin rights');
  await expect(page.getByTestId(`user-row-${E2E_ADMIN.username}`).getByText('Admin', { exact: true })).toBeVisible();

  // a search on the server, in any case; the total count stays that of every user
  await page.getByRole('searchbox', { name: 'Search users' }).fill(username.toUpperCase());
  await page.getByRole('searchbox', { name: 'Search users' }).press('Enter');
  await expect(page.getByTestId(/^user-row-/)).toHaveCount(1);
  await expect(row).toBeVisible();
  await expect(page.getByTestId('user-matches')).toHaveText(`1 user(s) match “${username.toUpperCase()}”`);
  await expect(page.getByTestId('user-count')).toHaveText(listed.headers()['x-total-count']!);
});

test('export the e-mails as CSV, with a preview of the first 10', async ({ page }) => {
  await signInAsAdmin(page);
  await openAdminTab(page, 'users');
  const { emails } = (await (await page.request.get('/api/users/emails')).json()) as EmailList;
  expect(emails.length).toBeGreaterThan(0);

  const preview = page.getByTestId('email-preview');
  await expect(preview.getByRole('listitem')).toHaveText(emails.slice(0, 10));
  if (emails.length > 10) await expect(page.getByText(`... and ${emails.length - 10} more`, { exact: true })).toBeVisible();
  else await expect(page.getByText(/^\.\.\. and \d+ more$/)).toHaveCount(0);

  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export Emails as CSV' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe(`pickleball-user-emails-${new Date().toISOString().slice(0, 10)}.csv`);
  const csv = await readFile((await download.path())!, 'utf8');
  // a header row, then one customer per line with their marketing consent (issue 13)
  const [header, ...rows] = csv.split('\r\n').filter(Boolean);
  expect(header).toBe('email,username,full_name,marketing_consent,marketing_consent_at,registered_at');
  expect(rows.map((row) => row.split(',')[0])).toEqual(emails);
  for (const row of rows) expect(row).toMatch(/,(yes,\d{4}-[^,]+|no,),\d{4}-\d{2}-\d{2}T[^,]+Z$/);
  await expectToast(page, 'Export successful', `Exported ${emails.length} email address${emails.length === 1 ? '' : 'es'}.`);
});

test('with no e-mails there is nothing to export', async ({ page }) => {
  await signInAsAdmin(page);
  await page.route('**/api/users/emails', (route) => route.fulfill({ status: 200, contentType: 'application/json', body: '{"emails":[]}' }));
  await page.route('**/api/users/customers.csv', (route) =>
    route.fulfill({
      status: 200,
      contentType: 'text/csv; charset=utf-8',
      headers: { 'X-Total-Count': '0' },
      body: 'email,username,full_name,marketing_consent,marketing_consent_at,registered_at\r\n',
    }),
  );
  await openAdminTab(page, 'users');
  let downloads = 0;
  page.on('download', () => (downloads += 1));
  await page.getByRole('button', { name: 'Export Emails as CSV' }).click();
  await expectToast(page, 'No emails to export', 'There are no registered user emails to export.');
  expect(downloads).toBe(0);
});
