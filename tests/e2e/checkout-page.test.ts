import { expect, test, type Locator, type Page } from './support/test.ts';
import { formatCents } from '#common/money.ts';
import { expectNoSeriousAxeViolations } from './support/axe.ts';
import {
  DECLINED_CARD,
  GOOD_CARD,
  TEST_ADDRESS,
  continueToPayment,
  expectToast,
  fillAddress,
  fillCustomer,
  openCartWith,
  openCheckoutWith,
  payWithCard,
  stockedProducts,
  storedCartItems,
  summaryValue,
} from './support/checkout.ts';
import { screenshotPage } from './support/screenshots.ts';
import { E2E_ORIGIN } from '../../playwright.config.ts';

// /checkout, its own page (issue 30): contact, shipping address, shipping method and payment beside the order
// summary (a bar that opens it on phones), tax computed by itself, a guest paying with the simulator's card at
// 390 and 1280 px, a decline and the retry, a purchase made with the keyboard alone, axe on every step.

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 900 };

/** On phones the summary is a bar that opens it; wide screens show it beside the form. */
async function openSummary(page: Page): Promise<void> {
  const toggle = page.getByRole('button', { name: /^Show order summary/ });
  if (await toggle.isVisible()) await toggle.click();
}

for (const viewport of [PHONE, DESKTOP]) {
  test(`guest at ${viewport.width} px: cart, Proceed to Checkout, contact, address, tax, shipping, simulator card, confirmation; axe on every step`, async ({
    page,
    request,
  }) => {
    await page.setViewportSize(viewport);
    const [first, second] = await stockedProducts(request, 2);
    await openCartWith(page, [
      { product: first!, quantity: 1 },
      { product: second!, quantity: 2 },
    ]);
    // the cart: its lines, the totals before tax, and the way on
    await expect(summaryValue(page, /^Tax$/)).toHaveText('Calculated at checkout');
    await expect(page.getByLabel('Order totals').getByText(/^Discount/)).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Calculate Tax' })).toHaveCount(0);
    await expectNoSeriousAxeViolations(page, `/cart at ${viewport.width}`);
    await page.getByRole('link', { name: 'Proceed to Checkout' }).click();
    await expect(page).toHaveURL(/\/checkout$/);

    // contact first, then the address, the shipping method and the payment
    const headings = page.getByRole('main').getByRole('heading', { level: 2 });
    await expect(headings).toHaveText(['Order Summary', 'Contact', 'Shipping Address', 'Shipping method', 'Payment']);
    await expect(page.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/auth?returnTo=%2Fcheckout');
    const contactBox = await page.getByRole('group', { name: 'Contact' }).boundingBox();
    const addressBox = await page.getByRole('group', { name: 'Shipping Address' }).boundingBox();
    expect(contactBox!.y).toBeLessThan(addressBox!.y);
    await expectNoSeriousAxeViolations(page, `empty /checkout at ${viewport.width}`);

    await fillCustomer(page, { name: 'Gail Guest', email: 'gail.guest@example.com' });
    await fillAddress(page);
    await expectToast(page, 'Tax calculated', /^Sales tax: \$\d+\.\d{2} \(\d+\.\d{2}%\)$/);
    const method = page.getByRole('radio', { name: /Standard shipping/ });
    await expect(method).toBeChecked();
    await openSummary(page);
    const lines = page.getByRole('list', { name: 'Items in your order' }).getByRole('listitem');
    await expect(lines).toHaveCount(2);
    await expect(lines.nth(1)).toContainText(second!.name);
    await expect(lines.nth(1)).toContainText('Quantity: 2');
    await expect(summaryValue(page, /^Estimated tax \(/)).toBeVisible();
    const subtotal = Math.round(Number(first!.price) * 100) + 2 * Math.round(Number(second!.price) * 100);
    await expect(summaryValue(page, 'Subtotal')).toHaveText(formatCents(subtotal));
    // the shipping row and the shipping choice say the same
    const shipping = (await summaryValue(page, 'Shipping').textContent())!;
    await expect(method.locator('xpath=ancestor::label')).toContainText(shipping);
    const total = (await summaryValue(page, /^Total$/).textContent())!;
    await expectNoSeriousAxeViolations(page, `filled /checkout at ${viewport.width}`);
    // one pair of screenshots (390 and 1280 px) is enough: the phone's run takes them, summary open
    if (viewport === PHONE) await screenshotPage(page, 'checkout-page-filled', async () => openSummary(page));
    await page.setViewportSize(viewport);

    await continueToPayment(page).click();
    await expect(page.getByRole('form', { name: 'Card payment' })).toBeVisible();
    await expect(page.getByText(`Amount to pay: ${total}`)).toBeVisible();
    await expectNoSeriousAxeViolations(page, `/checkout payment step at ${viewport.width}`);
    if (viewport === PHONE) await screenshotPage(page, 'checkout-page-payment');
    await page.setViewportSize(viewport);

    await payWithCard(page, GOOD_CARD);
    await expectToast(page, 'Order placed successfully!', 'Thank you for your purchase.');
    await expect(page).toHaveURL(/\/order-confirmation\?payment_intent=[\w-]+&redirect_status=succeeded$/);
    await expect(page.getByRole('heading', { name: 'Payment Successful', level: 1 })).toBeVisible();
    expect(await storedCartItems(page)).toEqual([]);
    await expectNoSeriousAxeViolations(page, `/order-confirmation at ${viewport.width}`);

    // the order the server holds: its total is the one the page showed
    const paymentIntent = new URL(page.url()).searchParams.get('payment_intent')!;
    const order = await (await request.get(`/api/orders/by-payment-intent/${paymentIntent}`)).json();
    expect(formatCents(Math.round(Number(order.total) * 100))).toBe(total);
    expect(order).toMatchObject({ customerEmail: 'gail.guest@example.com', customerName: 'Gail Guest', street: TEST_ADDRESS.street });

    // with the cart emptied, /checkout says so and leads back to the shop
    await page.goto('/checkout');
    await expect(page.getByText('Your cart is empty.')).toBeVisible();
    await expect(page.getByRole('main').getByRole('link', { name: 'Continue Shopping' })).toHaveAttribute('href', '/shop');
  });
}

test('a declined card at 390 px: the reason beside the form, then another card pays', async ({ page, request }) => {
  await page.setViewportSize(PHONE);
  const [product] = await stockedProducts(request, 1);
  await openCheckoutWith(page, [{ product: product!, quantity: 1 }]);
  await fillCustomer(page, { name: 'Dee Clined', email: 'dee@example.com' });
  await fillAddress(page);
  await expectToast(page, 'Tax calculated');
  await continueToPayment(page).click();

  await payWithCard(page, DECLINED_CARD);
  await expectToast(page, 'Payment failed', 'Your card was declined.');
  const notice = page.getByRole('alert').filter({ hasText: 'Your card was declined.' });
  await expect(notice).toContainText('Nothing was charged');
  await expect(notice).toBeFocused();
  await expect(page).toHaveURL(/\/checkout$/);
  await expectNoSeriousAxeViolations(page, '/checkout after a decline');
  await screenshotPage(page, 'checkout-page-declined');
  await page.setViewportSize(PHONE);

  await payWithCard(page, GOOD_CARD);
  await expect(page.getByRole('heading', { name: 'Payment Successful', level: 1 })).toBeVisible();
});

/** Presses Tab (Shift+Tab backwards) until `target` has the focus: how a keyboard user gets there. */
async function tabTo(page: Page, target: Locator, backwards = false): Promise<void> {
  for (let presses = 0; presses < 60; presses += 1) {
    if (await target.evaluate((element) => element === document.activeElement)) return;
    await page.keyboard.press(backwards ? 'Shift+Tab' : 'Tab');
  }
  throw new Error('the element was not reached with the Tab key');
}

test('a purchase with the keyboard alone, at 1280 px', async ({ page, request }) => {
  await page.setViewportSize(DESKTOP);
  const [product] = await stockedProducts(request, 1);
  await openCartWith(page, [{ product: product!, quantity: 1 }]);

  await tabTo(page, page.getByRole('link', { name: 'Proceed to Checkout' }));
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/checkout$/);
  await expect(page.getByRole('heading', { name: 'Shipping Address' })).toBeVisible();

  await tabTo(page, page.getByLabel('Email', { exact: true }));
  await page.keyboard.type('kai.keys@example.com');
  await page.keyboard.press('Tab');
  await expect(page.getByLabel('Full name')).toBeFocused();
  await page.keyboard.type('Kai Keys');
  await page.keyboard.press('Tab');
  await expect(page.getByLabel('Street address')).toBeFocused();
  await page.keyboard.type(TEST_ADDRESS.street);
  await page.keyboard.press('Tab');
  await page.keyboard.type(TEST_ADDRESS.city);
  await page.keyboard.press('Tab');
  await expect(page.getByLabel('State')).toBeFocused();
  // a closed <select> picks the option whose name is typed
  await page.keyboard.type('Texas');
  await expect(page.getByLabel('State')).toHaveValue('TX');
  await page.keyboard.press('Tab');
  await page.keyboard.type(TEST_ADDRESS.zip);
  await expectToast(page, 'Tax calculated');

  await tabTo(page, continueToPayment(page));
  await page.keyboard.press('Enter');
  // the payment's heading takes the focus, so the card form comes next
  await expect(page.getByRole('heading', { name: 'Payment' })).toBeFocused();
  await expect(page.getByRole('form', { name: 'Card payment' })).toBeVisible();
  await tabTo(page, page.getByLabel('Card number'));
  await page.keyboard.type(GOOD_CARD);
  await page.keyboard.press('Tab');
  await page.keyboard.type('1234');
  await page.keyboard.press('Tab');
  await page.keyboard.type('123');
  await page.keyboard.press('Enter');

  await expect(page.getByRole('heading', { name: 'Payment Successful', level: 1 })).toBeVisible();
  expect(await storedCartItems(page)).toEqual([]);
});

test('Sign in from checkout comes back to checkout with the cart, the e-mail and name filled in', async ({ page, request }) => {
  const username = `checkout${Date.now().toString(36)}`;
  const email = `${username}@example.com`;
  const registered = await request.post('/api/register', {
    data: { username, password: 'a-good-password', email, fullName: 'Sid Signin' },
    headers: { origin: E2E_ORIGIN },
  });
  expect(registered.ok(), await registered.text()).toBe(true);
  const [product] = await stockedProducts(request, 1);
  await openCheckoutWith(page, [{ product: product!, quantity: 1 }]);

  await page.getByRole('link', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/auth\?returnTo=%2Fcheckout$/);
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Password').fill('a-good-password');
  await page.getByRole('button', { name: 'Login', exact: true }).click();

  await expect(page).toHaveURL(/\/checkout$/);
  await expect(page.getByLabel('Email', { exact: true })).toHaveValue(email);
  await expect(page.getByLabel('Full name')).toHaveValue('Sid Signin');
  await expect(page.getByRole('link', { name: 'Sign in' })).toHaveCount(0);
  await expect(page.getByRole('list', { name: 'Items in your order' }).getByRole('listitem')).toContainText(product!.name);
  await expect(page.getByRole('checkbox', { name: 'Save this address to my account' })).toBeVisible();
});

test('a signed-in customer at 390 px: the default saved address fills the form, and a new one is saved to the account once paid', async ({ page, request }) => {
  await page.setViewportSize(PHONE);
  const username = `saved${Date.now().toString(36)}`;
  const registered = await page.request.post('/api/register', {
    data: { username, password: 'a-good-password', email: `${username}@example.com`, fullName: 'Ada Address' },
    headers: { origin: E2E_ORIGIN },
  });
  expect(registered.ok(), await registered.text()).toBe(true);
  const saved = await page.request.post('/api/account/addresses', {
    data: { fullName: 'Ada Address', street: '9 Kitchen Line', city: 'Denver', state: 'CO', zip: '80202', phone: '303 555 0100', isDefaultShipping: true },
    headers: { origin: E2E_ORIGIN },
  });
  expect(saved.ok(), await saved.text()).toBe(true);
  const [product] = await stockedProducts(request, 1);

  await openCheckoutWith(page, [{ product: product!, quantity: 1 }]);
  await expect(page.getByLabel('Street address')).toHaveValue('9 Kitchen Line');
  await expect(page.getByLabel('Saved addresses')).toHaveValue(String(((await saved.json()) as { address: { id: number } }).address.id));
  await expect(page.getByLabel('State')).toHaveValue('CO');
  await expect(page.getByLabel('Phone (optional)')).toHaveValue('303 555 0100');
  await expectToast(page, 'Tax calculated');
  await expectNoSeriousAxeViolations(page, '/checkout with a saved address');
  await screenshotPage(page, 'checkout-page-saved-address');
  await page.setViewportSize(PHONE);

  // a new address, saved to the account with the order
  await page.getByLabel('Saved addresses').selectOption('new');
  await fillAddress(page);
  await page.getByRole('checkbox', { name: 'Save this address to my account' }).check();
  await expectToast(page, 'Tax calculated');
  await continueToPayment(page).click();
  await payWithCard(page, GOOD_CARD);
  await expect(page.getByRole('heading', { name: 'Payment Successful', level: 1 })).toBeVisible();

  await expect
    .poll(async () =>
      ((await (await page.request.get('/api/account/addresses')).json()) as { addresses: Array<{ street: string }> }).addresses.map((a) => a.street),
    )
    .toEqual(expect.arrayContaining(['9 Kitchen Line', TEST_ADDRESS.street]));
});

/** The page's cumulative layout shift so far (shifts right after input do not count, as in Lighthouse). */
function layoutShift(page: Page): Promise<number> {
  return page.evaluate(
    () =>
      new Promise<number>((resolve) => {
        let total = 0;
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries() as Array<PerformanceEntry & { value: number; hadRecentInput: boolean }>) {
            if (!entry.hadRecentInput) total += entry.value;
          }
        }).observe({ type: 'layout-shift', buffered: true });
        setTimeout(() => resolve(total), 500);
      }),
  );
}

test('/checkout does not move as the browser swaps its placeholders for the form or the empty cart, at 390 px', async ({ page, request }) => {
  await page.setViewportSize(PHONE);
  await page.goto('/checkout');
  await expect(page.getByText('Your cart is empty.')).toBeVisible();
  expect(await layoutShift(page)).toBeLessThanOrEqual(0.02);

  const [product] = await stockedProducts(request, 1);
  await openCheckoutWith(page, [{ product: product!, quantity: 1 }]);
  expect(await layoutShift(page)).toBeLessThanOrEqual(0.02);
});
