import { expect, test, type APIRequestContext, type Page } from './support/test.ts';
import { formatCents } from '#common/money.ts';
import type { Product } from '#common/schemas/catalog.ts';
import { adminApi, createProductViaApi, runId } from './support/admin.ts';
import { GOOD_CARD, continueToPayment, fillAddress, fillCustomer, openCartWith, payWithCard, summaryValue } from './support/checkout.ts';
import { screenshotPage } from './support/screenshots.ts';
import { getBrands } from './support/shop-data.ts';

// Issue 13: the cart re-reads its lines from the shop, so it never shows (or charges) a stale snapshot.

let admin: APIRequestContext;
test.beforeAll(async ({ baseURL }) => {
  admin = await adminApi(baseURL!);
});
test.afterAll(() => admin.dispose());

async function newProduct(request: APIRequestContext, price: string, stock: number): Promise<Product> {
  const [brand] = await getBrands(request);
  return createProductViaApi(admin, { name: `Fresh Paddle ${runId()}`, price, brandId: brand!.id, stock });
}

async function changeProduct(product: Product, fields: { price?: string; stock?: number }): Promise<void> {
  const multipart: Record<string, string> = {};
  if (fields.price !== undefined) multipart.price = fields.price;
  if (fields.stock !== undefined) multipart.stock = String(fields.stock);
  const response = await admin.patch(`/api/products/${product.id}`, { multipart });
  expect(response.ok(), await response.text()).toBe(true);
}

const lineOf = (page: Page, product: Product) =>
  page
    .getByRole('region', { name: 'Cart Items' })
    .getByRole('listitem')
    .filter({ has: page.getByRole('link', { name: product.name }) });

/** The line in /checkout's order summary. */
const checkoutLineOf = (page: Page, product: Product) =>
  page.getByRole('list', { name: 'Items in your order' }).getByRole('listitem').filter({ hasText: product.name });

/** Checks out from the cart, fills the form, waits for the tax, pays, and checks the charge is the total the page showed. */
async function payWhatThePageShows(page: Page, atCheckout?: () => Promise<void>): Promise<void> {
  await page.getByRole('link', { name: 'Proceed to Checkout' }).click();
  await expect(page).toHaveURL(/\/checkout$/);
  await atCheckout?.();
  await fillAddress(page);
  await fillCustomer(page, { name: 'Fresh Shopper', email: 'fresh@example.com' });
  await expect(summaryValue(page, /^Estimated tax \(/)).toBeVisible();
  await continueToPayment(page).click();
  await expect(page.getByRole('form', { name: 'Card payment' })).toBeVisible();
  const shownTotal = (await summaryValue(page, /^Total$/).textContent())!;
  await expect(page.getByText(`Amount to pay: ${shownTotal}`)).toBeVisible();
  await payWithCard(page, GOOD_CARD);
  await expect(page.getByRole('heading', { name: 'Payment Successful', level: 1 })).toBeVisible();
  await expect(page.getByRole('definition').filter({ hasText: shownTotal }).last()).toBeVisible();
}

test('opening the cart shows the new price, the lowered quantity and a sold-out line, and charges what it shows', async ({ page, request }) => {
  const repriced = await newProduct(request, '20.00', 10);
  const soldOut = await newProduct(request, '15.00', 5);
  await changeProduct(repriced, { price: '25.00', stock: 3 });
  await changeProduct(soldOut, { stock: 0 });

  await openCartWith(page, [
    { product: repriced, quantity: 5 },
    { product: soldOut, quantity: 2 },
  ]);
  const line = lineOf(page, repriced);
  await expect(line.getByText('Price changed from $20.00 to $25.00.')).toBeVisible();
  await expect(line.getByText('Only 3 available: quantity lowered from 5 to 3.')).toBeVisible();
  await expect(line.getByRole('spinbutton', { name: 'Quantity' })).toHaveValue('3');
  await expect(line.getByText(formatCents(7500))).toBeVisible();
  const soldOutLine = lineOf(page, soldOut);
  await expect(soldOutLine.getByText(/^Sold out: not included in your order/)).toBeVisible();
  await expect(soldOutLine.getByRole('spinbutton', { name: 'Quantity' })).toHaveCount(0);
  await expect(page.getByText('Items (3)')).toBeVisible();
  await expect(summaryValue(page, 'Subtotal')).toHaveText(formatCents(7500));
  await screenshotPage(page, 'cart-fresh-changed-lines');

  await payWhatThePageShows(page);
});

test('a price changed after the cart opened is shown at checkout before the card form, and that is what is charged', async ({ page, request }) => {
  const product = await newProduct(request, '30.00', 10);
  await openCartWith(page, [{ product, quantity: 2 }]);
  await expect(summaryValue(page, 'Subtotal')).toHaveText(formatCents(6000));
  await changeProduct(product, { price: '35.00' });

  // /checkout reads the lines again as it opens: the new price is there before any card is asked for
  await payWhatThePageShows(page, async () => {
    await expect(checkoutLineOf(page, product).getByText('Price changed from $30.00 to $35.00.')).toBeVisible();
    await expect(summaryValue(page, 'Subtotal')).toHaveText(formatCents(7000));
    await screenshotPage(page, 'cart-fresh-price-changed-at-payment');
  });
});
