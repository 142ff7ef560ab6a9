import { expect, test } from './support/test.ts';
import { screenshotPage } from './support/screenshots.ts';

test('the API reference renders every section of the OpenAPI document', async ({ page }) => {
  const response = await page.goto('/api/docs');
  expect(response?.status()).toBe(200);
  // Swagger UI is one large script that renders after it loads: give it longer than a page of ours
  await expect(page.getByRole('heading', { name: /Pickleball shop API/ })).toBeVisible({ timeout: 30_000 });
  // every section is listed, closed (Swagger UI names each heading by its tag and its expand button)
  for (const section of ['Health', 'Catalogue', 'Checkout', 'Payments', 'Admin: catalogue', 'Admin: orders', 'Admin: diagnostics', 'SEO']) {
    await expect(page.getByRole('heading', { level: 3, name: `${section} Expand operation`, exact: true })).toBeVisible();
  }
  // a section opens with its operations, and an operation with its request body schema
  await page.getByRole('heading', { level: 3, name: 'Checkout Expand operation', exact: true }).click();
  await expect(page.getByRole('heading', { level: 3, name: 'Checkout Collapse operation', exact: true })).toBeVisible();
  await page.getByRole('button', { name: 'POST /api/create-payment-intent Create the order and start its card payment' }).click();
  await expect(page.getByText('Request body').first()).toBeVisible();
  await screenshotPage(page, 'api-reference');
});
