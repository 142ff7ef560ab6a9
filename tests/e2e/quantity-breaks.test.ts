import { expect, test } from './support/test.ts';
import { formatCents } from '#common/money.ts';
import type { CreatePaymentIntentResult } from '#common/schemas/checkout.ts';
import type { ProductDetail } from '#common/schemas/catalog.ts';
import { expectNoSeriousAxeViolations } from './support/axe.ts';
import { continueToPayment, fillAddress, fillCustomer, GOOD_CARD, payWithCard, summaryValue } from './support/checkout.ts';
import { getProducts } from './support/shop-data.ts';
import { runId } from './support/admin.ts';

// The demo's quantity breaks on balls (decision 067): a shopper who puts 12 balls in the cart sees the
// 10 % taken off, named by why, and pays what the server charges for it.

const BREAK_PERCENT = 10;

for (const viewport of [
  { width: 390, height: 844 },
  { width: 1280, height: 900 },
]) {
  test(`at ${viewport.width} px: 12 balls in the cart take the 12+ break off, and checkout charges the server's total`, async ({ page, request }) => {
    await page.setViewportSize(viewport);
    const listed = (await getProducts(request)).find((product) => product.name === 'Club Ball');
    if (!listed) throw new Error('the demo catalogue has no Club Ball');
    const detail = (await (await request.get(`/api/products/${listed.id}`)).json()) as ProductDetail;
    // the variant with the most stock: other journeys may have bought some
    const variant = [...detail.variants].sort((a, b) => b.stock - a.stock)[0]!;
    expect(variant.stock).toBeGreaterThanOrEqual(12);
    const priceCents = Math.round(Number(variant.price) * 100);
    const subtotal = 12 * priceCents;
    // percent of the balls' cents, half up, as the engine rounds
    const saved = Math.floor((subtotal * BREAK_PERCENT * 100 + 5000) / 10000);

    await page.goto(`/products/${listed.id}?variant=${variant.id}`);
    await page.getByRole('spinbutton', { name: 'Quantity' }).fill('12');
    await page.getByRole('button', { name: 'Add to Cart', exact: true }).click();

    await page.goto('/cart');
    await expect(page.getByRole('heading', { name: 'Cart Items' })).toBeVisible();
    // what was saved, and why: the break's name and percent
    await expect(summaryValue(page, 'Subtotal')).toHaveText(formatCents(subtotal));
    await expect(summaryValue(page, `Balls: ${BREAK_PERCENT} % off`)).toHaveText(`-${formatCents(saved)}`);
    await expectNoSeriousAxeViolations(page, `cart with a quantity break at ${viewport.width}`);
    await page.screenshot({ path: `test-results/screenshots/quantity-break-cart-${viewport.width}.png`, fullPage: true, animations: 'disabled' });

    await page.getByRole('link', { name: 'Proceed to Checkout' }).click();
    await expect(page.getByRole('heading', { name: 'Shipping Address' })).toBeVisible();
    await fillCustomer(page, { name: 'Bulk Buyer', email: `bulk-${runId()}@example.com` });
    await fillAddress(page);
    // on phones the summary is a bar with the total that opens
    if (viewport.width < 1024) await page.getByRole('button', { name: /^Show order summary/ }).click();
    await expect(summaryValue(page, `Balls: ${BREAK_PERCENT} % off`)).toHaveText(`-${formatCents(saved)}`);
    await expect(summaryValue(page, /^Estimated tax \(/)).toBeVisible();
    const shown = await summaryValue(page, /^Total$/).textContent();

    const created = page.waitForResponse((response) => response.url().endsWith('/api/create-payment-intent') && response.request().method() === 'POST');
    await continueToPayment(page).click();
    const server = (await (await created).json()) as CreatePaymentIntentResult;
    expect(server.totals.subtotal).toBe(subtotal);
    expect(server.totals.discount).toBe(saved);
    expect(server.amount).toBe(server.totals.total);
    // the page showed the total the server charges
    expect(shown).toBe(formatCents(server.totals.total));
    await expect(page.getByText(`Amount to pay: ${formatCents(server.amount)}`)).toBeVisible();
    await page.screenshot({ path: `test-results/screenshots/quantity-break-checkout-${viewport.width}.png`, fullPage: true, animations: 'disabled' });

    await payWithCard(page, GOOD_CARD);
    await expect(page.getByRole('heading', { name: 'Payment Successful', level: 1 })).toBeVisible();
    await expect(
      page
        .getByRole('definition')
        .filter({ hasText: formatCents(server.totals.total) })
        .last(),
    ).toBeVisible();
  });
}
