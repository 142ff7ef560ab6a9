import { expect, test } from './support/test.ts';
import { expectNoSeriousAxeViolations } from './support/axe.ts';
import { signInAsAdmin } from './support/admin.ts';
import { screenshotPage } from './support/screenshots.ts';

// As the e2e admin, on the built-in card simulator (the e2e server has no Stripe key).

test.describe('the webhook diagnostics page', () => {
  test.beforeEach(async ({ page }) => {
    await signInAsAdmin(page);
  });

  test('/admin/webhook-diagnostics: the same checks, troubleshooting, refresh buttons and a way back', async ({ page }) => {
    await page.goto('/admin/webhook-diagnostics');
    await expect(page.getByRole('heading', { level: 1, name: 'Webhook Diagnostics' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Back to Admin' })).toHaveAttribute('href', '/admin');
    await expect(page.getByText('Built-in card simulator is active')).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Webhook endpoints' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Key and session modes' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Troubleshooting' })).toBeVisible();
    await expect(page.getByText('Payments succeed at Stripe but orders stay pending')).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Setup instructions' })).toBeVisible();

    const checks: string[] = [];
    page.on('request', (request) => {
      const url = new URL(request.url());
      if (url.pathname.startsWith('/api/stripe-')) checks.push(`${url.pathname}?${url.search.includes('t=') ? 't' : ''}`);
    });
    await page.getByRole('button', { name: 'Refresh webhooks' }).click();
    await page.getByRole('button', { name: 'Refresh mode' }).click();
    await expect.poll(() => checks).toEqual(expect.arrayContaining(['/api/stripe-webhook-check?t', '/api/stripe-mode-check?t']));
    await expectNoSeriousAxeViolations(page, '/admin/webhook-diagnostics');
    await screenshotPage(page, 'diagnostics-webhook-diagnostics');

    await page.getByRole('link', { name: 'Back to Admin' }).click();
    await expect(page).toHaveURL(/\/admin$/);
  });
});
