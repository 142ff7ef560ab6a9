import { expect, test, type ConsoleMessage, type Page } from './support/test.ts';
import { findProduct, getBrands } from './support/shop-data.ts';

// Storefront pages arrive rendered (docs/decisions/021): React takes them over without a word in the
// console, and a browser without JavaScript can still walk from home to a product.

function consoleProblems(page: Page): string[] {
  const problems: string[] = [];
  page.on('console', (message: ConsoleMessage) => {
    // the signed-in check answers 401 to a visitor: the browser logs that response, the app does not
    if (message.text().includes('status of 401')) return;
    if (message.type() === 'error' || message.type() === 'warning') problems.push(`${message.type()}: ${message.text()}`);
  });
  page.on('pageerror', (error) => problems.push(`pageerror: ${error.message}`));
  return problems;
}

test('home, shop, product, brand and the paddle finder hydrate with no warning or error in the console', async ({ page, request }) => {
  const [product] = await (await request.get('/api/products/featured')).json();
  const [brand] = await getBrands(request);
  const problems = consoleProblems(page);
  for (const path of [
    '/',
    '/shop',
    '/shop?page=2',
    `/products/${product.id}`,
    `/brands/${brand!.id}`,
    '/paddle-finder?format=singles',
    '/paddle-finder/results?format=singles&arm=yes',
  ]) {
    await page.goto(path);
    // hydrated: the app answers a client-side interaction (the mobile menu or the search form are React's)
    await page.waitForFunction(() => {
      const root = document.getElementById('root');
      return root !== null && Object.keys(root).some((key) => key.startsWith('__reactContainer'));
    });
    await page.waitForLoadState('networkidle');
  }
  expect(problems).toEqual([]);
});

test('the rendered page is the one React keeps: no flash back to a skeleton', async ({ page, request }) => {
  const [product] = await (await request.get('/api/products/featured')).json();
  await page.route('**/api/**', (route) => route.abort());
  await page.goto(`/products/${product.id}`);
  // its data came with the page: no read is needed to show it
  await expect(page.getByRole('heading', { level: 1, name: product.name })).toBeVisible();
  await page.waitForLoadState('networkidle');
  await expect(page.getByRole('heading', { level: 1, name: product.name })).toBeVisible();
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('home -> shop -> page 2 -> a product, all by plain links', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('region', { name: 'Featured products' })).toBeVisible();
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Shop' }).click();
    await expect(page).toHaveURL(/\/shop$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Shop All Products' })).toBeVisible();

    await page
      .getByRole('link', { name: /^(Page 2|2|Next)/ })
      .first()
      .click();
    await expect(page).toHaveURL(/\/shop\?page=2$/);
    const card = page.getByRole('main').locator('a[href^="/products/"]').first();
    const name = (await card.textContent())?.trim() ?? '';
    await card.click();
    await expect(page).toHaveURL(/\/products\/[a-z0-9-]+$/);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    if (name) await expect(page.getByRole('heading', { level: 1 })).toContainText(name.slice(0, 10));
  });

  test('on a phone the menu and the search are there without their toggles', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/');
    await expect(page.getByRole('button', { name: 'Open menu' })).toBeHidden();
    await page.getByRole('banner').getByRole('link', { name: 'Policies' }).click();
    await expect(page).toHaveURL(/\/policies$/);
    await page.getByRole('combobox', { name: 'Search products' }).fill('paddle');
    await page.getByRole('combobox', { name: 'Search products' }).press('Enter');
    await expect(page).toHaveURL(/\/shop\?search=paddle$/);
    await expect(page.getByRole('main').locator('a[href^="/products/"]').first()).toBeVisible();
  });

  test('adding to the cart says it needs JavaScript', async ({ request }) => {
    const product = await findProduct(request, (candidate) => candidate.stock > 0, 'product in stock');
    // read from the page as sent: how a browser shows <noscript> depends on its own script setting
    const html = await (await request.get(`/products/${product.id}`)).text();
    expect(html).toMatch(/<noscript><p[^>]*>Adding to the cart needs JavaScript[^<]*<\/p><\/noscript>/);
  });

  test('filters and sort are links', async ({ page }) => {
    await page.goto('/shop');
    await page.getByRole('navigation', { name: 'Sort by' }).getByRole('link', { name: 'Price: low to high' }).click();
    await expect(page).toHaveURL(/sort=price_asc/);
    await page.getByRole('navigation', { name: 'Categories' }).getByRole('link').nth(1).click();
    await expect(page).toHaveURL(/type=/);
    await expect(page.getByRole('main').locator('a[href^="/products/"]').first()).toBeVisible();
  });
});
