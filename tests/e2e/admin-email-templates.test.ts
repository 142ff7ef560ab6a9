import { expect, test } from './support/test.ts';
import path from 'node:path';
import { runId, screenshotAdminPage, signInAsAdmin } from './support/admin.ts';
import { SCREENSHOT_DIR } from './support/screenshots.ts';

// The owner finds every e-mail the shop sends on the templates page, rewords one and sees the preview follow,
// then sends it as a test. Nothing is saved: the shop's real e-mails, which other journeys read, keep their words.

test('the owner rewords the package-shipped e-mail in the preview and sends it as a test', async ({ page }) => {
  // two full-page screenshots of a long list and a live preview: a busy machine has taken the default minute
  test.setTimeout(120_000);
  await signInAsAdmin(page);
  await page.goto('/admin/emails/templates');
  await expect(page.getByRole('heading', { level: 1, name: 'E-mail templates' })).toBeVisible();
  for (const label of [
    'Order confirmation',
    'Package shipped',
    'Ready for pickup',
    'Return approved',
    'Store credit issued',
    'Back in stock',
    'Staff invitation',
  ]) {
    await expect(page.getByRole('button', { name: new RegExp(`^${label}`) })).toBeVisible();
  }
  await expect(page.getByRole('button', { name: /^Abandoned checkout reminder/ })).toContainText('Marketing');
  await screenshotAdminPage(page, 'admin-email-templates-list');

  await page.getByRole('button', { name: /^Package shipped/ }).click();
  const editor = page.getByRole('form', { name: 'Edit Package shipped' });
  await expect(editor.getByLabel('Heading')).toHaveValue('Your package is on its way!');
  await editor.getByLabel('Heading').fill('Your paddles are on their way, {{ customer.name }}!');
  const preview = page.frameLocator('iframe[title="E-mail preview"]');
  await expect(preview.getByRole('heading', { name: 'Your paddles are on their way, Jordan Lee!' })).toBeVisible();
  await expect(preview.getByText('Part of order #PB-7K3Q9D is on its way.')).toBeVisible();

  await editor.getByLabel('Heading').fill('Hi {{ customer.nmae }}');
  await expect(page.getByRole('alert')).toContainText('Invalid e-mail template: heading:');
  await editor.getByLabel('Heading').fill('Your paddles are on their way, {{ customer.name }}!');
  await expect(page.getByRole('alert')).toHaveCount(0);
  // a viewport shot, not screenshotAdminPage: in the whole browser suite the page with its preview frame never
  // reached a quiet network (the full-page helper's wait), though every request in its trace had answered
  await page.setViewportSize({ width: 390, height: 844 });
  await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await page.screenshot({ path: path.join(SCREENSHOT_DIR, 'admin-email-templates-edited-390.png') });
  await page.setViewportSize({ width: 1280, height: 900 });

  const to = `owner-${runId()}@example.com`;
  const testForm = page.getByRole('form', { name: 'Send a test e-mail' });
  await testForm.getByLabel('Send a test to').fill(to);
  await testForm.getByRole('button', { name: 'Send test' }).click();
  await expect
    .poll(async () => {
      const rows = (await (await page.request.get(`/api/admin/emails?q=${encodeURIComponent(to)}`)).json()) as Array<{ recipient: string; subject: string }>;
      return rows.find((row) => row.recipient === to)?.subject ?? null;
    })
    .toBe('[Test] Part of order #PB-7K3Q9D has shipped - Pickleball Shop');
});
