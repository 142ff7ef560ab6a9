import { expect, test, type Page } from './support/test.ts';
import type { AdminCoupon } from '#common/schemas/admin-coupons.ts';
import { expectNoSeriousAxeViolations } from './support/axe.ts';
import { expectToast, openAdminTab, runId, signInAsAdmin, screenshotAdminPage } from './support/admin.ts';

// Coupons tab, coupon rules, toasts, form defaults.

const field = (page: Page, label: string) => page.getByLabel(label, { exact: true });
const DAY_MS = 24 * 60 * 60 * 1000;

/** The datetime-local value as an instant in the browser's time zone. */
const instantOf = (page: Page, label: string) => field(page, label).evaluate((input) => new Date((input as HTMLInputElement).value).getTime());

test('create, edit and delete a coupon', async ({ page }) => {
  const code = `e2e-save-${runId()}`;
  const upper = code.toUpperCase();
  await signInAsAdmin(page);
  await openAdminTab(page, 'coupons');
  await expect(page.getByRole('heading', { name: 'Create Coupon' })).toBeVisible();

  // Defaults
  await expect(field(page, 'Discount type')).toHaveValue('percentage');
  await expect(field(page, 'Amount (%)')).toHaveValue('0');
  await expect(field(page, 'Usage limit')).toHaveValue('0');
  await expect(page.getByRole('checkbox', { name: 'Active' })).toBeChecked();
  const from = await instantOf(page, 'Valid from');
  const to = await instantOf(page, 'Valid to');
  expect(Math.abs(from - Date.now())).toBeLessThan(5 * 60 * 1000);
  expect(Math.abs(to - from - 30 * DAY_MS)).toBeLessThan(2 * 60 * 1000);

  // The end may not come before the start
  await field(page, 'Coupon code').fill(code);
  await field(page, 'Amount (%)').fill('10');
  await field(page, 'Usage limit').fill('5');
  await field(page, 'Valid to').fill('2020-01-01T00:00');
  await page.getByRole('button', { name: 'Create Coupon' }).click();
  await expect(page.getByText('End date must be after start date')).toBeVisible();
  await field(page, 'Valid to').fill('2099-12-31T23:59');
  await page.getByRole('button', { name: 'Create Coupon' }).click();
  await expectToast(page, 'Coupon created');

  const row = page.getByTestId(`coupon-row-${upper}`);
  await expect(row).toContainText(upper);
  await expect(row).toContainText('percentage');
  await expect(row).toContainText('10%');
  await expect(row).toContainText('0/5');
  await expect(row).toContainText('Dec 31, 2099');
  await expect(row).toContainText('Active');
  await expect(field(page, 'Coupon code')).toHaveValue('');

  // the same code again: the server refuses, and the toast says why
  await field(page, 'Coupon code').fill(code);
  await page.getByRole('button', { name: 'Create Coupon' }).click();
  await expectToast(page, 'Failed to create coupon', /already exists/i);

  // Edit fills the form and scrolls up to it
  await row.getByRole('button', { name: `Edit ${upper}` }).click();
  await expect(page.getByRole('heading', { name: `Edit Coupon: ${upper}` })).toBeInViewport();
  await expect(field(page, 'Coupon code')).toHaveValue(upper);
  await expect(field(page, 'Amount (%)')).toHaveValue('10.00');
  await expect(field(page, 'Usage limit')).toHaveValue('5');
  await field(page, 'Discount type').selectOption('fixed');
  await field(page, 'Amount ($)').fill('5');
  await field(page, 'Usage limit').fill('0');
  await page.getByRole('checkbox', { name: 'Active' }).uncheck();
  await page.getByRole('button', { name: 'Update Coupon' }).click();
  await expectToast(page, 'Coupon updated');
  await expect(row).toContainText('fixed');
  await expect(row).toContainText('$5.00');
  await expect(row).toContainText('0/unlimited');
  await expect(row).toContainText('Inactive');

  const coupons = (await (await page.request.get('/api/coupons')).json()) as AdminCoupon[];
  expect(coupons.find((coupon) => coupon.code === upper)).toMatchObject({ type: 'fixed', amount: '5.00', usageLimit: 0, isActive: false });

  await expectNoSeriousAxeViolations(page, 'coupons tab');
  await screenshotAdminPage(page, 'admin-coupons');

  // a failed update keeps the spec's title
  await page.route('**/api/coupons/*', (route) =>
    route.request().method() === 'PATCH' ? route.fulfill({ status: 500, contentType: 'application/json', body: '{"message":"Try later"}' }) : route.fallback(),
  );
  await row.getByRole('button', { name: `Edit ${upper}` }).click();
  await page.getByRole('button', { name: 'Update Coupon' }).click();
  await expectToast(page, 'Failed to update coupon', 'Try later');
  await page.getByRole('button', { name: 'Cancel' }).click();

  await row.getByRole('button', { name: `Delete ${upper}` }).click();
  await page.getByRole('dialog', { name: 'Are you sure you want to delete this coupon?' }).getByRole('button', { name: 'Delete' }).click();
  await expectToast(page, 'Coupon deleted');
  await expect(row).toHaveCount(0);
});

test('"Failed to create coupon" shows the first issue the server lists', async ({ page }) => {
  await signInAsAdmin(page);
  await openAdminTab(page, 'coupons');
  await page.route('**/api/coupons', (route) =>
    route.request().method() === 'POST'
      ? route.fulfill({
          status: 400,
          contentType: 'application/json',
          body: JSON.stringify({
            message: 'Invalid coupon',
            issues: [
              { path: 'validFrom', message: 'Invalid date format for validFrom' },
              { path: 'amount', message: 'x' },
            ],
          }),
        })
      : route.fallback(),
  );
  await field(page, 'Coupon code').fill('ANYCODE');
  await page.getByRole('button', { name: 'Create Coupon' }).click();
  await expectToast(page, 'Failed to create coupon', 'Invalid date format for validFrom');
  await expect(page.getByText('Invalid date format for validFrom', { exact: true }).first()).toBeVisible();
});
