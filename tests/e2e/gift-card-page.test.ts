import { expect, test } from './support/test.ts';
import { stockedProducts } from './support/checkout.ts';
import { screenshotPage } from './support/screenshots.ts';

// The demo's gift card is e-mailed, not shipped, and no stock a shopper counts (decision 066, issue 33): its page
// says when it arrives instead of the shipping line, shows no stock and no summary box repeating the amount, and
// its card in the shop shows no stock either; a parcel's page keeps its shipping line and stock.

test("the gift card's page and card speak of an e-mail, not a parcel or stock, at 390 and 1280 px", async ({ page, request }) => {
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: width < 768 ? 844 : 900 });
    await page.goto('/products/gift-card');
    await expect(page.getByRole('heading', { level: 1, name: 'Gift Card' })).toBeVisible();
    await expect(page.getByTestId('delivery-line')).toHaveText('E-mailed to the recipient on the day you choose');
    await expect(page.getByRole('group', { name: /Amount/ })).toBeVisible();
    await page.getByRole('button', { name: '$50', exact: true }).click();
    await expect(page.getByRole('group', { name: 'Amount: $50' })).toBeVisible();
    await expect(page.getByText(/in Stock|Low Stock/)).toHaveCount(0);
    await expect(page.getByRole('definition')).toHaveCount(0);
    await expect(page.getByText(/Free shipping|delivery in/)).toHaveCount(0);

    await page.goto('/shop?q=gift%20card');
    const card = page.getByRole('article').filter({ has: page.getByRole('link', { name: 'Choose amount of Gift Card' }) });
    await expect(card).toBeVisible();
    await expect(card).not.toContainText(/in stock|left|sold out/i);
  }
  await page.goto('/products/gift-card');
  await screenshotPage(page, 'gift-card-page');

  const [parcel] = await stockedProducts(request, 1);
  await page.goto(`/products/${parcel!.slug}`);
  await expect(page.getByTestId('delivery-line')).not.toContainText('E-mailed');
  await expect(page.getByText(/in Stock|Low Stock/).first()).toBeVisible();
});
