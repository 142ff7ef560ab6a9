import { expect, test, type Page, type Route } from './support/test.ts';
import { expectNoSeriousAxeViolations } from './support/axe.ts';
import { placePaidOrderAs, registerShopper, runId } from './support/admin.ts';
import { getProducts } from './support/shop-data.ts';

// Issue 13: while the shop, a product page or the profile load, placeholders shaped like what is coming
// stand where it will be (announced once as loading), not a lone spinner.

/** Holds matching requests until released, so the loading state can be looked at. */
async function holdRequests(page: Page, url: string | RegExp): Promise<() => Promise<void>> {
  const held: Route[] = [];
  let open = false;
  await page.route(url, async (route) => {
    if (open) return route.fallback();
    held.push(route);
  });
  return async () => {
    open = true;
    await Promise.all(held.map((route) => route.fallback()));
  };
}

async function expectFits(page: Page, what: string): Promise<void> {
  const width = page.viewportSize()!.width;
  await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth), { message: `${what} fits in ${width} px` }).toBeLessThanOrEqual(width);
}

test('the shop grid loads behind product card placeholders', async ({ page }) => {
  // the first page arrives rendered (decision 021): the shop is reached from another page, in the browser
  await page.goto('/contact');
  const release = await holdRequests(page, /\/api\/catalog(\?|$)/);
  await page.getByRole('navigation').getByRole('link', { name: 'Shop', exact: true }).first().click();
  const skeleton = page.getByRole('status').filter({ hasText: 'Loading products' });
  await expect(skeleton).toBeVisible();
  // the grid's shape: card placeholders in the product grid's columns
  await expect(page.getByTestId('skeleton').locator('li')).toHaveCount(8);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expectNoSeriousAxeViolations(page, '/shop while loading');
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await expectFits(page, '/shop skeleton');
    await page.screenshot({ path: `test-results/screenshots/skeleton-shop-${width}.png`, animations: 'disabled' });
  }
  await release();
  await expect(page.getByTestId('skeleton')).toHaveCount(0);
  await expect(page.locator('article').first()).toBeVisible();
});

test('a product page loads behind a placeholder of its own layout', async ({ page, request }) => {
  const [product] = (await getProducts(request)) as Array<{ id: number; name: string; slug: string }>;
  // reached in the browser from the shop, as the first page arrives rendered (decision 021)
  await page.goto('/shop?sort=name');
  const release = await holdRequests(page, new RegExp(`/api/products/${product!.slug}$`));
  await page.getByRole('main').locator(`a[href="/products/${product!.slug}"]`).first().click();
  await expect(page.getByRole('status').filter({ hasText: 'Loading product' })).toBeVisible();
  await expectNoSeriousAxeViolations(page, 'product page while loading');
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await expectFits(page, 'product skeleton');
    await page.screenshot({ path: `test-results/screenshots/skeleton-product-${width}.png`, animations: 'disabled' });
  }
  await release();
  await expect(page.getByRole('heading', { level: 1, name: product!.name })).toBeVisible();
  await expect(page.getByTestId('skeleton')).toHaveCount(0);
});

test('the profile shows its order history placeholders until the orders arrive', async ({ page }) => {
  const username = `wait${runId()}`;
  await registerShopper(page.request, { username, password: 'patient-player-2025', email: `${username}@example.com` });
  const product = (await getProducts(page.request)).find((candidate) => candidate.stock >= 5)!;
  await placePaidOrderAs(page.request, { productId: product.id, customerName: 'Pat Patient', customerEmail: `${username}@example.com` });

  const release = await holdRequests(page, /\/api\/orders\/my-orders/);
  await page.goto('/profile');
  await expect(page.getByRole('heading', { level: 1, name: 'My Profile' })).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: 'Loading orders' })).toBeVisible();
  await expectNoSeriousAxeViolations(page, 'profile while its orders load');
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await expectFits(page, 'profile skeleton');
    await page.screenshot({ path: `test-results/screenshots/skeleton-profile-${width}.png`, animations: 'disabled' });
  }
  await release();
  await expect(page.getByRole('cell', { name: /^#(PB-)?[0-9A-Z]+$/ }).first()).toBeVisible();
  await expect(page.getByTestId('skeleton')).toHaveCount(0);
});
