import { expect, test, type Locator, type Page } from './support/test.ts';
import { ADMIN_TABS } from '#client/app/admin/admin-tabs.ts';
import { overflowingElements, placePaidOrder, placePaidOrderAs, registerShopper, runId, signInAsAdmin } from './support/admin.ts';
import { screenshotPage } from './support/screenshots.ts';
import { CART_KEY, findProduct, getBrands, storedCart } from './support/shop-data.ts';

// No page may scroll sideways, and on touch layouts the controls people tap are at least 44 x 44 px.

const WIDTHS = [320, 390, 1280] as const;
const TAP_TARGET = 44;

/** Visits the path at each width and asserts the document is no wider than the viewport. */
async function expectFitsAtEveryWidth(page: Page, path: string, ready: (page: Page) => Promise<void>): Promise<void> {
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: width < 768 ? 844 : 900 });
    await page.goto(path);
    await ready(page);
    // data still arriving can widen the page; a page that keeps polling never goes idle, so this wait is bounded
    await page.waitForLoadState('networkidle', { timeout: 5_000 }).catch(() => undefined);
    const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(scrollWidth, `${path} at ${width} px is ${scrollWidth} px wide; widest: ${(await overflowingElements(page)).join('\n')}`).toBeLessThanOrEqual(width);
  }
}

const headingReady = (page: Page) => expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();

async function expectTapTarget(locator: Locator, what: string): Promise<void> {
  await expect(locator).toBeVisible();
  const box = await locator.boundingBox();
  expect(box, what).not.toBeNull();
  expect(Math.round(box!.width), `${what} width`).toBeGreaterThanOrEqual(TAP_TARGET);
  expect(Math.round(box!.height), `${what} height`).toBeGreaterThanOrEqual(TAP_TARGET);
}

test('storefront pages fit 320, 390 and 1280 px, a profile with an order included', async ({ page, request }) => {
  test.setTimeout(180_000);
  const product = await findProduct(request, (p) => p.stock >= 5, 'product with 5 or more in stock');
  const [brand] = await getBrands(request);
  const username = `fit${runId()}`;
  await expectFitsAtEveryWidth(page, '/auth', headingReady);

  await registerShopper(page.request, { username, password: 'fits-the-phone-2025', email: `${username}@example.com` });
  await placePaidOrderAs(page.request, { productId: product.id, customerName: 'Casey Narrowscreen', customerEmail: `${username}@example.com` });
  await page.goto('/');
  await page.evaluate(([key, value]) => localStorage.setItem(key!, value!), [CART_KEY, storedCart([{ product, quantity: 2 }])]);

  await expectFitsAtEveryWidth(page, '/', (p) => expect(p.getByRole('region', { name: 'Featured products' })).toBeVisible());
  await expectFitsAtEveryWidth(page, '/shop', headingReady);
  await expectFitsAtEveryWidth(page, `/products/${product.id}`, headingReady);
  if (brand) await expectFitsAtEveryWidth(page, `/brands/${brand.id}`, headingReady);
  await expectFitsAtEveryWidth(page, '/cart', headingReady);
  await expectFitsAtEveryWidth(page, '/checkout', (p) => expect(p.getByRole('heading', { name: 'Shipping Address' })).toBeVisible());
  await expectFitsAtEveryWidth(page, '/contact', headingReady);
  await expectFitsAtEveryWidth(page, '/policies', headingReady);
  await expectFitsAtEveryWidth(page, '/profile', (p) => expect(p.getByRole('table')).toBeVisible());
  await expectFitsAtEveryWidth(page, '/no-such-page', headingReady);
  await screenshotPage(page, 'profile-with-order', async () => {
    await page.goto('/profile');
    await expect(page.getByRole('table')).toBeVisible();
  });
});

test('admin pages fit 320, 390 and 1280 px with an order present', async ({ page, request, baseURL }) => {
  // 16 pages at 3 widths
  test.setTimeout(300_000);
  const product = await findProduct(request, (p) => p.stock >= 5, 'product with 5 or more in stock');
  await placePaidOrder(baseURL!, { productId: product.id, customerName: 'Morgan Widepage', customerEmail: `fit${runId()}@example.com` });
  await signInAsAdmin(page);
  for (const tab of ADMIN_TABS) {
    await expectFitsAtEveryWidth(page, `/admin?tab=${tab.value}`, (p) => expect(p.getByRole('tab', { name: tab.label, selected: true })).toBeVisible());
  }
  for (const path of ['/admin/archived-orders', '/stripe-status', '/admin/webhook-diagnostics', '/admin/test-order-email', '/payment-test']) {
    await expectFitsAtEveryWidth(page, path, headingReady);
  }
});

test.describe('tap targets at 390 px', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('header, carousel dots, footer links, sign-in tabs, product and cart controls are at least 44 x 44 px', async ({ page, request }) => {
    const product = await findProduct(request, (p) => p.stock >= 5, 'product with 5 or more in stock');
    await page.goto('/shop');
    const firstCard = page.getByRole('article').first();
    // a product sold in several variants has "Choose options" (a link) where others have Add to Cart
    await expectTapTarget(
      firstCard
        .getByRole('button')
        .or(firstCard.getByRole('link', { name: /^Choose options/ }))
        .first(),
      'card button',
    );
    await page.goto('/');
    const header = page.getByRole('navigation', { name: 'Main' });
    await expectTapTarget(header.getByRole('button', { name: 'Open search' }), 'search button');
    await expectTapTarget(header.getByRole('link', { name: /^Cart/ }), 'cart link');
    await expectTapTarget(header.getByRole('button', { name: 'Open menu' }), 'menu button');
    const dots = page.getByRole('region', { name: 'Featured products' }).getByRole('button', { name: /^Go to slide/ });
    if ((await dots.count()) > 1) await expectTapTarget(dots.first(), 'carousel dot');
    const footer = page.getByRole('navigation', { name: 'Footer' });
    for (const name of ['Shop', 'Contact', 'Policies', 'Cart']) await expectTapTarget(footer.getByRole('link', { name }), `footer link ${name}`);

    await page.goto('/auth');
    for (const name of ['Login', 'Register']) await expectTapTarget(page.getByRole('tab', { name }), `${name} tab`);
    await expectTapTarget(page.getByRole('button', { name: 'Login', exact: true }), 'Login button');

    await page.goto(`/products/${product.id}`);
    for (const name of ['Decrease quantity', 'Increase quantity', 'Add to Cart']) await expectTapTarget(page.getByRole('button', { name }), name);
    await expectTapTarget(page.getByRole('spinbutton', { name: 'Quantity' }), 'quantity field');

    await page.evaluate(([key, value]) => localStorage.setItem(key!, value!), [CART_KEY, storedCart([{ product, quantity: 2 }])]);
    await page.goto('/cart');
    for (const name of ['Decrease quantity', 'Increase quantity', `Remove ${product.name}`])
      await expectTapTarget(page.getByRole('button', { name }), `cart ${name}`);
    await screenshotPage(page, 'cart-tap-targets');

    await page.goto('/checkout');
    await expectTapTarget(page.getByRole('button', { name: /^Show order summary/ }), 'checkout summary toggle');
    await expectTapTarget(page.getByRole('radio', { name: /Standard shipping/ }).locator('xpath=ancestor::label'), 'shipping method');
    await expectTapTarget(page.getByRole('button', { name: 'Continue to Payment' }), 'Continue to Payment');
  });
});
