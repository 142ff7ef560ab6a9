import path from 'node:path';
import type { Page } from '@playwright/test';
import type { ProductTypeCatalog } from '#common/schemas/admin-product-types.ts';
import type { Product } from '#common/schemas/catalog.ts';
import { adminApi, createProductViaApi, runId, screenshotAdminPage, signInAsAdmin } from './support/admin.ts';
import { continueToPayment, expectToast, fillAddress, fillCustomer, GOOD_CARD, openCheckoutWith, payWithCard } from './support/checkout.ts';
import { SCREENSHOT_DIR, screenshotPage } from './support/screenshots.ts';
import { getBrands } from './support/shop-data.ts';
import { expect, test } from './support/test.ts';

// Gift cards (issue 33, decisions 059, 066 and 071): a shopper buys one for a friend on its product page, to be
// sent today, checking out without a shipping address (a cart of gift cards alone ships nothing); the e-mail with
// the code lands in the owner's outbox; the friend pays two orders wholly with it, the second on a phone, with no
// card; the balance page shows what is left.

const cents = (text: string) => Math.round(Number(text.replace(/[$,]/g, '')) * 100);
const dollars = (value: number) => `$${(value / 100).toFixed(2)}`;

/** The code e-mailed to `to`, read from the outbox as the owner sees it. */
async function giftCardCode(baseURL: string, to: string): Promise<string> {
  const admin = await adminApi(baseURL);
  try {
    for (let attempt = 0; attempt < 50; attempt += 1) {
      const emails = (await (await admin.get(`/api/admin/emails?q=${encodeURIComponent(to)}`)).json()) as Array<{ kind: string; text: string }>;
      const code = emails.find((email) => email.kind === 'gift-card')?.text.match(/Gift card code \(\$50\.00\): ([A-Z0-9-]{19})/)?.[1];
      if (code) return code;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    throw new Error(`no gift card e-mail to ${to}`);
  } finally {
    await admin.dispose();
  }
}

/**
 * Pays the checkout open on the page with the gift card alone: it covers the order, so "Left to pay by card" is
 * $0.00 and Place Order goes straight to the confirmation with no card form (decision 071). Answers what it paid.
 */
async function payWholeWithGiftCard(page: Page, customer: { name: string; email: string }, code: string, screenshot?: string): Promise<number> {
  await fillCustomer(page, customer);
  await fillAddress(page);
  await expectToast(page, 'Tax calculated');
  // on a phone the summary, with its gift card box, is a bar that opens
  const showSummary = page.getByRole('button', { name: /^Show order summary/ });
  if (await showSummary.isVisible()) await showSummary.click();
  await page.getByRole('button', { name: 'Pay with a gift card' }).click();
  await page.getByRole('textbox', { name: 'Gift card' }).fill(code.toLowerCase());
  await page.getByRole('button', { name: 'Apply gift card' }).click();
  const applied = page.getByRole('list', { name: 'Applied gift cards' }).getByRole('listitem');
  await expect(applied).toContainText(`Gift card ending in ${code.slice(-4)}: covers`);
  const covered = cents(/covers (\$[\d,.]+)/.exec((await applied.textContent()) ?? '')![1]!);
  const leftToPay = page.getByLabel('Gift card payment').locator('div', { hasText: 'Left to pay by card' }).locator('dd');
  await expect(leftToPay).toHaveText('$0.00');
  await expect(page.getByText('Your gift cards pay the whole order, so no card is needed.')).toBeVisible();
  if (screenshot) await page.screenshot({ path: path.join(SCREENSHOT_DIR, `${screenshot}.png`), fullPage: true });
  await page.getByRole('button', { name: 'Place Order' }).click();
  await expect(page).toHaveURL(/\/order-confirmation\?payment_intent=gift_card_/);
  await expect(page.getByRole('heading', { level: 1, name: 'Payment Successful' })).toBeVisible();
  await expect(page.getByRole('form', { name: 'Card payment' })).toHaveCount(0);
  return covered;
}

test('a shopper buys a gift card for a friend, who spends it in two orders and checks what is left', async ({ page, baseURL }) => {
  test.setTimeout(180_000);
  const id = runId();
  const friend = { name: 'Robin Rally', email: `robin-${id}@example.com` };

  // the owner sells a $50 gift card
  const api = await adminApi(baseURL!);
  let productId: number;
  let spendOn: Product;
  try {
    const [brand] = await getBrands(api);
    const types = (await (await api.get('/api/admin/product-types')).json()) as ProductTypeCatalog;
    const giftCardType = types.types.find((type) => type.slug === 'gift-card')!;
    const created = await api.post('/api/admin/products/document', {
      data: {
        name: `Gift Card ${id}`,
        brandId: brand!.id,
        productTypeId: giftCardType.id,
        variants: [{ sku: `GC-${id}`, price: '50.00', stock: 100, options: { gift_card_amount: '$50' } }],
      },
    });
    expect(created.status(), await created.text()).toBe(201);
    productId = ((await created.json()) as { id: number }).id;
    // what the friend buys: a product of this journey's own, as other journeys on the shared shop change the demo's prices and stock
    spendOn = await createProductViaApi(api, { name: `Court Towel ${id}`, price: '12.00', brandId: brand!.id, stock: 50 });
  } finally {
    await api.dispose();
  }

  // the buyer names the friend, a message and today, and pays
  await page.goto(`/products/${productId}`);
  await page.getByRole('button', { name: 'Add to Cart' }).click();
  await expect(page.getByLabel('Recipient name')).toHaveAttribute('aria-invalid', 'true');
  await page.getByLabel('Recipient name').fill(friend.name);
  await page.getByLabel('Recipient e-mail').fill(friend.email);
  await page.getByLabel('Message (optional)').fill('Happy birthday, see you on the court!');
  await page.getByRole('button', { name: 'Add to Cart' }).click();
  // the drawer opens once the cart holds the card: leaving before would cancel the add
  await expect(page.getByRole('dialog', { name: 'Added to Cart' })).toBeVisible();
  await page.goto('/checkout');
  await expect(page.getByText(`E-mailed to ${friend.name} (${friend.email})`)).toBeAttached();
  // only the e-mail and the buyer's name: no address is asked for a card that is e-mailed
  await expect(page.getByText('Gift cards are e-mailed, so no shipping address is needed.')).toBeVisible();
  await expect(page.getByLabel('Street address')).toHaveCount(0);
  await fillCustomer(page, { name: 'Pat Dinker', email: `pat-${id}@example.com` });
  await page.screenshot({ path: path.join(SCREENSHOT_DIR, 'gift-card-only-checkout-1280.png'), fullPage: true });
  await continueToPayment(page).click();
  await expect(page.getByText(/^Amount to pay:/)).toHaveText('Amount to pay: $50.00');
  await payWithCard(page, GOOD_CARD);
  await expect(page).toHaveURL(/\/order-confirmation\?payment_intent=/);

  // an order of gift cards alone is never delivered: its Returns card says why nothing can go back, not "after delivery"
  await page.getByRole('link', { name: 'View order' }).click();
  const returns = page.getByText('Gift cards cannot be returned. Please contact us about them.');
  await expect(page.getByText(/^Returns are open for/)).toHaveCount(0);
  await screenshotPage(page, 'gift-card-only-order', () => expect(returns).toBeVisible());

  // the friend's e-mail, with the code, is in the outbox at once
  const code = await giftCardCode(baseURL!, friend.email);

  // two orders well under the card's $50, each paid wholly by it; the second on a phone
  await openCheckoutWith(page, [{ product: spendOn, quantity: 1 }]);
  const coveredFirst = await payWholeWithGiftCard(page, friend, code);
  await page.setViewportSize({ width: 390, height: 844 });
  await openCheckoutWith(page, [{ product: spendOn, quantity: 1 }]);
  const coveredSecond = await payWholeWithGiftCard(page, friend, code, 'gift-card-whole-order-390');
  await page.screenshot({ path: path.join(SCREENSHOT_DIR, 'gift-card-whole-order-confirmation-390.png'), fullPage: true });
  await page.setViewportSize({ width: 1280, height: 800 });
  expect(coveredFirst).toBeGreaterThan(0);
  expect(coveredSecond).toBe(coveredFirst);
  expect(5000 - coveredFirst - coveredSecond).toBeGreaterThan(0);

  // what is left, on the balance page linked from the footer
  await page.getByRole('contentinfo').getByRole('link', { name: 'Gift card balance' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Gift card balance' })).toBeVisible();
  await page.getByLabel('Gift card code').fill(code);
  await page.getByRole('button', { name: 'Check balance' }).click();
  await expect(page.getByRole('main').getByRole('status')).toHaveText(
    `The gift card ending in ${code.slice(-4)} has ${dollars(5000 - coveredFirst - coveredSecond)} left.`,
  );

  // the owner finds the card bought for the friend in the gift cards list, with what is left
  await signInAsAdmin(page);
  await page.goto('/admin/gift-cards');
  await page.getByRole('searchbox', { name: 'Find a gift card' }).fill(friend.email);
  const row = page.getByRole('row').filter({ hasText: `…${code.slice(-4)}` });
  await expect(row).toContainText(dollars(5000 - coveredFirst - coveredSecond));
  await row.getByRole('button', { name: `Open the card ending in ${code.slice(-4)}` }).click();
  await expect(page.getByRole('table', { name: `Ledger of the card ending in ${code.slice(-4)}` })).toContainText('Paid an order');
  await screenshotAdminPage(page, 'admin-gift-cards');
});
