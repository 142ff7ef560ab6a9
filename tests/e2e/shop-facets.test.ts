import { expect, test } from './support/test.ts';
import type { CatalogListing } from '#common/schemas/catalog-listing.ts';
import { expectNoSeriousAxeViolations } from './support/axe.ts';
import { screenshotPage } from './support/screenshots.ts';

// The shop page's facets, sort, pages and compare, against the demo catalogue through GET /api/catalog.

async function listing(request: import('@playwright/test').APIRequestContext, query = ''): Promise<CatalogListing> {
  const response = await request.get(`/api/catalog${query}`);
  expect(response.ok()).toBe(true);
  return (await response.json()) as CatalogListing;
}

test('a category and a facet filter the list; the counts follow', async ({ page, request }) => {
  const all = await listing(request);
  const category = all.categories.reduce((best, next) => (next.count > best.count ? next : best));
  await page.goto('/shop');
  await page
    .getByRole('navigation', { name: 'Categories' })
    .getByRole('link', { name: new RegExp(`^${category.name} \\(`) })
    .click();
  await expect(page).toHaveURL(new RegExp(`/shop\\?type=${category.slug}$`));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(category.name);
  await expect(page.getByText(`${category.count} ${category.count === 1 ? 'product' : 'products'}`, { exact: true })).toBeVisible();

  // a price band: the list and the other facets' counts shrink to it
  const typed = await listing(request, `?type=${category.slug}`);
  const band = typed.facets.find((facet) => facet.key === 'price')!.values.find((value) => value.count > 0 && value.count < category.count)!;
  const banded = await listing(request, `?type=${category.slug}&price=${band.value}`);
  await page.getByRole('group', { name: 'Price' }).getByRole('checkbox', { name: band.label }).check();
  await expect(page).toHaveURL(new RegExp(`price=${band.value}`));
  await expect(page.getByText(`${banded.total} ${banded.total === 1 ? 'product' : 'products'}`, { exact: true })).toBeVisible();
  const inStock = banded.facets.find((facet) => facet.key === 'in_stock')!.values[0]!;
  await expect(page.getByRole('group', { name: 'Availability' }).getByLabel(`${inStock.count} products`)).toBeVisible();
  await expectNoSeriousAxeViolations(page, 'shop with facets');
  await screenshotPage(page, 'shop-facets', async (width) => {
    if (width < 768 && (await page.getByRole('button', { name: 'Show Filters' }).isVisible())) await page.getByRole('button', { name: 'Show Filters' }).click();
  });

  // Back undoes the band
  await page.goBack();
  await expect(page).toHaveURL(new RegExp(`/shop\\?type=${category.slug}$`));
  await expect(page.getByText(`${category.count} ${category.count === 1 ? 'product' : 'products'}`, { exact: true })).toBeVisible();
});

test('sort and page live in the address: reload and back/forward keep them', async ({ page, request }) => {
  const byPrice = await listing(request, '?sort=price_desc');
  await page.goto('/shop');
  await page.getByLabel('Sort by').selectOption('price_desc');
  await expect(page).toHaveURL(/\/shop\?sort=price_desc$/);
  await expect(page.getByRole('article').first().getByRole('heading')).toHaveText(byPrice.items[0]!.name);
  await page.reload();
  await expect(page.getByLabel('Sort by')).toHaveValue('price_desc');
  await expect(page.getByRole('article').first().getByRole('heading')).toHaveText(byPrice.items[0]!.name);

  if (byPrice.pageCount > 1) {
    const second = await listing(request, '?sort=price_desc&page=2');
    await page.getByRole('navigation', { name: 'Pages' }).getByRole('link', { name: 'Page 2' }).click();
    await expect(page).toHaveURL(/\/shop\?sort=price_desc&page=2$/);
    await expect(page.getByRole('article').first().getByRole('heading')).toHaveText(second.items[0]!.name);
    await page.goBack();
    await expect(page).toHaveURL(/\/shop\?sort=price_desc$/);
    await page.goForward();
    await expect(page.getByRole('article').first().getByRole('heading')).toHaveText(second.items[0]!.name);
  }
  // a page beyond the last is an empty page, not an error
  await page.goto('/shop?page=999');
  await expect(page.getByText('No products found')).toBeVisible();
});

test('compare three products from their cards', async ({ page, request }) => {
  const picks = (await listing(request, '?sort=name')).items.slice(0, 3);
  await page.goto('/shop?sort=name');
  for (const product of picks) await page.getByRole('checkbox', { name: `Compare ${product.name}` }).check();
  const tray = page.getByRole('complementary', { name: 'Compare' });
  await expect(tray.getByText('3 of 4 picked')).toBeVisible();
  await tray.getByRole('link', { name: 'Compare (3)' }).click();
  await expect(page).toHaveURL(new RegExp(`/compare\\?ids=${picks.map((p) => p.id).join(',')}$`));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Compare products');
  for (const product of picks) await expect(page.getByRole('columnheader', { name: new RegExp(product.name) })).toBeVisible();
  await expect(page.getByRole('rowheader', { name: /^Price/ })).toBeVisible();
  await expectNoSeriousAxeViolations(page, 'compare');
  await screenshotPage(page, 'compare');
  // the set is in the address: a reload shows the same
  await page.reload();
  await expect(page.getByRole('columnheader')).toHaveCount(4);
});

// a facet value's checkbox is named by its label and its count ("Elongated 3 products")
const valueName = (label: string) => new RegExp(`^${label.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')} \\d+ products$`);

test('a paddle spec facet (shape) narrows the paddles and the other facets count under it', async ({ page, request }) => {
  const paddles = await listing(request, '?type=paddles');
  const shape = paddles.facets.find((facet) => facet.key === 'f.shape')!;
  // a shape some paddles have and others lack, so ticking it must change the list
  const pick = shape.values.find((value) => value.count > 0 && value.count < paddles.total)!;
  const shaped = await listing(request, `?type=paddles&f.shape=${encodeURIComponent(pick.value)}`);
  const thicknessFacet = (listed: CatalogListing) => listed.facets.find((facet) => facet.key === 'o.core_thickness')!;
  const thickness = (listed: CatalogListing) => thicknessFacet(listed).values;
  expect(thickness(shaped)).not.toEqual(thickness(paddles));

  await page.goto('/shop?type=paddles');
  await expect(page.getByText(`${paddles.total} products`, { exact: true })).toBeVisible();
  await page
    .getByRole('group', { name: shape.name })
    .getByRole('checkbox', { name: valueName(pick.label) })
    .check();
  await expect(page).toHaveURL(new RegExp(`f\\.shape=${encodeURIComponent(pick.value)}`));
  await expect(page.getByText(`${shaped.total} ${shaped.total === 1 ? 'product' : 'products'}`, { exact: true })).toBeVisible();
  const thicknessGroup = page.getByRole('group', { name: thicknessFacet(shaped).name });
  for (const value of thickness(shaped)) await expect(thicknessGroup.getByLabel(`${value.count} products`).first()).toBeVisible();
  // OR within the facet: every shape still shows what it would add
  for (const value of shape.values.filter((candidate) => candidate.value !== pick.value && candidate.count > 0))
    await expect(page.getByRole('group', { name: shape.name }).getByRole('checkbox', { name: valueName(value.label) })).toBeVisible();
  await page.reload();
  await expect(page.getByRole('group', { name: shape.name }).getByRole('checkbox', { name: valueName(pick.label) })).toBeChecked();
});

test('compare three paddles: two from their cards, one from its product page', async ({ page, request }) => {
  const picks = (await listing(request, '?type=paddles&sort=name')).items.slice(0, 3);
  await page.goto('/shop?type=paddles&sort=name');
  for (const product of picks.slice(0, 2)) await page.getByRole('checkbox', { name: `Compare ${product.name}`, exact: true }).check();
  await page.goto(`/products/${picks[2]!.id}`);
  await page.getByRole('checkbox', { name: `Compare ${picks[2]!.name}`, exact: true }).check();
  const tray = page.getByRole('complementary', { name: 'Compare' });
  await expect(tray.getByText('3 of 4 picked')).toBeVisible();
  await tray.getByRole('link', { name: 'Compare (3)' }).click();
  await expect(page).toHaveURL(new RegExp(`/compare\\?ids=${picks.map((p) => p.id).join(',')}$`));
  for (const product of picks) await expect(page.getByRole('columnheader', { name: new RegExp(product.name) })).toBeVisible();
  // a paddle's spec rows: its shape and weight, with units
  await expect(page.getByRole('rowheader', { name: /^Shape/ })).toBeVisible();
  await expect(page.getByRole('rowheader', { name: /weight/i }).first()).toBeVisible();
});
