import { expect, type Locator, type Page, type Route } from '@playwright/test';

/** The toast region, where the diagnostics pages report each check and send. */
export const toast = (page: Page): Locator => page.getByRole('region', { name: /Notification/ });

/** A route handler answering with JSON, to show states the e2e server cannot reach (Stripe, failures). */
export function fulfillJson(body: unknown, status = 200) {
  return (route: Route) => route.fulfill({ status, contentType: 'application/json', body: JSON.stringify(body) });
}

/** Runs a $5.49 payment on /payment-test and pays it with the simulator's test card, as an admin. */
export async function payTestPayment(page: Page): Promise<void> {
  await page.goto('/payment-test');
  await page.getByRole('button', { name: 'Run Test Payment' }).click();
  const result = page.locator('dl').filter({ hasText: 'Payment intent' });
  await expect(result).toContainText('requires_payment_method');
  await page.getByRole('button', { name: 'Pay with test card 4242 4242 4242 4242' }).click();
  await expect(result).toContainText('succeeded');
}
