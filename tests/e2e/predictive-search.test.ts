import { expect, test, type Page } from './support/test.ts';
import { CATALOG_PAGE_SIZE, type CatalogListing } from '#common/schemas/catalog-listing.ts';
import { adminApi, createProductViaApi, screenshotAdminPage, signInAsAdmin } from './support/admin.ts';
import { expectNoSeriousAxeViolations } from './support/axe.ts';

// Issue 34: the header's box suggests as the shopper types and forgives typos; at 390 px (behind the
// header's search toggle) and at 1280 px.

const paddles: string[] = [];

test.beforeAll(async ({ baseURL, request }) => {
  // every paddle, page by page: other journeys on this server add paddles of their own
  for (let page = 1, pageCount = 1; page <= pageCount; page += 1) {
    const listing = (await (await request.get(`/api/catalog?type=paddles&page=${page}`)).json()) as CatalogListing;
    paddles.push(...listing.items.map((item) => item.name));
    pageCount = listing.pageCount;
  }
  expect(paddles.length).toBeGreaterThan(1);
  // the demo's brands are the shop's own: a well-known one to misspell
  const api = await adminApi(baseURL!);
  const brands = (await (await api.get('/api/brands')).json()) as { id: number; name: string }[];
  let selkirk = brands.find((brand) => brand.name === 'Selkirk');
  if (!selkirk) {
    const created = await api.post('/api/brands', { multipart: { name: 'Selkirk', description: 'Paddles from Idaho.', isFeatured: 'false' } });
    expect(created.status(), await created.text()).toBe(201);
    selkirk = (await created.json()) as { id: number; name: string };
    await createProductViaApi(api, { name: 'Selkirk Vanguard Power Air', price: '249.99', brandId: selkirk.id });
  }
  await api.dispose();
});

/** The header's search box, opened from the toggle on a phone; by keyboard when asked. */
async function searchBox(page: Page, keyboard = false) {
  const toggle = page.getByRole('button', { name: 'Open search' });
  if (await toggle.isVisible()) {
    if (keyboard) {
      await toggle.focus();
      await page.keyboard.press('Enter');
    } else await toggle.click();
  }
  const box = page.getByRole('combobox', { name: 'Search products' }).locator('visible=true');
  if (keyboard) await box.focus();
  return box;
}

/**
 * What a search finds, every page of it, as the results page reads it (/api/catalog?q=): other journeys on this
 * server add products of their own, so the first page alone need not hold every paddle.
 */
async function searchResults(page: Page, query: string): Promise<string[]> {
  const names: string[] = [];
  for (let at = 1, pageCount = 1; at <= pageCount; at += 1) {
    const listing = (await (await page.request.get(`/api/catalog?q=${encodeURIComponent(query)}&page=${at}`)).json()) as CatalogListing;
    names.push(...listing.items.map((item) => item.name));
    pageCount = listing.pageCount;
  }
  return names;
}

/** Every paddle is found, and the page shows the first page of what was found, a paddle first. */
async function expectPaddlesListed(page: Page, query: string) {
  const found = await searchResults(page, query);
  expect(found).toEqual(expect.arrayContaining(paddles));
  const shown = await page.getByRole('article').getByRole('heading').allTextContents();
  expect(shown).toEqual(found.slice(0, CATALOG_PAGE_SIZE));
  expect(paddles).toContain(shown[0]);
}

function expectPaddlesOnly(names: string[]) {
  expect(names.length).toBeGreaterThan(0);
  for (const name of names) expect(paddles, `${name} is a paddle`).toContain(name);
}

for (const width of [390, 1280]) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height: 844 } });

    test('"padle" suggests paddles and the Paddles category, and the results page lists the paddles', async ({ page }) => {
      await page.goto('/');
      const box = await searchBox(page);
      await box.pressSequentially('padle', { delay: 40 });
      const list = page.getByRole('listbox', { name: 'Search suggestions' });
      await expect(list).toBeVisible();
      await expect(list.getByRole('group', { name: 'Categories' }).getByRole('option', { name: 'Paddles' })).toBeVisible();
      const products = list.getByRole('group', { name: 'Products' }).getByRole('option');
      await expect(products.first()).toBeVisible();
      const suggested = await products.locator('span.block.truncate.font-medium').allTextContents();
      expectPaddlesOnly(suggested);
      await expect(page.getByRole('search').locator('[aria-live]')).toHaveText(/\d+ suggestions/);
      await expectNoSeriousAxeViolations(page, `search suggestions ${width}`);
      await page.screenshot({ path: `test-results/screenshots/search-suggestions-${width}.png` });

      await box.press('Enter');
      await expect(page).toHaveURL(/\/shop\?search=padle$/);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Search results for "padle"');
      await expect(page.getByText('Did you mean')).toContainText('Did you mean paddle?');
      await expect(page.getByRole('article').first()).toBeVisible();
      // every paddle is found (sold-out ones after what is in stock), and the first is a paddle
      await expectPaddlesListed(page, 'padle');
      // the box keeps the search
      await expect(await searchBox(page)).toHaveValue('padle');
      await page.screenshot({ path: `test-results/screenshots/search-results-padle-${width}.png` });
    });

    test('"selkrik" suggests the brand Selkirk', async ({ page }) => {
      await page.goto('/');
      const box = await searchBox(page);
      await box.pressSequentially('selkrik', { delay: 40 });
      const brand = page.getByRole('listbox', { name: 'Search suggestions' }).getByRole('group', { name: 'Brands' }).getByRole('option', { name: 'Selkirk' });
      await expect(brand).toBeVisible();
      await brand.click();
      await expect(page).toHaveURL(/\/brands\/selkirk$/);
    });

    test('keyboard only: ArrowDown to a product and Enter opens it', async ({ page }) => {
      await page.goto('/');
      const box = await searchBox(page, true);
      await page.keyboard.type('padle', { delay: 40 });
      const options = page.getByRole('listbox', { name: 'Search suggestions' }).getByRole('option');
      await expect(options.first()).toBeVisible();
      const firstProduct = page.getByRole('group', { name: 'Products' }).getByRole('option').first();
      const productId = await firstProduct.getAttribute('id');
      const ids = await options.evaluateAll((elements) => elements.map((element) => element.id));
      for (let step = 0; step <= ids.indexOf(productId!); step += 1) await page.keyboard.press('ArrowDown');
      await expect(box).toHaveAttribute('aria-activedescendant', productId!);
      await expect(firstProduct).toHaveAttribute('aria-selected', 'true');
      const name = await firstProduct.locator('span.block.truncate.font-medium').textContent();
      await page.keyboard.press('Enter');
      await expect(page).toHaveURL(/\/products\/[a-z0-9-]+$/);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(name!);
    });
  });
}

test('a search that finds nothing offers the popular categories', async ({ page }) => {
  await page.goto('/shop?search=zzqqxx');
  await expect(page.getByText('No products found matching "zzqqxx"')).toBeVisible();
  const popular = page.getByRole('navigation', { name: 'Popular categories' });
  await expect(popular.getByRole('link', { name: 'Paddles' })).toBeVisible();
  await popular.getByRole('link', { name: 'Paddles' }).click();
  await expect(page).toHaveURL(/\/shop\?type=paddles$/);
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });
  test('the box submits to the server-rendered results page', async ({ page }) => {
    await page.goto('/');
    const box = page.getByRole('navigation', { name: 'Main' }).getByRole('combobox', { name: 'Search products' });
    await box.fill('padle');
    await box.press('Enter');
    await expect(page).toHaveURL(/\/shop\?search=padle$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Search results for "padle"');
    await expect(page.getByRole('article').first()).toBeVisible();
    await expect(page.getByRole('combobox', { name: 'Search products' }).first()).toHaveValue('padle');
  });
});

test('the owner teaches the search that "racket" means paddle, and sees what shoppers searched for', async ({ page, baseURL }) => {
  await signInAsAdmin(page);
  await page.goto('/admin');
  await page.getByRole('link', { name: /^Search/ }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Search');
  await page.getByLabel('Shoppers type').fill('racket');
  await page.getByLabel('Find (comma-separated)').fill('paddle');
  await page.getByRole('button', { name: 'Save synonym' }).click();
  await expect(page.getByRole('listitem').filter({ hasText: 'racket → paddle' })).toBeVisible();
  try {
    await page.goto('/shop?search=rackets');
    await expect(page.getByRole('article').first()).toBeVisible();
    await expectPaddlesListed(page, 'rackets');

    await page.goto('/admin/search');
    const top = page.getByRole('table').first();
    await expect(top.getByRole('link', { name: 'rackets' })).toBeVisible();
    await expectNoSeriousAxeViolations(page, 'admin search');
    await screenshotAdminPage(page, 'admin-search');
  } finally {
    const api = await adminApi(baseURL!);
    const synonyms = (await (await api.get('/api/admin/search/synonyms')).json()) as { id: number; term: string }[];
    for (const synonym of synonyms.filter((row) => row.term === 'racket')) await api.delete(`/api/admin/search/synonyms/${synonym.id}`);
    await api.dispose();
  }
});
