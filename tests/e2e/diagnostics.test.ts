import { expect, test, type Page, type Route } from '@playwright/test';
import { expectNoSeriousAxeViolations } from './support/axe.ts';
import { registerShopper, runId, signInAsAdmin } from './support/admin.ts';
import { screenshotPage } from './support/screenshots.ts';

// spec/admin.md §2, §5, §8, §9: payment diagnostics and test pages, as the e2e admin, on the
// built-in card simulator (the e2e server has no Stripe key). Stripe-only states (webhook lists,
// mismatched keys) are shown by answering the check from the route, exactly as the API answers
// with Stripe (the API's own tests run it against the fake Stripe server).

test.describe.configure({ mode: 'serial' });

const ADMIN_ONLY = ['/stripe-status', '/admin/webhook-diagnostics', '/admin/test-order-email', '/order-confirmation-test'];

const toast = (page: Page) => page.getByRole('region', { name: /Notification/ });

function json(body: unknown, status = 200) {
  return (route: Route) => route.fulfill({ status, contentType: 'application/json', body: JSON.stringify(body) });
}

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
    await page.route('**/api/config', json({ ...config, allowConfirmationTest: true }));
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

test.describe('as the admin', () => {
  test.beforeEach(async ({ page }) => {
    await signInAsAdmin(page);
  });

  test('/stripe-status says the simulator is active, with its modes, session id, webhooks and setup', async ({ page }) => {
    await page.goto('/stripe-status');
    await expect(page.getByRole('heading', { level: 1, name: 'Stripe Status' })).toBeVisible();
    await expect(page).toHaveTitle(/^Stripe Status \| /);
    await expect(page.getByText('Built-in card simulator is active')).toBeVisible();
    await expect(page.getByRole('tab')).toHaveText(['API Keys', 'Webhooks', 'Settings']);

    const keys = page.getByRole('tabpanel');
    await expect(keys.getByText('SIMULATED', { exact: true })).toHaveCount(2);
    await expect(keys.getByText('TEST', { exact: true })).toBeVisible();
    await expect(keys.getByText(/^sim_[0-9a-f]{16}\.\.\.$/)).toBeVisible();
    await expect(keys.getByText('Modes are consistent')).toBeVisible();
    await expect(keys.getByText('No real charges are made.', { exact: false })).toBeVisible();
    await expectNoSeriousAxeViolations(page, '/stripe-status API Keys');
    await screenshotPage(page, 'diagnostics-stripe-status');

    await page.getByRole('tab', { name: 'Webhooks' }).click();
    const webhooks = page.getByRole('tabpanel');
    await expect(webhooks.getByText('Missing')).toBeVisible();
    await expect(webhooks.getByText('Not provided')).toBeVisible();
    await expect(webhooks.getByText(/\/api\/stripe\/webhook$/)).toBeVisible();
    await expect(webhooks.getByText('Stripe webhooks are used only once Stripe is configured', { exact: false })).toBeVisible();
    await expectNoSeriousAxeViolations(page, '/stripe-status Webhooks');

    await page.getByRole('tab', { name: 'Settings' }).click();
    const settings = page.getByRole('tabpanel');
    for (const text of ['STRIPE_SECRET_KEY', 'STRIPE_PUBLISHABLE_KEY', 'STRIPE_WEBHOOK_SECRET', 'payment_intent.succeeded', 'payment_intent.payment_failed']) {
      await expect(settings.getByText(text, { exact: true })).toBeVisible();
    }
    await expect(settings.getByRole('heading', { name: 'Setup instructions' })).toBeVisible();
    await expectNoSeriousAxeViolations(page, '/stripe-status Settings');
    await screenshotPage(page, 'diagnostics-stripe-status-settings');
  });

  test('/stripe-status with Stripe in live mode: LIVE badges, real charges, Mode Mismatch, webhook list and its alerts', async ({ page }) => {
    const now = new Date().toISOString();
    await page.route(/\/api\/stripe-mode-check/, json({
      provider: 'stripe',
      keyMode: 'live',
      publicKeyMode: 'test',
      mode: 'live',
      sessionId: 'req_0123456789abcdefghijKLMNOP',
      webhookSecretConfigured: true,
      realCharges: true,
      timestamp: now,
    }));
    const endpoint = (id: string, url: string, extra: object = {}) => ({
      id,
      url,
      status: 'enabled',
      livemode: true,
      created: '2025-03-01T12:00:00.000Z',
      hasSecret: false,
      enabledEvents: ['payment_intent.succeeded', 'payment_intent.payment_failed'],
      urlMatches: false,
      missingEvents: [],
      matches: false,
      ...extra,
    });
    let webhookCheck = {
      provider: 'stripe',
      webhookSecretConfigured: true,
      webhookSecretFormat: 'invalid',
      webhookEndpoint: 'https://shop.example/api/stripe/webhook',
      totalWebhooks: 2,
      matchingWebhooks: 0,
      webhooks: [
        endpoint('we_1', 'https://old.example/api/stripe/webhook'),
        endpoint('we_2', 'https://shop.example/api/stripe/webhook', { status: 'disabled', livemode: false, urlMatches: true, missingEvents: ['payment_intent.payment_failed'] }),
      ],
      requiredEvents: ['payment_intent.succeeded', 'payment_intent.payment_failed'],
      timestamp: now,
    };
    await page.route(/\/api\/stripe-webhook-check/, (route) => json(webhookCheck)(route));

    await page.goto('/stripe-status');
    const keys = page.getByRole('tabpanel');
    await expect(keys.getByText('LIVE', { exact: true })).toHaveCount(2);
    await expect(keys.getByText('TEST', { exact: true })).toHaveCount(1);
    await expect(keys.getByText('req_0123456789abcdef...', { exact: true })).toBeVisible();
    await expect(page.getByRole('alert').filter({ hasText: 'Mode Mismatch' })).toBeVisible();
    await expect(keys.getByText('Real charges are being made', { exact: false })).toBeVisible();
    await expect(page.getByText('Built-in card simulator is active')).toHaveCount(0);

    await page.getByRole('tab', { name: 'Webhooks' }).click();
    const webhooks = page.getByRole('tabpanel');
    await expect(webhooks.getByText('No matching webhooks found')).toBeVisible();
    await expect(webhooks.getByText('Configured')).toBeVisible();
    await expect(webhooks.getByText('Format invalid', { exact: false })).toBeVisible();
    const list = webhooks.getByRole('listitem');
    await expect(list).toHaveCount(2);
    await expect(list.nth(0)).toContainText('https://old.example/api/stripe/webhook');
    await expect(list.nth(0)).toContainText('Enabled');
    await expect(list.nth(0)).toContainText('Live');
    await expect(list.nth(0)).toContainText('Mar 1, 2025');
    await expect(list.nth(1)).toContainText('Disabled');
    await expect(list.nth(1)).toContainText('Test');
    await expect(list.nth(1)).toContainText('Missing events: payment_intent.payment_failed');
    await expectNoSeriousAxeViolations(page, '/stripe-status with Stripe');
    await screenshotPage(page, 'diagnostics-stripe-status-live');

    webhookCheck = { ...webhookCheck, totalWebhooks: 0, webhooks: [] };
    await page.getByRole('button', { name: 'Refresh webhook check' }).click();
    await expect(webhooks.getByText('No webhook endpoints configured')).toBeVisible();
  });

  test('/stripe-status shows its page alerts and toasts when the checks fail', async ({ page }) => {
    await page.route(/\/api\/stripe-mode-check/, json({ message: 'Stripe could not check the secret key: boom' }, 502));
    await page.route(/\/api\/stripe-webhook-check/, json({ message: 'Stripe could not list the webhook endpoints: boom' }, 502));
    await page.goto('/stripe-status');
    await expect(page.getByRole('alert').filter({ hasText: 'Error fetching Stripe status' })).toContainText('Stripe could not check the secret key: boom');
    await expect(toast(page).getByText(/Error checking Stripe mode|Webhook check failed/)).toBeVisible();

    await page.getByRole('button', { name: 'Refresh key check' }).click();
    await expect(toast(page).getByText('Stripe check failed')).toBeVisible();

    await page.getByRole('tab', { name: 'Webhooks' }).click();
    await expect(page.getByRole('alert').filter({ hasText: 'Error fetching webhook information' })).toBeVisible();
    await page.getByRole('button', { name: 'Refresh webhook check' }).click();
    await expect(toast(page).getByText('Webhook check failed')).toBeVisible();
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

  test('/payment-test runs a real test payment, pays it with the test card, and sends the test e-mail', async ({ page }) => {
    await page.goto('/payment-test');
    await expect(page.getByRole('heading', { level: 1, name: 'Payment System Test' })).toBeVisible();
    const amount = page.getByLabel('Amount (USD)', { exact: true });
    await expect(amount).toHaveAttribute('type', 'number');
    await expect(amount).toHaveAttribute('min', '0.01');
    await expect(amount).toHaveAttribute('step', '0.01');
    await expect(amount).toHaveValue('5.49');
    await expectNoSeriousAxeViolations(page, '/payment-test');

    await page.getByRole('button', { name: 'Run Test Payment' }).click();
    const result = page.locator('dl').filter({ hasText: 'Payment intent' });
    await expect(result).toContainText('$5.49');
    await expect(result).toContainText('549');
    await expect(result).toContainText(/pi_sim_/);
    await expect(result).toContainText('requires_payment_method');
    await page.getByRole('button', { name: 'Pay with test card 4242 4242 4242 4242' }).click();
    await expect(result).toContainText('succeeded');
    await screenshotPage(page, 'diagnostics-payment-test');

    await page.getByRole('button', { name: 'Send Test Email' }).click();
    await expect(toast(page).getByText('Test email sent successfully')).toBeVisible();
    await expect(toast(page)).toContainText('owner@example.com');

    // below Stripe's smallest charge: the server refuses, the page says "Test failed"
    await amount.fill('0.30');
    await page.getByRole('button', { name: 'Run Test Payment' }).click();
    await expect(toast(page).getByText('Test failed')).toBeVisible();
    await expect(toast(page)).toContainText('at least $0.50');

    await page.route('**/api/test-order-email', json({ message: 'The test e-mail could not be sent: connection refused', error: 'connection refused' }, 502));
    await page.getByRole('button', { name: 'Send Test Email' }).click();
    await expect(toast(page).getByText('Email test failed')).toBeVisible();
    await expect(toast(page)).toContainText('Check the console');
  });

  test('/order-confirmation-test links to every outcome, and to the paid test order', async ({ page }) => {
    await page.goto('/order-confirmation-test');
    await expect(page.getByRole('heading', { level: 1, name: 'Order Confirmation Test' })).toBeVisible();
    const links = {
      'Payment succeeded': '/order-confirmation?payment_intent=pi_confirmation_test&redirect_status=succeeded',
      'Payment failed': '/order-confirmation?payment_intent=pi_confirmation_test&redirect_status=failed',
      'Payment canceled': '/order-confirmation?payment_intent=pi_confirmation_test&redirect_status=canceled',
      'Payment intent only': '/order-confirmation?payment_intent=pi_confirmation_test',
      'Neither parameter': '/order-confirmation',
    };
    for (const [name, href] of Object.entries(links)) await expect(page.getByRole('link', { name, exact: true })).toHaveAttribute('href', href);
    // the previous test paid a test payment, so a real paid order exists
    const real = page.getByRole('link', { name: /^Real paid order #\d+$/ });
    await expect(real).toHaveAttribute('href', /^\/order-confirmation\?payment_intent=pi_sim_[\w-]+&redirect_status=succeeded$/);
    await expectNoSeriousAxeViolations(page, '/order-confirmation-test');
    await screenshotPage(page, 'diagnostics-order-confirmation-test');

    await page.getByRole('link', { name: 'Payment failed', exact: true }).click();
    await expect(page.getByText('Payment Failed', { exact: true }).first()).toBeVisible();
    await page.goBack();
    await page.getByRole('link', { name: 'Neither parameter', exact: true }).click();
    await expect(page.getByText('Payment Status Unknown', { exact: true }).first()).toBeVisible();
    await page.goBack();
    await real.click();
    await expect(page.getByText('Payment Successful', { exact: true }).first()).toBeVisible();
  });

  test('/admin/test-order-email: spec defaults, live totals, every rule, and sending', async ({ page }) => {
    await page.goto('/admin/test-order-email');
    await expect(page.getByRole('heading', { level: 1, name: 'Test Order Email' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Back to Admin' })).toHaveAttribute('href', '/admin');

    // spec/admin.md §9 defaults
    await expect(page.getByLabel('Customer email', { exact: true })).toHaveValue('owner@example.com');
    await expect(page.getByLabel('Price', { exact: true })).toHaveValue('29.99');
    await expect(page.getByLabel('Quantity', { exact: true })).toHaveValue('1');
    await expect(page.getByLabel('Tax', { exact: true })).toHaveValue('2.4');
    await expect(page.getByLabel('Shipping', { exact: true })).toHaveValue('5.99');
    await expect(page.getByLabel('Total', { exact: true })).toHaveValue('38.38');
    await expect(page.getByLabel('Order status', { exact: true })).toHaveValue('shipped');
    await expect(page.getByLabel('Country', { exact: true })).toHaveValue('US');
    await expect(page.getByLabel('Country', { exact: true }).locator('option')).toHaveText(['US', 'CA', 'UK', 'AU']);
    await expect(page.getByLabel('Order status', { exact: true }).locator('option')).toHaveText(['Pending', 'Processing', 'Shipped', 'Delivered', 'Canceled']);
    await expectNoSeriousAxeViolations(page, '/admin/test-order-email');
    await screenshotPage(page, 'diagnostics-test-order-email');

    // live totals: 2 x 29.99 = 59.98; minus 10 discount, plus 2.40 and 5.99
    await page.getByLabel('Quantity', { exact: true }).fill('2');
    await expect(page.getByLabel('Subtotal', { exact: true })).toHaveValue('59.98');
    await expect(page.getByLabel('Total', { exact: true })).toHaveValue('68.37');
    await page.getByLabel('Coupon discount', { exact: true }).fill('10');
    await expect(page.getByLabel('Total', { exact: true })).toHaveValue('58.37');
    await page.getByLabel('Coupon discount', { exact: true }).fill('100');
    await expect(page.getByLabel('Total', { exact: true })).toHaveValue('8.39');
    await page.getByLabel('Coupon discount', { exact: true }).fill('0');

    // removing the last item is refused
    await page.getByRole('button', { name: 'Remove item 1' }).click();
    await expect(toast(page).getByText('Cannot remove item')).toBeVisible();
    await expect(toast(page)).toContainText('Order must have at least one item');

    // add a product item, then remove it again
    await page.getByRole('button', { name: 'Add Item' }).click();
    await expect(page.getByRole('group', { name: 'Item 2' })).toBeVisible();
    const product = page.getByRole('group', { name: 'Item 2' }).getByLabel('Product', { exact: true });
    await product.selectOption({ index: 1 });
    const productPrice = await page.getByRole('group', { name: 'Item 2' }).getByLabel('Price', { exact: true }).inputValue();
    expect(Number(productPrice)).toBeGreaterThan(0);
    await page.getByRole('button', { name: 'Remove item 2' }).click();
    await expect(page.getByRole('group', { name: 'Item 2' })).toHaveCount(0);

    // every rule's message
    await page.getByLabel('Customer name', { exact: true }).fill('');
    await page.getByLabel('Customer email', { exact: true }).fill('not-an-email');
    await page.getByLabel('Street', { exact: true }).fill('');
    await page.getByLabel('City', { exact: true }).fill('');
    await page.getByLabel('State', { exact: true }).fill('');
    await page.getByLabel('ZIP code', { exact: true }).fill('');
    await page.getByLabel('Quantity', { exact: true }).fill('0');
    await page.getByLabel('Price', { exact: true }).fill('0');
    await page.getByLabel('Tax', { exact: true }).fill('-1');
    await page.getByLabel('Shipping', { exact: true }).fill('-1');
    await page.getByRole('button', { name: 'Send Test Email' }).click();
    for (const message of [
      'Customer name is required',
      'Valid email is required',
      'Street address is required',
      'City is required',
      'State is required',
      'ZIP code is required',
      'Quantity must be at least 1',
      'Price must be greater than 0',
      'Tax must be greater than or equal to 0',
      'Shipping must be greater than or equal to 0',
    ]) {
      await expect(page.getByText(message, { exact: true })).toBeVisible();
    }
    await expectNoSeriousAxeViolations(page, '/admin/test-order-email with errors');
    await screenshotPage(page, 'diagnostics-test-order-email-errors');

    // a valid order goes out
    await page.getByLabel('Customer name', { exact: true }).fill('Casey Customer');
    await page.getByLabel('Customer email', { exact: true }).fill('casey@example.com');
    await page.getByLabel('Street', { exact: true }).fill('9 Queen St');
    await page.getByLabel('City', { exact: true }).fill('Toronto');
    await page.getByLabel('State', { exact: true }).fill('ON');
    await page.getByLabel('ZIP code', { exact: true }).fill('M5H 2N2');
    await page.getByLabel('Country', { exact: true }).selectOption('CA');
    await page.getByLabel('Quantity', { exact: true }).fill('1');
    await page.getByLabel('Price', { exact: true }).fill('29.99');
    await page.getByLabel('Tax', { exact: true }).fill('2.40');
    await page.getByLabel('Shipping', { exact: true }).fill('5.99');
    await expect(page.getByLabel('Total', { exact: true })).toHaveValue('38.38');
    await page.getByRole('button', { name: 'Send Test Email' }).click();
    await expect(toast(page).getByText('Test email sent successfully')).toBeVisible();
    await expect(toast(page)).toContainText('casey@example.com');

    await page.route('**/api/test-order-email', json({ message: 'The test e-mail could not be sent: 550 mailbox unavailable', error: '550 mailbox unavailable' }, 502));
    await page.getByRole('button', { name: 'Send Test Email' }).click();
    await expect(toast(page).getByText('Failed to send test email')).toBeVisible();
    await expect(toast(page)).toContainText('550 mailbox unavailable');
  });
});
