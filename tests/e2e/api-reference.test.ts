import { expect, test } from '@playwright/test';
import { screenshotPage } from './support/screenshots.ts';

test('the API reference renders every section of the OpenAPI document', async ({ page }) => {
  const response = await page.goto('/api/docs');
  expect(response?.status()).toBe(200);
  await expect(page.getByRole('heading', { name: /Pickleball shop API/ })).toBeVisible();
  for (const section of ['Catalogue', 'Checkout', 'Payments', 'Admin: orders']) {
    await expect(page.getByRole('heading', { name: section, exact: true })).toBeVisible();
  }
  // an operation opens with its request body schema
  await page.getByText('/api/create-payment-intent', { exact: true }).click();
  await expect(page.getByText('Create the order and start its card payment').first()).toBeVisible();
  await expect(page.getByText('Request body').first()).toBeVisible();
  await screenshotPage(page, 'api-reference');
});
