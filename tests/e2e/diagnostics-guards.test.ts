import { expect, test } from './support/test.ts';
import { registerShopper, runId } from './support/admin.ts';
import { fulfillJson } from './support/diagnostics.ts';

// The diagnostics and test pages are for admins only: visitors and shoppers are turned away
// and the API refuses them.

const ADMIN_ONLY = ['/stripe-status', '/admin/webhook-diagnostics', '/admin/test-order-email', '/order-confirmation-test'];

test.describe('guards', () => {
  test('anonymous visitors are sent to /auth, and from /payment-test to /', async ({ page }) => {
    for (const route of ADMIN_ONLY) {
      await page.goto(route);
      await expect(page, route).toHaveURL(/\/auth$/);
    }
    await page.goto('/payment-test');
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('heading', { name: 'Payment System Test' })).toHaveCount(0);
    expect((await page.request.get('/api/stripe-mode-check?t=1')).status()).toBe(401);
  });

  test('/order-confirmation-test is open to everyone when the server allows it (allowConfirmationTest)', async ({ page }) => {
    const config = await (await page.request.get('/api/config')).json();
    expect(config.allowConfirmationTest).toBe(false);
    // the e2e server runs with ALLOW_CONFIRMATION_TEST=0; answer as one started with it set
    await page.route('**/api/config', fulfillJson({ ...config, allowConfirmationTest: true }));
    await page.goto('/order-confirmation-test');
    await expect(page).toHaveURL(/\/order-confirmation-test$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Order Confirmation Test' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Payment failed', exact: true })).toBeVisible();
    // a real order's payment id is for admins only
    await expect(page.getByText('Sign in as an administrator to also open a real paid order', { exact: false })).toBeVisible();
  });

  test('a signed-in shopper is turned away the same way, and the API refuses with 403', async ({ page }) => {
    const username = `diag${runId()}`;
    await registerShopper(page.request, { username, password: 'not-an-admin-2025', email: `${username}@example.com` });
    for (const route of ADMIN_ONLY) {
      await page.goto(route);
      // the guard sends them to /auth, which sends a signed-in visitor on to /
      await expect(page, route).toHaveURL(/\/(auth)?$/);
      await expect(page.getByRole('heading', { name: /^(Stripe Status|Webhook Diagnostics|Test Order Email|Order Confirmation Test)$/ })).toHaveCount(0);
    }
    await page.goto('/payment-test');
    await expect(page).toHaveURL(/\/$/);
    expect((await page.request.get('/api/stripe-webhook-check?t=1')).status()).toBe(403);
  });
});
