import { expect, test } from './support/test.ts';
import { expectNoSeriousAxeViolations } from './support/axe.ts';
import { signInAsAdmin } from './support/admin.ts';
import { fulfillJson, toast } from './support/diagnostics.ts';
import { screenshotPage } from './support/screenshots.ts';

// As the e2e admin, on the built-in card simulator (the e2e server has no Stripe key).

test.describe('the payment test page', () => {
  test.beforeEach(async ({ page }) => {
    await signInAsAdmin(page);
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

    await page.route(
      '**/api/test-order-email',
      fulfillJson({ message: 'The test e-mail could not be sent: connection refused', error: 'connection refused' }, 502),
    );
    await page.getByRole('button', { name: 'Send Test Email' }).click();
    await expect(toast(page).getByText('Email test failed')).toBeVisible();
    await expect(toast(page)).toContainText('Check the console');
  });
});
