import { expect, test, waitsForApp } from './support/test.ts';
import { expectNoSeriousAxeViolations } from './support/axe.ts';
import { GOOD_CARD, continueToPayment, expectToast, fillAddress, fillCustomer, openCheckoutWith, payWithCard, stockedProducts } from './support/checkout.ts';
import { screenshotPage } from './support/screenshots.ts';

// The thank-you page that continues the relationship (issue 30): a guest pays with the simulator's card, sees
// the order with its pictures, shipping method and delivery estimate and a link to its page, keeps it on a new
// account with one password, and finds it in /profile. At 390 and 1280 px, axe on every step.

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 900 };

for (const viewport of [PHONE, DESKTOP]) {
  test(`guest at ${viewport.width} px: pays, sees the order and its way on, creates an account from it, finds it in the profile`, async ({ page, request }) => {
    await page.setViewportSize(viewport);
    const [product] = await stockedProducts(request, 1);
    const email = `thanks.${viewport.width}.${Date.now().toString(36)}@example.com`;
    await openCheckoutWith(page, [{ product: product!, quantity: 2 }]);
    await fillCustomer(page, { name: 'Terry Thanks', email });
    await fillAddress(page);
    await expectToast(page, 'Tax calculated');
    await continueToPayment(page).click();
    await payWithCard(page, GOOD_CARD);

    await expect(page).toHaveURL(/\/order-confirmation\?payment_intent=[\w-]+&redirect_status=succeeded$/);
    await expect(page.getByRole('heading', { name: 'Payment Successful', level: 1 })).toBeVisible();
    const details = page.getByRole('region', { name: /^Order #PB-/ });
    await expect(details).toBeVisible();
    const orderNumber = (await details.getByRole('heading', { level: 2 }).textContent())!.replace('Order #', '');
    const line = details.getByRole('list', { name: 'Items' }).getByRole('listitem');
    await expect(line).toHaveCount(1);
    await expect(line).toContainText(`${product!.name} × 2`);
    if (product!.imageUrl) await expect(line.locator('img')).toHaveAttribute('src', product!.imageUrl);
    await expect(details.getByRole('heading', { name: 'Standard shipping' })).toBeVisible();
    await expect(details.getByText(/^Estimated delivery: \w{3}, \w{3} \d{1,2} – \w{3}, \w{3} \d{1,2}$/)).toBeVisible();
    const orderLink = details.getByRole('link', { name: 'View order' });
    await expect(orderLink).toHaveAttribute('href', new RegExp(`^/orders/${orderNumber}\\?key=`));
    const offer = page.getByRole('region', { name: 'Create an account to track this order' });
    await expect(offer).toContainText(`Your account uses ${email}.`);
    await expectNoSeriousAxeViolations(page, `/order-confirmation with the account offer at ${viewport.width}`);
    if (viewport === PHONE) await screenshotPage(page, 'thank-you-guest');
    await page.setViewportSize(viewport);

    // a reload keeps everything (the claim is the browser's cookie, not the page's state)
    await page.reload();
    await expect(offer).toBeVisible();

    // too short first: said beside the field, nothing sent
    await offer.getByLabel('Password').fill('short');
    await offer.getByRole('button', { name: 'Create account' }).click();
    await expect(offer.getByText('Password must be at least 8 characters')).toBeVisible();
    await offer.getByLabel('Password').fill('third shot drop at sunrise');
    await offer.getByRole('button', { name: 'Create account' }).click();

    const created = page.getByRole('region', { name: 'Your account is ready' });
    await expect(created).toContainText(`Order #${orderNumber} is in your order history and its address is saved for your next checkout.`);
    await expectNoSeriousAxeViolations(page, `/order-confirmation after the account at ${viewport.width}`);
    if (viewport === PHONE) await screenshotPage(page, 'thank-you-account-created');
    await page.setViewportSize(viewport);

    await created.getByRole('link', { name: 'View your orders' }).click();
    await expect(page).toHaveURL(/\/profile$/);
    await expect(page.getByRole('main')).toContainText(orderNumber);
    await expectNoSeriousAxeViolations(page, `/profile with the order at ${viewport.width}`);

    // the order page opens for its new owner; the order e-mail went out once
    await page.goto(`/orders/${orderNumber}`);
    await expect(page.getByRole('heading', { name: `Order #${orderNumber}`, level: 1 })).toBeVisible();
  });
}

test('the order page opens from the thank-you page for a guest who keeps no account; the address alone opens neither', async ({ page, request, browser }) => {
  await page.setViewportSize(DESKTOP);
  const [product] = await stockedProducts(request, 1);
  await openCheckoutWith(page, [{ product: product!, quantity: 1 }]);
  await fillCustomer(page, { name: 'Gus Guest', email: `gus.${Date.now().toString(36)}@example.com` });
  await fillAddress(page);
  await expectToast(page, 'Tax calculated');
  await continueToPayment(page).click();
  await payWithCard(page, GOOD_CARD);
  await expect(page.getByRole('heading', { name: 'Payment Successful', level: 1 })).toBeVisible();

  const confirmation = page.url();
  const details = page.getByRole('region', { name: /^Order #PB-/ });
  const orderNumber = (await details.getByRole('heading', { level: 2 }).textContent())!.replace('Order #', '');
  await details.getByRole('link', { name: 'View order' }).click();
  await expect(page).toHaveURL(new RegExp(`/orders/${orderNumber}\\?key=`));
  await expect(page.getByRole('heading', { name: `Order #${orderNumber}`, level: 1 })).toBeVisible();
  await expectNoSeriousAxeViolations(page, 'the order page from the thank-you page');

  // the confirmation's address in another browser (a shared link, a history entry): the order, but neither the link nor the offer
  const stranger = await browser.newContext({ viewport: DESKTOP });
  try {
    const other = waitsForApp(await stranger.newPage());
    await other.goto(confirmation);
    await expect(other.getByRole('heading', { name: `Order #${orderNumber}` })).toBeVisible();
    await expect(other.getByRole('link', { name: 'View order' })).toHaveCount(0);
    await expect(other.getByRole('region', { name: 'Create an account to track this order' })).toHaveCount(0);
  } finally {
    await stranger.close();
  }
});
