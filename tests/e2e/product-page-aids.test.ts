import { expect, test } from './support/test.ts';
import type { ProductDetail } from '#common/schemas/catalog.ts';
import { storedCartItems } from './support/checkout.ts';
import { getProducts } from './support/shop-data.ts';
import { VARIANT_PADDLE } from './support/variant-paddle.ts';

// Issue 34, decisions 062 and 068: on a phone the sticky buy bar adds the variant chosen, not the page's
// first; on a desktop "frequently bought together" shows under the product and its Add fills the cart.
// Other journeys add products and orders to the shared shop: things are found by name, never counted.

test('at 390 px the sticky bar adds the chosen variant', async ({ page, request }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const listed = (await getProducts(request)).find((product) => product.name === VARIANT_PADDLE.name);
  if (!listed) throw new Error('the e2e catalogue has no paddle sold in variants');
  const detail = (await (await request.get(`/api/products/${listed.id}`)).json()) as ProductDetail;
  const chosen = detail.variants.find((variant) => variant.sku === 'ZYG-14-414')!;
  await page.goto(`/products/${listed.slug}`);

  // 14 mm is not the variant the page opens with (16 mm / 4 1/4 in)
  await page
    .getByRole('group', { name: /Core thickness/ })
    .getByRole('button', { name: '14 mm' })
    .click();
  await expect(page).toHaveURL(new RegExp(`\\?variant=${chosen.id}$`));

  const bar = page.getByTestId('sticky-buy-bar');
  await expect(bar).toHaveCount(0);
  // the page's own Add to Cart scrolls away: the bar takes its place, naming the choice
  await page.getByRole('table').scrollIntoViewIfNeeded();
  await expect(bar).toBeVisible();
  await expect(bar).toContainText('14 mm / 4 1/4 in');
  await expect(bar).toContainText('$179.00');
  await bar.getByRole('button', { name: 'Add to cart' }).click();

  await expect.poll(() => storedCartItems(page)).toEqual([expect.objectContaining({ quantity: 1, variant: expect.objectContaining({ id: chosen.id }) })]);
  await page.goto('/cart');
  const line = page.getByRole('listitem').filter({ has: page.getByRole('link', { name: VARIANT_PADDLE.name }) });
  await expect(line).toContainText('14 mm / 4 1/4 in');
  await expect(line.getByRole('spinbutton', { name: 'Quantity' })).toHaveValue('1');
});

test('at 1280 px bought-together shows under the product and its Add puts that product in the cart', async ({ page, request }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  const listed = (await getProducts(request)).find((product) => product.name === VARIANT_PADDLE.name)!;
  await page.goto(`/products/${listed.slug}`);

  const section = page.getByRole('region', { name: /^(Frequently bought together|Pairs well with)$/ });
  // read as it nears the screen; until the app has hydrated, the element a scroll aims at may be replaced under it
  await expect(async () => {
    await page.getByRole('table').scrollIntoViewIfNeeded({ timeout: 2000 });
    await section.scrollIntoViewIfNeeded({ timeout: 2000 });
  }).toPass();
  await expect(section.getByRole('listitem').first()).toBeVisible();
  const first = section.getByRole('listitem').first();
  const name = (await first.getByRole('link').last().textContent())!.trim();
  // never the page's own product
  expect(name).not.toBe(VARIANT_PADDLE.name);

  await first.getByRole('button', { name: new RegExp(`^Add ${name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`) }).click();
  await expect.poll(async () => (await storedCartItems(page)).length).toBe(1);
  await page.goto('/cart');
  await expect(page.getByRole('link', { name, exact: true })).toBeVisible();
});
