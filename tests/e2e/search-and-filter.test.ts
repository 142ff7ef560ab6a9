import { expect, test } from './support/test.ts';
import { CATALOG_PAGE_SIZE } from '#common/schemas/catalog-listing.ts';
import { expectNoSeriousAxeViolations } from './support/axe.ts';
import { screenshotPage } from './support/screenshots.ts';
import { getBrands, getProducts } from './support/shop-data.ts';

// Navigation search and shop page; search is submitted only when non-blank.

test('navigation search trims, encodes and ignores blank text', async ({ page, request }) => {
  await page.goto('/');
  const search = page.getByRole('navigation', { name: 'Main' }).getByPlaceholder('Search products...');
  await search.fill('   ');
  await search.press('Enter');
  await expect(page).toHaveURL(/\/$/);

  await search.fill('  paddle  ');
  await search.press('Enter');
  await expect(page).toHaveURL(/\/shop\?search=paddle$/);
  const expected = await getProducts(request, '?search=paddle');
  expect(expected.length).toBeGreaterThan(0);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Search results for "paddle"');
  await expect(page.getByText(`${expected.length} ${expected.length === 1 ? 'product' : 'products'}`, { exact: true })).toBeVisible();
  // the shop shows 24 a page
  await expect(page.getByRole('article')).toHaveCount(Math.min(expected.length, 24));
  await expectNoSeriousAxeViolations(page, 'shop search');
  await screenshotPage(page, 'shop-search');

  await search.fill('ball & bag');
  await search.press('Enter');
  await expect(page).toHaveURL(/\/shop\?search=ball%20%26%20bag$/);
});

test('shop: count, grid and an empty search result', async ({ page, request }) => {
  const all = await getProducts(request);
  await page.goto('/shop');
  await expect(page.getByText(`${all.length} products`, { exact: true })).toBeVisible();
  // the count is the whole catalogue's; the grid shows its first page (issue 12: 24 a page)
  await expect(page.getByRole('article')).toHaveCount(Math.min(all.length, CATALOG_PAGE_SIZE));
  await expectNoSeriousAxeViolations(page, 'shop');
  await screenshotPage(page, 'shop');

  await page.goto('/shop?search=zzqqxx');
  await expect(page.getByText('No products found matching "zzqqxx"')).toBeVisible();
  await expect(page.getByText('0 products', { exact: true })).toBeVisible();
  await screenshotPage(page, 'shop-empty');
});

test('brand filter: groups in order, rewrites the address keeping the search, Clear search keeps the brand', async ({ page, request }) => {
  const brands = await getBrands(request);
  const featured = brands
    .filter((b) => b.isFeatured)
    .map((b) => b.name)
    .sort((a, b) => a.localeCompare(b));
  const others = brands
    .filter((b) => !b.isFeatured)
    .map((b) => b.name)
    .sort((a, b) => a.localeCompare(b));
  await page.goto('/');
  await page.goto('/shop?search=paddle');

  const sidebar = page.getByRole('navigation', { name: 'Brands' });
  await expect(sidebar.getByRole('button')).toHaveText(['All Brands', ...featured, ...others]);
  await expect(sidebar.getByRole('heading', { name: 'Featured Brands' })).toBeVisible();
  await expect(sidebar.getByRole('heading', { name: 'All Brands' })).toBeVisible();

  // pick a brand that has paddles
  const paddles = await getProducts(request, '?search=paddle');
  const brand = brands.find((b) => paddles.some((p) => p.brandId === b.id))!;
  const brandPaddles = await getProducts(request, `?brandId=${brand.id}&search=paddle`);
  await sidebar.getByRole('button', { name: brand.name, exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/shop\\?brand=${brand.id}&search=paddle$`));
  await expect(page.getByRole('article')).toHaveCount(brandPaddles.length);
  await expect(sidebar.getByRole('button', { name: brand.name, exact: true })).toHaveAttribute('aria-pressed', 'true');

  // replaced, not pushed: Back leaves the shop rather than undoing the filter
  await page.goBack();
  await expect(page).toHaveURL(/\/$/);
  await page.goForward();
  await expect(page).toHaveURL(new RegExp(`brand=${brand.id}`));

  await page.getByRole('link', { name: 'Clear search' }).click();
  await expect(page).toHaveURL(new RegExp(`/shop\\?brand=${brand.id}$`));
  const brandProducts = await getProducts(request, `?brandId=${brand.id}`);
  await expect(page.getByRole('article')).toHaveCount(brandProducts.length);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(brand.name);

  await sidebar.getByRole('button', { name: 'All Brands' }).click();
  await expect(page).toHaveURL(/\/shop$/);
});

test('brand filter on narrow screens: Show Filters / Hide Filters and a dropdown', async ({ page, request }) => {
  const brands = await getBrands(request);
  const brand = brands.find((b) => !b.isFeatured) ?? brands[0]!;
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/shop');
  await expect(page.getByRole('navigation', { name: 'Brands' })).toBeHidden();
  await page.getByRole('button', { name: 'Show Filters' }).click();
  const select = page.getByLabel('Brand', { exact: true });
  await expect(select.locator('option').first()).toHaveText('All Brands');
  await expect(select.locator('optgroup')).toHaveCount(2);
  await expect(select.locator('optgroup').first()).toHaveAttribute('label', 'Featured Brands');
  await expect(select.locator('optgroup').last()).toHaveAttribute('label', 'All Brands');
  await screenshotPage(page, 'shop-filters-open', async (width) => {
    if (width >= 768) return;
    if (await page.getByRole('button', { name: 'Show Filters' }).isVisible()) await page.getByRole('button', { name: 'Show Filters' }).click();
  });
  await page.setViewportSize({ width: 390, height: 844 });
  if (await page.getByRole('button', { name: 'Show Filters' }).isVisible()) await page.getByRole('button', { name: 'Show Filters' }).click();
  await page.getByLabel('Brand', { exact: true }).selectOption(String(brand.id));
  await expect(page).toHaveURL(new RegExp(`/shop\\?brand=${brand.id}$`));
  await page.getByRole('button', { name: 'Hide Filters' }).click();
  await expect(page.getByLabel('Brand', { exact: true })).toBeHidden();
});
