import { expect, test } from './support/test.ts';
import { formatCents, toCents } from '#common/money.ts';
import { expectNoSeriousAxeViolations } from './support/axe.ts';
import { fillAddress, openCheckoutWith, stockedProducts, summaryValue } from './support/checkout.ts';
import { screenshotPage } from './support/screenshots.ts';

// Issue 13: without TaxJar the tax is the state's combined state and average local rate (Texas 8.20 %, not the
// 6.25 % state rate), and the order summary says it is an estimate.

test('checkout labels the built-in tax an estimate at the combined Texas rate, at 390 and 1280 px', async ({ page, request }) => {
  const [product] = await stockedProducts(request, 1);
  await openCheckoutWith(page, [{ product: product!, quantity: 2 }]);
  await expect(summaryValue(page, /^Tax$/)).toHaveText('Not calculated yet');
  await expect(page.getByTestId('tax-estimate-note')).toHaveCount(0);

  await fillAddress(page);
  const tax = summaryValue(page, 'Estimated tax (8.20%)');
  // 8.20 % of the goods, to the cent (half up), shipping untaxed
  const goods = toCents(product!.price) * 2;
  await expect(tax).toHaveText(formatCents(Math.floor((goods * 8200 + 50_000) / 100_000)));
  await expect(page.getByTestId('tax-estimate-note')).toHaveText(
    "Estimated from your state's sales tax plus its average local rate. The amount shown is what you pay.",
  );

  await expectNoSeriousAxeViolations(page, '/checkout with an estimated tax');
  await screenshotPage(page, 'tax-estimate', async (width) => {
    await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth), { message: `/checkout fits in ${width} px` }).toBeLessThanOrEqual(width);
  });
});

test("TaxJar's exact rate is not called an estimate", async ({ page, request }) => {
  const [product] = await stockedProducts(request, 1);
  await page.route('**/api/tax/calculate', async (route) => {
    const response = await route.fetch();
    await route.fulfill({ response, json: { ...(await response.json()), rate: 0.0825, amount: 1, amountCents: 100, provider: 'taxjar' } });
  });
  await openCheckoutWith(page, [{ product: product!, quantity: 1 }]);
  await fillAddress(page);
  await expect(summaryValue(page, 'Tax (8.25%)')).toHaveText('$1.00');
  await expect(page.getByTestId('tax-estimate-note')).toHaveCount(0);
});
