import { expect, test } from './support/test.ts';
import { expectNoSeriousAxeViolations } from './support/axe.ts';
import { signInAsAdmin } from './support/admin.ts';
import { fulfillJson, toast } from './support/diagnostics.ts';
import { screenshotPage } from './support/screenshots.ts';

// As the e2e admin: the test order e-mail form, its live totals, its rules and sending.

test.describe('the test order e-mail page', () => {
  test.beforeEach(async ({ page }) => {
    await signInAsAdmin(page);
  });

  test('/admin/test-order-email: spec defaults, live totals, every rule, and sending', async ({ page }) => {
    await page.goto('/admin/test-order-email');
    await expect(page.getByRole('heading', { level: 1, name: 'Test Order Email' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Back to Admin' })).toHaveAttribute('href', '/admin');

    // the form's defaults
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

    await page.route(
      '**/api/test-order-email',
      fulfillJson({ message: 'The test e-mail could not be sent: 550 mailbox unavailable', error: '550 mailbox unavailable' }, 502),
    );
    await page.getByRole('button', { name: 'Send Test Email' }).click();
    await expect(toast(page).getByText('Failed to send test email')).toBeVisible();
    await expect(toast(page)).toContainText('550 mailbox unavailable');
  });
});
