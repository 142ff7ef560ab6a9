import path from 'node:path';
import { expect, test, type Page } from './support/test.ts';
import type { Product } from '#common/schemas/catalog.ts';
import { productPath } from '#common/slug.ts';
import { expectNoSeriousAxeViolations } from './support/axe.ts';
import { openCartWith, openCheckoutWith, stockedProducts } from './support/checkout.ts';
import { SCREENSHOT_DIR } from './support/screenshots.ts';
import { CART_KEY } from './support/shop-data.ts';

// Express checkout with the card simulator: its wallet sheet plays Apple Pay (a contact in Texas, where the
// shop charges tax, or in Oregon, which has none), from the cart and from a product page, at both widths.

const cartLines = (page: Page) =>
  page.evaluate((key) => (JSON.parse(localStorage.getItem(key) ?? 'null') as { state?: { items?: unknown[] } } | null)?.state?.items?.length ?? 0, CART_KEY);

/** Opens the wallet, checks the sheet (axe, a screenshot), switches to Oregon and back, and answers its Pay button. */
async function openWalletAndReprice(page: Page, screenshot: string) {
  await page.getByRole('button', { name: 'Simulated wallet' }).click();
  const sheet = page.getByRole('dialog', { name: 'Simulated wallet' });
  const pay = sheet.getByRole('button', { name: /^Pay \$/ });
  await expect(pay).toBeEnabled();
  const taxOf = () => sheet.getByText('Tax', { exact: true }).locator('xpath=following-sibling::dd[1]');
  await expect(taxOf()).not.toHaveText('$0.00');
  const texasLabel = (await pay.textContent())!;
  await expectNoSeriousAxeViolations(page, `${screenshot}: the wallet sheet`);
  await page.screenshot({ path: path.join(SCREENSHOT_DIR, `${screenshot}.png`), animations: 'disabled' });

  await sheet.getByRole('radio', { name: /Sam Okafor/ }).check();
  await expect(taxOf()).toHaveText('$0.00');
  await expect(pay).not.toHaveText(texasLabel);
  await expect(pay).toBeEnabled();
  return { sheet, pay };
}

for (const width of [390, 1280]) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height: width < 768 ? 844 : 900 } });

    test('pays the cart with the simulated wallet and lands on the confirmation, the cart emptied', async ({ page, request }) => {
      const [product] = (await stockedProducts(request, 2)) as [Product, Product];
      await openCartWith(page, [{ product, quantity: 1 }]);
      await expect(page.getByRole('button', { name: 'Simulated wallet' })).toBeVisible();
      await expectNoSeriousAxeViolations(page, 'cart with the wallet button');
      await page.screenshot({ path: path.join(SCREENSHOT_DIR, `express-cart-${width}.png`), fullPage: true, animations: 'disabled' });

      const { pay } = await openWalletAndReprice(page, `express-cart-sheet-${width}`);
      await pay.click();
      await expect(page).toHaveURL(/\/order-confirmation\?payment_intent=[^&]+&redirect_status=succeeded$/);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Payment Successful');
      await expect.poll(() => cartLines(page)).toBe(0);
      await expectNoSeriousAxeViolations(page, 'confirmation after the wallet');
    });

    test('buys one product from its page with the simulated wallet; the cart keeps what it held', async ({ page, request }) => {
      const [inCart, product] = (await stockedProducts(request, 2)) as [Product, Product];
      await openCartWith(page, [{ product: inCart, quantity: 1 }]);
      await page.goto(productPath(product));
      await expect(page.getByRole('heading', { level: 1, name: product.name })).toBeVisible();
      await expect(page.getByRole('button', { name: 'Simulated wallet' })).toBeVisible();
      await page.screenshot({ path: path.join(SCREENSHOT_DIR, `express-product-${width}.png`), animations: 'disabled' });

      const { sheet, pay } = await openWalletAndReprice(page, `express-product-sheet-${width}`);
      await expect(sheet.getByText('Subtotal', { exact: true }).locator('xpath=following-sibling::dd[1]')).toHaveText(`$${Number(product.price).toFixed(2)}`);
      await pay.click();
      await expect(page).toHaveURL(/\/order-confirmation\?cart=kept&payment_intent=[^&]+&redirect_status=succeeded$/);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Payment Successful');
      await expectNoSeriousAxeViolations(page, 'confirmation after buy now');
      expect(await cartLines(page)).toBe(1);
    });

    test('offers the wallet above the card form on /checkout, and it pays the cart', async ({ page, request }) => {
      const [product] = (await stockedProducts(request, 1)) as [Product];
      await openCheckoutWith(page, [{ product, quantity: 2 }]);
      const express = page.getByRole('region', { name: 'Express checkout' });
      await expect(express.getByRole('button', { name: 'Simulated wallet' })).toBeVisible();
      await expectNoSeriousAxeViolations(page, '/checkout with the wallet');
      await page.screenshot({ path: path.join(SCREENSHOT_DIR, `express-checkout-page-${width}.png`), animations: 'disabled' });
      const { pay } = await openWalletAndReprice(page, `express-checkout-page-sheet-${width}`);
      await pay.click();
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Payment Successful');
      await expect.poll(() => cartLines(page)).toBe(0);
    });

    test('pays the cart from the cart drawer that Add to Cart opens', async ({ page, request }) => {
      const [product] = (await stockedProducts(request, 1)) as [Product];
      await page.goto(productPath(product));
      await page.getByRole('button', { name: 'Add to Cart' }).click();
      const drawer = page.getByRole('dialog').filter({ has: page.getByRole('link', { name: 'View cart' }) });
      await drawer.getByRole('button', { name: 'Simulated wallet' }).click();
      const sheet = page.getByRole('dialog', { name: 'Simulated wallet' });
      await expect(sheet.getByText('Subtotal', { exact: true }).locator('xpath=following-sibling::dd[1]')).toHaveText(`$${Number(product.price).toFixed(2)}`);
      await expectNoSeriousAxeViolations(page, 'the wallet sheet over the cart drawer');
      await sheet.getByRole('button', { name: /^Pay \$/ }).click();
      await expect(page).toHaveURL(/\/order-confirmation\?payment_intent=[^&]+&redirect_status=succeeded$/);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Payment Successful');
      await expect.poll(() => cartLines(page)).toBe(0);
      // the drawer does not follow the shopper to the confirmation
      await expect(page.getByRole('link', { name: 'View cart' })).toHaveCount(0);
    });
  });
}
