import { expect, test, type Page } from './support/test.ts';
import type { SiteSettings } from '#common/schemas/content.ts';
import { expectNoSeriousAxeViolations } from './support/axe.ts';
import { adminApi, expectToast, openAdminTab, signInAsAdmin } from './support/admin.ts';
import { screenshotPage } from './support/screenshots.ts';
import { findProduct } from './support/shop-data.ts';

// Whatever primary colour the owner picks, the storefront's text stays readable (WCAG AA), and the
// admin's colour field says so when the colour itself would not be.

const COLOR_KEYS = ['primaryColor', 'headerColor', 'bodyColor', 'footerColor'] as const;
let original: SiteSettings;

test.beforeAll(async ({ request }) => {
  original = (await (await request.get('/api/site-settings')).json()) as SiteSettings;
});

// the e2e database is shared by later tests: put the colours back
test.afterAll(async ({ baseURL }) => {
  const api = await adminApi(baseURL!);
  const multipart = Object.fromEntries(COLOR_KEYS.filter((key) => original[key]).map((key) => [key, original[key]!]));
  const response = await api.post('/api/site-settings', { multipart });
  expect(response.ok(), await response.text()).toBe(true);
  await api.dispose();
});

async function savePrimary(page: Page, color: string): Promise<void> {
  await openAdminTab(page, 'site-settings');
  await page.getByLabel('Primary color', { exact: true }).fill(color);
  await page.getByRole('button', { name: 'Save Settings' }).click();
  await expectToast(page, 'Site settings updated');
}

async function expectReadableStorefront(page: Page, color: string, name: string, productPath: string): Promise<void> {
  for (const [label, path] of [
    ['home', '/'],
    ['shop', '/shop'],
    ['product', productPath],
  ] as const) {
    await page.goto(path);
    await expect.poll(() => page.evaluate(() => getComputedStyle(document.documentElement).getPropertyValue('--color-primary').trim())).toBe(color);
    await page.waitForLoadState('networkidle');
    await expectNoSeriousAxeViolations(page, `${label} with primary ${color}`);
    await screenshotPage(page, `theme-${name}-${label}`);
  }
}

test('a light and a dark primary colour both leave the storefront readable; the admin is told about the light one', async ({ page }) => {
  const product = await findProduct(page.request, (candidate) => candidate.stock > 0, 'product in stock');
  await signInAsAdmin(page);

  await openAdminTab(page, 'site-settings');
  const primary = page.getByLabel('Primary color', { exact: true });
  await primary.fill('#ffeb3b');
  // the warning is text tied to the field, not only a colour
  await expect(primary).toHaveAccessibleDescription(
    /Low contrast: As text on the page it reaches only 1\.\d\d:1 \(AA needs 4\.5:1\); the storefront shows links in #[0-9a-f]{6} instead\./,
  );
  await screenshotPage(page, 'theme-light-admin');
  await page.getByRole('button', { name: 'Save Settings' }).click();
  await expectToast(page, 'Site settings updated');
  await expectReadableStorefront(page, '#ffeb3b', 'light', `/products/${product.id}`);

  await savePrimary(page, '#1a1a2e');
  await expect(page.getByLabel('Primary color', { exact: true })).not.toHaveAccessibleDescription(/Low contrast/);
  await expectReadableStorefront(page, '#1a1a2e', 'dark', `/products/${product.id}`);
});
