import path from 'node:path';
import { ADMIN_TABS } from '#client/app/admin/admin-tabs.ts';
import { expect, test, type Page } from './support/test.ts';
import { adminApi, createProductViaApi, expectToast, placePaidOrder, runId, screenshotAdminPage, signInAsAdmin } from './support/admin.ts';
import { expectNoAxeViolations } from './support/axe.ts';
import { stockedProducts } from './support/checkout.ts';
import { SCREENSHOT_DIR } from './support/screenshots.ts';

// The owner runs the shop from a phone as well as from a desk: the open tab is in view with its content
// near the top, the product editor's Save is always within reach, and the order page reads in order.

const WIDTHS = [
  { width: 390, height: 844 },
  { width: 1280, height: 900 },
] as const;

// Every tab the strip may have to scroll to, first and last included.
const TABS = ['site-settings', 'products', 'orders', 'coupons', 'policies', 'users', 'emails'] as const;

/** Where the open tab and its panel sit in the viewport. */
async function openTabPlace(page: Page) {
  const tab = await page.getByRole('tab', { selected: true }).boundingBox();
  const panel = await page.getByRole('tabpanel').boundingBox();
  return { tab: tab!, panelTop: panel!.y };
}

function expectInView(box: { x: number; y: number; width: number; height: number }, viewport: { width: number; height: number }, what: string) {
  expect(box.x, `${what}: left edge in view`).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width, `${what}: right edge in view`).toBeLessThanOrEqual(viewport.width);
  expect(box.y, `${what}: top in view`).toBeGreaterThanOrEqual(0);
  expect(box.y + box.height, `${what}: bottom in view`).toBeLessThanOrEqual(viewport.height);
}

test('the open tab is in view and its content starts near the top, at 390 and 1280 px', async ({ page }) => {
  test.setTimeout(120_000);
  await signInAsAdmin(page);
  for (const viewport of WIDTHS) {
    await page.setViewportSize(viewport);
    for (const tab of TABS) {
      await page.goto(`/admin?tab=${tab}`);
      await expect(page.getByRole('tab', { selected: true })).toHaveAttribute('aria-controls', /.+/);
      // the strip scrolls to the open tab without an animation on load
      await expect
        .poll(async () => (await openTabPlace(page)).tab.x + (await openTabPlace(page)).tab.width, { message: `${tab} at ${viewport.width}` })
        .toBeLessThanOrEqual(viewport.width);
      const place = await openTabPlace(page);
      expectInView(place.tab, viewport, `${tab} tab at ${viewport.width} px`);
      // the panel begins in the top half of the first screen, under the title, warning, shortcuts and tabs
      expect(place.panelTop, `${tab} content at ${viewport.width} px`).toBeLessThanOrEqual(viewport.height / 2);
    }
    // nothing on the dashboard runs past the screen's right edge: each shortcut is whole in view, none scrolled away (issue 34)
    await page.goto('/admin');
    const shortcuts = page.getByRole('navigation', { name: 'Admin shortcuts' }).getByRole('link');
    await expect(shortcuts.filter({ hasText: 'Stripe Dashboard' })).toBeVisible();
    for (const link of await shortcuts.all()) {
      const box = (await link.boundingBox())!;
      const name = `${await link.textContent()} at ${viewport.width} px`;
      expect(box.x, `${name}: left edge`).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width, `${name}: right edge`).toBeLessThanOrEqual(viewport.width);
    }
    expect(await page.evaluate(() => document.documentElement.scrollWidth), `dashboard width at ${viewport.width} px`).toBeLessThanOrEqual(viewport.width);
    // changing tab from the keyboard brings the next one into view too, and the URL follows
    await page.goto('/admin?tab=site-settings');
    await page.getByRole('tab', { selected: true }).focus();
    for (const { label } of ADMIN_TABS.slice(1)) {
      await page.keyboard.press('ArrowRight');
      await expect(page.getByRole('tab', { name: label, exact: true })).toHaveAttribute('aria-selected', 'true');
      await expect(page.getByRole('tab', { name: label, exact: true })).toBeFocused();
    }
    await expect(page).toHaveURL(/tab=emails/);
    await expect
      .poll(async () => {
        const box = await page.getByRole('tab', { name: 'Emails' }).boundingBox();
        return box!.x + box!.width <= viewport.width && box!.x >= 0;
      })
      .toBe(true);
    // a tap on a tab further along the strip
    await page.getByRole('tab', { name: 'Site Settings' }).click();
    await expect(page).toHaveURL(/tab=site-settings/);
    await expect.poll(async () => (await page.getByRole('tab', { name: 'Site Settings' }).boundingBox())!.x).toBeGreaterThanOrEqual(0);
  }
  await page.goto('/admin?tab=users');
  await screenshotAdminPage(page, 'admin-phone-users-tab');
});

test('the product editor keeps Save in view while the owner scrolls, and shows what is unsaved', async ({ page, baseURL }) => {
  test.setTimeout(120_000);
  const api = await adminApi(baseURL!);
  const brands = (await (await api.get('/api/brands')).json()) as { id: number }[];
  const product = await createProductViaApi(api, { name: `Phone Paddle ${runId()}`, price: '99.00', brandId: brands[0]!.id });
  await api.dispose();
  await signInAsAdmin(page);

  for (const viewport of WIDTHS) {
    await page.setViewportSize(viewport);
    await page.goto(`/admin/products/${product.id}/edit`);
    const bar = page.getByRole('region', { name: 'Product changes' });
    await expect(bar.getByRole('status')).toHaveText('No unsaved changes');
    await expect(bar.getByRole('button', { name: 'Discard changes' })).toBeDisabled();

    const name = page.getByLabel('Product name', { exact: true });
    const saved = await name.inputValue();
    await name.fill(`${saved} edited`);
    await expect(bar.getByRole('status')).toHaveText('Unsaved changes');

    // half-way down and at the very end of the long form, the bar stays on screen
    for (const at of [0.5, 1]) {
      await page.evaluate((fraction) => window.scrollTo(0, (document.documentElement.scrollHeight - window.innerHeight) * fraction), at);
      await expect
        .poll(
          async () => {
            const box = await bar.boundingBox();
            return box !== null && box.y >= 0 && box.y + box.height <= viewport.height + 1;
          },
          { message: `save bar in view at ${at} of the page, ${viewport.width} px` },
        )
        .toBe(true);
    }
    await expect(bar.getByRole('button', { name: 'Save product' })).toBeInViewport();
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight / 3));
    await page.screenshot({ path: path.join(SCREENSHOT_DIR, `admin-phone-product-editor-scrolled-${viewport.width}.png`) });

    // Discard asks first, then puts the saved values back
    await bar.getByRole('button', { name: 'Discard changes' }).click();
    const discard = page.getByRole('dialog', { name: 'Discard your changes?' });
    await expect(discard).toBeVisible();
    await discard.getByRole('button', { name: 'Discard', exact: true }).click();
    await expect(name).toHaveValue(saved);
    await expect(bar.getByRole('status')).toHaveText('No unsaved changes');

    // saved from the keyboard, from anywhere in the form
    await name.fill(`${saved} ${viewport.width}`);
    await name.press('Control+s');
    await expectToast(page, 'Product saved');
    await expect(bar.getByRole('status')).toHaveText('All changes saved');
    await expect(name).toHaveValue(`${saved} ${viewport.width}`);
  }
  await screenshotAdminPage(page, 'admin-phone-product-editor');
});

test('the admin order page reads in order: no axe violation, heading order included, at 390 and 1280 px', async ({ page, request, baseURL }) => {
  test.setTimeout(120_000);
  const [product] = await stockedProducts(request, 1);
  const orderId = await placePaidOrder(baseURL!, { productId: product!.id, customerName: 'Pat Phone', customerEmail: 'pat.phone@example.com' });
  await signInAsAdmin(page);
  for (const viewport of WIDTHS) {
    await page.setViewportSize(viewport);
    await page.goto(`/admin/orders/${orderId}`);
    await expect(page.getByRole('heading', { level: 1, name: /^Order #/ })).toBeVisible();
    await expect(page.getByRole('heading', { level: 3, name: 'Customer' })).toBeVisible();
    await expectNoAxeViolations(page, `admin order page at ${viewport.width} px`);
  }
  await screenshotAdminPage(page, 'admin-phone-order-page');
});
