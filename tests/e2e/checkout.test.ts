import { expect, test, type Page } from './support/test.ts';
import { formatCents } from '#common/money.ts';
import type { Product } from '#common/schemas/catalog.ts';
import { expectNoSeriousAxeViolations } from './support/axe.ts';
import {
  DECLINED_CARD,
  GOOD_CARD,
  TEST_ADDRESS,
  createCoupon,
  expectToast,
  fillAddress,
  fillCustomer,
  continueToPayment,
  openCheckoutWith,
  payWithCard,
  storedCartItems,
  stockedProducts,
  summaryValue,
} from './support/checkout.ts';
import { screenshotPage } from './support/screenshots.ts';
import { E2E_ORIGIN } from '../../playwright.config.ts';

// /checkout and /order-confirmation: a guest and a signed-in shopper each fill a cart, get tax, use a
// coupon, pay with the simulator's test card and see their order.

interface Expected {
  subtotal: number;
  discount: number;
  shipping: number;
  tax: number;
  total: number;
}

/** "12.50" -> 1250 */
const cents = (decimal: string) => Math.round(Number(decimal) * 100);

/**
 * What the page must show, worked out here from the prices, the coupon and the shipping settings by the spec's
 * rules in plain cents (not with the page's own totals function, which a bug would then pass), with the server's
 * tax for this cart and address.
 */
async function expectedTotals(
  page: Page,
  items: Array<{ product: Product; quantity: number }>,
  coupon: { code: string; type: 'percentage' | 'fixed'; amount: string } | null,
): Promise<Expected> {
  const settings = await (await page.request.get('/api/site-settings')).json();
  const tax = await page.request.post('/api/tax/calculate', {
    // signed in, the page's context sends its session cookie: name our origin as the page's own fetch does
    headers: { origin: E2E_ORIGIN },
    data: {
      toAddress: { ...TEST_ADDRESS, country: 'US' },
      lineItems: items.map((item) => ({ id: item.product.id, quantity: item.quantity })),
      couponCode: coupon?.code ?? null,
    },
  });
  expect(tax.ok()).toBe(true);
  const { amountCents } = (await tax.json()) as { amountCents: number };
  const subtotal = items.reduce((sum, item) => sum + cents(item.product.price) * item.quantity, 0);
  // percentage: subtotal x amount / 100 to the cent; fixed: the lesser of amount and subtotal
  const discount = !coupon ? 0 : coupon.type === 'percentage' ? Math.round((subtotal * Number(coupon.amount)) / 100) : Math.min(cents(coupon.amount), subtotal);
  // free at or above the threshold, or when either setting is missing
  const { shippingCost, freeShippingThreshold } = settings as { shippingCost: string | null; freeShippingThreshold: string | null };
  const shipping = shippingCost === null || freeShippingThreshold === null || subtotal >= cents(freeShippingThreshold) ? 0 : cents(shippingCost);
  return { subtotal, discount, shipping, tax: amountCents, total: Math.max(0, subtotal - discount + shipping + amountCents) };
}

async function checkOut(
  page: Page,
  options: {
    items: Array<{ product: Product; quantity: number }>;
    coupon: { type: 'percentage' | 'fixed'; amount: string; text: string };
    screenshots?: string;
  },
) {
  const baseURL = new URL(page.url()).origin;
  const code = await createCoupon(baseURL, options.coupon);

  // tax computes by itself once the address is whole
  await fillAddress(page);
  await expectToast(page, 'Tax calculated', /^Sales tax: \$\d+\.\d{2} \(\d+\.\d{2}%\)$/);
  await expect(summaryValue(page, /^Estimated tax \(\d+\.\d{2}%\)$/)).toBeVisible();

  await page.getByLabel('Coupon code').fill(code.toLowerCase());
  await page.getByRole('button', { name: 'Apply' }).click();
  await expectToast(page, 'Coupon applied successfully!', options.coupon.text);
  // the box hides; the coupon can be taken off again
  await expect(page.getByLabel('Coupon code')).toHaveCount(0);
  await expect(page.getByRole('button', { name: `Remove coupon ${code}` })).toBeVisible();

  const expected = await expectedTotals(page, options.items, { code, type: options.coupon.type, amount: options.coupon.amount });
  await expect(summaryValue(page, 'Subtotal')).toHaveText(formatCents(expected.subtotal));
  await expect(summaryValue(page, `Discount (${code})`)).toHaveText(`-${formatCents(expected.discount)}`);
  await expect(summaryValue(page, 'Shipping')).toHaveText(expected.shipping === 0 ? 'Free' : formatCents(expected.shipping));
  // the tax is recomputed for the discounted order without a second toast
  await expect(summaryValue(page, /^Estimated tax \(/)).toHaveText(formatCents(expected.tax));
  await expect(summaryValue(page, /^Total$/)).toHaveText(formatCents(expected.total));

  if (options.screenshots) {
    await expectNoSeriousAxeViolations(page, '/checkout with items');
    await screenshotPage(page, `${options.screenshots}-checkout`);
  }

  await continueToPayment(page).click();
  const payment = page.getByRole('form', { name: 'Card payment' });
  await expect(payment).toBeVisible();
  await expect(page.getByText(`Amount to pay: ${formatCents(expected.total)}`)).toBeVisible();
  await expect(page.getByText('4242 4242 4242 4242', { exact: true })).toBeVisible();
  if (options.screenshots) {
    await expectNoSeriousAxeViolations(page, '/checkout payment step');
    await screenshotPage(page, `${options.screenshots}-payment`);
  }

  await payWithCard(page, GOOD_CARD);
  await expectToast(page, 'Order placed successfully!', 'Thank you for your purchase.');
  await expect(page).toHaveURL(/\/order-confirmation\?payment_intent=[\w-]+&redirect_status=succeeded$/);
  await expect(page.getByRole('heading', { name: 'Payment Successful', level: 1 })).toBeVisible();
  const orderHeading = page.getByRole('heading', { name: /^Order #PB-[2-9A-Z]{6}$/ });
  await expect(orderHeading).toBeVisible();
  await expect(page.getByText('Paid', { exact: true })).toBeVisible();
  for (const item of options.items) await expect(page.getByText(item.product.name)).toBeVisible();
  await expect(page.getByText(TEST_ADDRESS.street)).toBeVisible();
  await expect(
    page
      .getByRole('definition')
      .filter({ hasText: formatCents(expected.total) })
      .last(),
  ).toBeVisible();
  await expect(page.getByRole('link', { name: 'Continue Shopping' })).toHaveAttribute('href', '/shop');
  await expect(page.getByRole('link', { name: 'Home', exact: true }).last()).toHaveAttribute('href', '/');
  expect(await storedCartItems(page)).toEqual([]);
  if (options.screenshots) {
    await expectNoSeriousAxeViolations(page, '/order-confirmation');
    await screenshotPage(page, `${options.screenshots}-confirmation`);
  }
  const orderNumber = (await orderHeading.textContent())!.replace('Order #', '');
  const paymentIntent = new URL(page.url()).searchParams.get('payment_intent')!;
  return { orderNumber, expected, paymentIntent, code };
}

test('guest: cart, address, tax, percentage coupon, card payment, "Payment Successful" with the order', async ({ page, request }) => {
  const [first, second] = await stockedProducts(request, 2);
  const items = [
    { product: first!, quantity: 2 },
    { product: second!, quantity: 1 },
  ];
  await openCheckoutWith(page, items);
  await expect(page.getByLabel('Country')).toHaveValue('US');
  await expect(page.getByLabel('Country')).toHaveAttribute('readonly', '');
  // 50 states plus DC, and the "Select a state" prompt
  await expect(page.getByLabel('State').locator('option')).toHaveCount(52);
  await expect(page.getByLabel('Full name')).toHaveValue('');

  await fillCustomer(page, { name: 'Gail Guest', email: 'gail.guest@example.com', phone: '512-555-0100' });
  const { paymentIntent, orderNumber, expected } = await checkOut(page, {
    items,
    coupon: { type: 'percentage', amount: '10', text: '10% off your order' },
    screenshots: 'checkout-guest',
  });

  // the server's own record: the order is paid with these figures
  const order = await (await request.get(`/api/orders/by-payment-intent/${paymentIntent}`)).json();
  expect(order.orderNumber).toBe(orderNumber);
  expect(order.paymentStatus).toBe('succeeded');
  expect(Math.round(Number(order.total) * 100)).toBe(expected.total);
  expect(order.customerEmail).toBe('gail.guest@example.com');
  expect(order.phone).toBe('512-555-0100');

  // with the payment intent alone the page asks the server first: paid means "Payment Successful"
  await page.goto(`/order-confirmation?payment_intent=${paymentIntent}`);
  await expect(page.getByRole('heading', { name: 'Payment Successful', level: 1 })).toBeVisible();
  await expect(page.getByRole('heading', { name: `Order #${orderNumber}` })).toBeVisible();
});

test('signed-in shopper: prefilled details, fixed coupon, payment, the order in /profile', async ({ page, request }) => {
  const username = `shopper${Date.now().toString(36)}`;
  const email = `${username}@example.com`;
  const fullName = 'Sam Dinkmore';
  const registered = await page.request.post('/api/register', {
    data: { username, password: 'a-good-password', email, fullName },
    headers: { origin: E2E_ORIGIN },
  });
  expect(registered.ok(), await registered.text()).toBe(true);

  const [, , third] = await stockedProducts(request, 3);
  const items = [{ product: third!, quantity: 1 }];
  await openCheckoutWith(page, items);
  // Prefilled from the signed-in user: the saved full name, never the username
  await expect(page.getByLabel('Full name')).toHaveValue(fullName);
  await expect(page.getByLabel('Email', { exact: true })).toHaveValue(email);

  const { orderNumber, expected } = await checkOut(page, {
    items,
    coupon: { type: 'fixed', amount: '5.00', text: '$5.00 off your order' },
    screenshots: 'checkout-signed-in',
  });

  await page
    .getByRole('link', { name: /profile/i })
    .first()
    .click();
  await expect(page).toHaveURL(/\/profile$/);
  const row = page.getByRole('row').filter({ hasText: `#${orderNumber}` });
  await expect(row).toBeVisible();
  await expect(row.getByText(formatCents(expected.total))).toBeVisible();
});

test('a declined card shows "Payment failed" beside the form, which stays; the next card pays a fresh payment', async ({ page, request }) => {
  const [product] = await stockedProducts(request, 1);
  await openCheckoutWith(page, [{ product: product!, quantity: 1 }]);
  await fillAddress(page);
  await expectToast(page, 'Tax calculated');
  await fillCustomer(page, { name: 'Dee Clined', email: 'dee@example.com' });
  await continueToPayment(page).click();

  const declined = page.waitForResponse((response) => response.url().endsWith('/api/payments/simulated/confirm'));
  await payWithCard(page, DECLINED_CARD);
  const closedPaymentId = (await (await declined).request().postDataJSON()).paymentIntentId as string;
  await expectToast(page, 'Payment failed', 'Your card was declined.');
  await expect(page).toHaveURL(/\/checkout$/);
  // the declined payment is closed on the server; the page has a new one ready for the next card
  const notice = page.getByRole('alert').filter({ hasText: 'Your card was declined.' });
  await expect(notice).toContainText('Nothing was charged');
  await expect(notice).toBeFocused();
  const closed = await request.get(`/api/check-payment-status/${closedPaymentId}`);
  expect(await closed.json()).toMatchObject({ success: false, paymentStatus: 'failed' });
  const form = page.getByRole('form', { name: 'Card payment' });
  await expect(form.getByLabel('Card number')).toHaveValue(DECLINED_CARD);
  await expect(form.getByLabel('Expiry (MM/YY)')).toHaveValue('12/34');
  await expect(form.getByRole('button', { name: 'Pay Now' })).toBeEnabled();
  expect(await storedCartItems(page)).toHaveLength(1);
  await screenshotPage(page, 'checkout-declined');

  // the simulator refuses a number failing the Luhn check: the provider's message in the same toast
  await payWithCard(page, '4242 4242 4242 4241');
  await expectToast(page, 'Payment failed', 'Your card number is incorrect.');

  await payWithCard(page, GOOD_CARD);
  await expect(page.getByRole('heading', { name: 'Payment Successful', level: 1 })).toBeVisible();
});
