import { expect, test } from './support/test.ts';
import { expectNoSeriousAxeViolations } from './support/axe.ts';
import { signInAsAdmin } from './support/admin.ts';
import { payTestPayment } from './support/diagnostics.ts';
import { screenshotPage } from './support/screenshots.ts';

// As the e2e admin: the links to every outcome of the order confirmation page.

test.describe('the order confirmation test page', () => {
  test.beforeEach(async ({ page }) => {
    await signInAsAdmin(page);
  });

  test('/order-confirmation-test links to every outcome, and to the paid test order', async ({ page }) => {
    // a paid test payment, so a real paid order exists
    await payTestPayment(page);
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
});
