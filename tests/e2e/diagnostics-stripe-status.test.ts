import { expect, test } from './support/test.ts';
import { expectNoSeriousAxeViolations } from './support/axe.ts';
import { signInAsAdmin } from './support/admin.ts';
import { fulfillJson, toast } from './support/diagnostics.ts';
import { screenshotPage } from './support/screenshots.ts';

// As the e2e admin, on the built-in card simulator (the e2e server has no Stripe key). Stripe-only
// states (webhook lists, mismatched keys) are shown by answering the check from the route, exactly as
// the API answers with Stripe (the API's own tests run it against the fake Stripe server).

test.describe('the Stripe status page', () => {
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
    await page.route(
      /\/api\/stripe-mode-check/,
      fulfillJson({
        provider: 'stripe',
        keyMode: 'live',
        publicKeyMode: 'test',
        mode: 'live',
        sessionId: 'req_0123456789abcdefghijKLMNOP',
        webhookSecretConfigured: true,
        realCharges: true,
        timestamp: now,
      }),
    );
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
        endpoint('we_2', 'https://shop.example/api/stripe/webhook', {
          status: 'disabled',
          livemode: false,
          urlMatches: true,
          missingEvents: ['payment_intent.payment_failed'],
        }),
      ],
      requiredEvents: ['payment_intent.succeeded', 'payment_intent.payment_failed'],
      timestamp: now,
    };
    await page.route(/\/api\/stripe-webhook-check/, (route) => fulfillJson(webhookCheck)(route));

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
    await page.route(/\/api\/stripe-mode-check/, fulfillJson({ message: 'Stripe could not check the secret key: boom' }, 502));
    await page.route(/\/api\/stripe-webhook-check/, fulfillJson({ message: 'Stripe could not list the webhook endpoints: boom' }, 502));
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
});
