import { expect, test } from './support/test.ts';
import { expectNoSeriousAxeViolations } from './support/axe.ts';
import { screenshotPage } from './support/screenshots.ts';

test('any other path shows "404 Page Not Found"', async ({ page }) => {
  for (const path of ['/no-such-page', '/shop/extra/segments', '/products']) {
    const response = await page.goto(path);
    // rendered on the server with its status (docs/decisions/021)
    expect(response?.status()).toBe(404);
    await expect(page.getByRole('heading', { name: '404 Page Not Found' })).toBeVisible();
  }
  await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
  await expectNoSeriousAxeViolations(page, '404');
  await screenshotPage(page, 'not-found');
  await page.getByRole('link', { name: 'Back to Home' }).click();
  await expect(page).toHaveURL(/\/$/);
});
