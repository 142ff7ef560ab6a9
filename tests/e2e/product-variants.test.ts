import { expect, test, type Page } from './support/test.ts';
import type { ProductDetail } from '#common/schemas/catalog.ts';
import { expectNoSeriousAxeViolations } from './support/axe.ts';
import { GOOD_CARD, continueToPayment, fillAddress, fillCustomer, payWithCard, storedCartItems } from './support/checkout.ts';
import { screenshotPage } from './support/screenshots.ts';
import { getProducts } from './support/shop-data.ts';
import { VARIANT_PADDLE } from './support/variant-paddle.ts';

// The paddle sold in variants (support/variant-catalogue.ts): 16 mm / 4 1/4 in $189 (was $219, 30 in
// stock), 14 mm / 4 1/4 in $179 (25), 16 mm / 4 3/8 in sold out; 14 mm / 4 3/8 in is not made.

async function openPaddle(page: Page, request: Parameters<typeof getProducts>[0], query = ''): Promise<ProductDetail> {
  const listed = (await getProducts(request)).find((product) => product.name === VARIANT_PADDLE.name);
  if (!listed) throw new Error('the e2e catalogue has no paddle sold in variants');
  const detail = (await (await request.get(`/api/products/${listed.id}`)).json()) as ProductDetail;
  await page.goto(`/products/${listed.id}${query}`);
  await expect(page.getByRole('heading', { level: 1, name: VARIANT_PADDLE.name })).toBeVisible();
  return detail;
}

const variantId = (detail: ProductDetail, sku: string) => detail.variants.find((variant) => variant.sku === sku)!.id;
const option = (page: Page, axis: string | RegExp, label: string | RegExp) => page.getByRole('group', { name: axis }).getByRole('button', { name: label });

test('choosing a variant: the address, price, stock and SKU follow; missing combinations greyed, sold-out ones marked', async ({ page, request }) => {
  const detail = await openPaddle(page, request);
  // the first variant in stock, its compare-at price struck through
  await expect(page.getByText('SKU: ZYG-16-414')).toBeVisible();
  await expect(page.getByText('$189.00', { exact: true })).toBeVisible();
  await expect(page.locator('s').filter({ hasText: '$219.00' })).toBeVisible();
  await expect(page.getByText('30 in Stock')).toBeVisible();
  await expect(option(page, /Core thickness/, '16 mm')).toHaveAttribute('aria-pressed', 'true');

  await option(page, /Core thickness/, '14 mm').click();
  await expect(page).toHaveURL(new RegExp(`\\?variant=${variantId(detail, 'ZYG-14-414')}$`));
  await expect(page.getByText('SKU: ZYG-14-414')).toBeVisible();
  await expect(page.getByText('$179.00', { exact: true })).toBeVisible();
  await expect(page.getByText('25 in Stock')).toBeVisible();
  await expect(page.locator('s')).toHaveCount(0);
  // 14 mm does not come in 4 3/8 in: shown, greyed, not choosable, the reason in its name and title
  const missing = option(page, /Grip size/, /^4 3\/8 in, not available/);
  await expect(missing).toBeDisabled();
  await expect(missing).toHaveAttribute('title', '4 3/8 in: not available with the other options chosen');
  // the spec sheet follows the variant's own weight
  await expect(page.getByRole('row', { name: /Static weight/ })).toContainText('7.6-8 oz (215-227 g)');

  await option(page, /Core thickness/, '16 mm').click();
  const soldOut = option(page, /Grip size/, '4 3/8 in sold out');
  await expect(soldOut).toBeEnabled();
  await expect(soldOut.locator('.line-through')).toHaveText('4 3/8 in');
  await soldOut.click();
  await expect(page).toHaveURL(new RegExp(`\\?variant=${variantId(detail, 'ZYG-16-438')}$`));
  await expect(page.getByRole('button', { name: 'Out of Stock' })).toBeDisabled();
  await expect(page.getByText('SKU: ZYG-16-438')).toBeVisible();

  // a reload (or a shared link) opens the same variant
  await page.reload();
  await expect(page.getByText('SKU: ZYG-16-438')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Out of Stock' })).toBeDisabled();

  // an unknown variant id opens the first variant in stock
  await openPaddle(page, request, '?variant=999999');
  await expect(page.getByText('SKU: ZYG-16-414')).toBeVisible();
});

test('spec sheet: units imperial with metric beside, approval with its date', async ({ page, request }) => {
  await openPaddle(page, request);
  const sheet = page.getByRole('table');
  await expect(sheet.getByRole('row', { name: /Static weight/ })).toContainText('7.9-8.3 oz (224-235 g)');
  await expect(sheet.getByRole('row', { name: /^Length/ })).toContainText('16.5 in (41.9 cm)');
  await expect(sheet.getByRole('row', { name: /Balance point/ })).toContainText('245 mm (9.65 in)');
  await expect(sheet.getByRole('row', { name: /Shape/ })).toContainText('Elongated');
  await expect(sheet.getByRole('row', { name: /USA Pickleball approval/ })).toContainText('Approved, checked October 1, 2026');
  // attributes without a value have no row
  await expect(sheet.getByRole('row', { name: /Swing weight/ })).toHaveCount(0);
});

test('gallery: thumbnails, arrow keys, a zoomed view closed with Esc; axe clean; screenshots', async ({ page, request }) => {
  await openPaddle(page, request);
  const gallery = page.getByRole('region', { name: `${VARIANT_PADDLE.name} images` });
  await expect(gallery.getByText('1 / 3')).toBeVisible();
  await gallery.focus();
  await page.keyboard.press('ArrowRight');
  await expect(gallery.getByText('2 / 3')).toBeVisible();
  await page.getByRole('button', { name: /^Show image 3 of 3/ }).click();
  await expect(gallery.getByText('3 / 3')).toBeVisible();
  await expect(page.getByRole('button', { name: /^Show image 3 of 3/ })).toHaveAttribute('aria-current', 'true');
  // the carousel has really moved to it (its swipe engine loads when another image is asked for)
  const slideOffset = async () => {
    const [slide, frame] = await Promise.all([gallery.getByRole('group', { name: '3 of 3' }).boundingBox(), gallery.boundingBox()]);
    return Math.round(Math.abs((slide?.x ?? Infinity) - (frame?.x ?? 0)));
  };
  await expect.poll(slideOffset).toBeLessThanOrEqual(1);

  await gallery.getByRole('button', { name: /^Zoom in: Zygo Vector Variant, handle/ }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toBeVisible();
  await expect(dialog.getByText('Image 3 of 3')).toBeVisible();
  await expect(dialog.getByRole('img', { name: `${VARIANT_PADDLE.name}, handle` })).toBeVisible();
  await page.keyboard.press('ArrowLeft');
  await expect(dialog.getByText('Image 2 of 3')).toBeVisible();
  await expectNoSeriousAxeViolations(page, 'product zoomed image');
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);

  // related products are read when their row nears the screen: scroll to the page's end (the returns box and
  // the wallet button pushed the row below a screen and its margin)
  await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
  await page.getByRole('heading', { name: 'You may also like' }).scrollIntoViewIfNeeded();
  await expect(page.getByRole('heading', { name: 'You may also like' })).toBeVisible();
  await expectNoSeriousAxeViolations(page, 'product page with variants');
  await screenshotPage(page, 'product-variants');
});

test('two variants in the cart are two lines; one is bought with the simulator card', async ({ page, request }) => {
  await openPaddle(page, request);
  await page.getByRole('button', { name: 'Add to Cart' }).click();
  const drawer = page.getByRole('dialog', { name: 'Added to Cart' });
  await expect(drawer).toContainText(`${VARIANT_PADDLE.name} (16 mm / 4 1/4 in) has been added to your cart`);
  await expect(drawer).toContainText('16 mm / 4 1/4 in');
  await page.keyboard.press('Escape');
  await option(page, /Core thickness/, '14 mm').click();
  await expect(page.getByRole('button', { name: 'Add to Cart' })).toBeVisible();
  await page.getByRole('button', { name: 'Increase quantity' }).click();
  await page.getByRole('button', { name: 'Add to Cart' }).click();
  await expect(drawer).toContainText('Quantity in cart: 2');
  await page.keyboard.press('Escape');
  await expect(page.getByRole('button', { name: 'Update Cart' })).toBeVisible();
  expect(await storedCartItems(page)).toHaveLength(2);

  await page.goto('/cart');
  const lines = page.getByRole('region', { name: 'Cart Items' }).getByRole('listitem');
  await expect(lines).toHaveCount(2);
  await expect(lines.nth(0)).toContainText('16 mm / 4 1/4 in');
  await expect(lines.nth(0)).toContainText('$189.00 each');
  await expect(lines.nth(1)).toContainText('14 mm / 4 1/4 in');
  await expect(lines.nth(1)).toContainText('$358.00');
  await screenshotPage(page, 'cart-variants');

  await page.getByRole('button', { name: `Remove ${VARIANT_PADDLE.name} (16 mm / 4 1/4 in)` }).click();
  await expect(lines).toHaveCount(1);
  await page.getByRole('link', { name: 'Proceed to Checkout' }).click();
  const ordered = page.getByRole('list', { name: 'Items in your order' }).getByRole('listitem');
  await expect(ordered).toHaveCount(1);
  await expect(ordered).toContainText('14 mm / 4 1/4 in');
  await fillAddress(page);
  await fillCustomer(page, { name: 'Vera Variant', email: 'vera@example.com' });
  await continueToPayment(page).click();
  await expect(page.getByRole('form', { name: 'Card payment' })).toBeVisible();
  await payWithCard(page, GOOD_CARD);
  await expect(page.getByRole('heading', { name: 'Payment Successful', level: 1 })).toBeVisible();
  await expect(page.getByText(VARIANT_PADDLE.name).first()).toBeVisible();
  expect(await storedCartItems(page)).toEqual([]);
});
