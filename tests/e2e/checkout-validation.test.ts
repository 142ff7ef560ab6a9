import { expect, test } from './support/test.ts';
import { formatCents } from '#common/money.ts';
import { expectNoSeriousAxeViolations } from './support/axe.ts';
import {
  TEST_ADDRESS,
  changeAfterCartReread,
  continueToPayment,
  expectToast,
  fillAddress,
  fillCustomer,
  openCheckoutWith,
  stockedProducts,
  storedCartItems,
  summaryValue,
} from './support/checkout.ts';
import { screenshotPage } from './support/screenshots.ts';
import { CART_KEY, findProduct, storedCart } from './support/shop-data.ts';

// Every checkout validation and error text, letter for letter; confirmation outcomes.

test.describe('checkout page checks', () => {
  test.beforeEach(async ({ page, request }) => {
    const [product] = await stockedProducts(request, 1);
    await openCheckoutWith(page, [{ product: product!, quantity: 1 }]);
  });

  test('tax waits for the whole address, with no button to ask for it', async ({ page }) => {
    await expect(page.getByRole('button', { name: 'Calculate Tax' })).toHaveCount(0);
    const taxRequests: string[] = [];
    page.on('request', (request) => {
      if (request.url().endsWith('/api/tax/calculate')) taxRequests.push(request.url());
    });
    await page.getByLabel('Street address').fill(TEST_ADDRESS.street);
    await page.getByLabel('City').fill(TEST_ADDRESS.city);
    await page.getByLabel('State').selectOption(TEST_ADDRESS.state);
    await page.getByLabel('ZIP code').fill('7870');
    // well past the typing pause: an unfinished ZIP code is not sent
    await page.waitForTimeout(800);
    expect(taxRequests).toEqual([]);
    await expect(summaryValue(page, /^Tax$/)).toHaveText('Not calculated yet');
    await page.getByLabel('ZIP code').fill(TEST_ADDRESS.zip);
    await expectToast(page, 'Tax calculated');
    expect(taxRequests).toHaveLength(1);
  });

  test('Continue to Payment checks the address, then the name, then the e-mail', async ({ page }) => {
    const proceed = continueToPayment(page);
    await proceed.click();
    await expectToast(page, 'Please complete shipping address', 'All address fields are required to proceed to checkout.');
    // the first missing field takes the focus and every empty one says so
    await expect(page.getByLabel('Street address')).toBeFocused();
    await expect(page.getByLabel('Street address')).toHaveAttribute('aria-invalid', 'true');
    await screenshotPage(page, 'checkout-validation');

    await fillAddress(page);
    await expectToast(page, 'Tax calculated');
    await page.getByLabel('Full name').fill('   ');
    await proceed.click();
    await expectToast(page, 'Customer name required', 'Please enter your full name to proceed.');
    await expect(page.getByLabel('Full name')).toBeFocused();

    for (const email of ['', 'pat', 'pat@example', 'pat@example.', 'pat @example.com']) {
      await fillCustomer(page, { name: 'Pat Player', email });
      await proceed.click();
      await expectToast(page, 'Valid email required', 'Please enter a valid email address to receive order confirmations.');
      // the toast, and the field marked beside it
      await expect(page.getByLabel('Email', { exact: true })).toHaveAttribute('aria-invalid', 'true');
    }
    await expect(page.getByRole('form', { name: 'Card payment' })).toHaveCount(0);

    await fillCustomer(page, { name: 'Pat Player', email: 'pat@example.com' });
    await proceed.click();
    await expect(page.getByRole('form', { name: 'Card payment' })).toBeVisible();
    // a change to the order after the payment was created needs a new payment
    await page.getByLabel('Phone (optional)').fill('555-0100');
    await expect(page.getByRole('form', { name: 'Card payment' })).toHaveCount(0);
    await expect(proceed).toBeVisible();
  });

  test('coupon: Apply disabled when empty or validating; an invalid code is refused and cleared', async ({ page }) => {
    const apply = page.getByRole('button', { name: 'Apply' });
    const input = page.getByLabel('Coupon code');
    await expect(apply).toBeDisabled();
    await input.fill('   ');
    await expect(apply).toBeDisabled();

    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/validate-coupon', async (route) => {
      await held;
      await route.continue();
    });
    await input.fill('NO-SUCH-CODE');
    await expect(apply).toBeEnabled();
    await apply.click();
    await expect(page.getByRole('button', { name: 'Applying...' })).toBeDisabled();
    release();
    await expectToast(page, 'Invalid coupon', 'Invalid coupon code');
    await expect(input).toHaveValue('');
    // no discount row without a coupon
    await expect(page.getByLabel('Order totals').getByText(/^Discount/)).toHaveCount(0);
  });

  test('tax: errors, the default rate, and an address change clearing the result', async ({ page }) => {
    await fillAddress(page);
    await expectToast(page, 'Tax calculated');

    // the server says the precise rate could not be had
    await page.route('**/api/tax/calculate', async (route) => {
      const response = await route.fetch();
      const body = await response.json();
      await route.fulfill({ response, json: { ...body, amount: 5.5, amountCents: 550, rate: 0.05, fallback: true } });
    });
    await page.getByLabel('ZIP code').fill('78702');
    await expectToast(page, 'Using default tax rate', /default rate of 5\.00% applies/);
    await expect(summaryValue(page, /^Tax \(5\.00%\)$/)).toHaveText('$5.50');

    // any address change clears the result (an unfinished ZIP code is not sent by itself)
    await page.getByLabel('ZIP code').fill('7870');
    await expect(summaryValue(page, /^Tax$/)).toHaveText('Not calculated yet');

    await page.unroute('**/api/tax/calculate');
    await page.route('**/api/tax/calculate', (route) =>
      route.fulfill({ status: 502, contentType: 'application/json', body: JSON.stringify({ message: 'The tax service is unavailable' }) }),
    );
    await page.getByLabel('ZIP code').fill(TEST_ADDRESS.zip);
    await expectToast(page, 'Tax calculation failed', 'The tax service is unavailable');
    await expect(summaryValue(page, /^Tax$/)).toHaveText('Not calculated yet');
  });
});

test('payment creation errors: stock conflict named in "Error initializing payment"', async ({ page, request }) => {
  const scarce = await findProduct(request, (product) => product.stock > 0 && product.stock < 10, 'product with little stock');
  // sold down between the cart's re-read and the payment
  const asThePageSawIt = { ...scarce, stock: scarce.stock + 5 };
  await changeAfterCartReread(page, [asThePageSawIt]);
  await openCheckoutWith(page, [{ product: asThePageSawIt, quantity: scarce.stock + 5 }]);
  await fillAddress(page);
  await expectToast(page, 'Tax calculated');
  await fillCustomer(page, { name: 'Pat Player', email: 'pat@example.com' });
  await continueToPayment(page).click();
  await expectToast(page, 'Error initializing payment', `Only ${scarce.stock} left of ${scarce.name}`);
  await expect(page.getByRole('form', { name: 'Card payment' })).toHaveCount(0);
});

test('the server amount is the one charged when the page computed another', async ({ page, request }) => {
  const [product] = await stockedProducts(request, 1);
  // the price changed after the cart's re-read
  const asThePageSawIt = { ...product!, price: '1.00' };
  await changeAfterCartReread(page, [asThePageSawIt]);
  await openCheckoutWith(page, [{ product: asThePageSawIt, quantity: 1 }]);
  await fillAddress(page);
  await expectToast(page, 'Tax calculated');
  await fillCustomer(page, { name: 'Pat Player', email: 'pat@example.com' });
  // listen before clicking: the answer can arrive before the click's promise settles
  const created = page.waitForResponse('**/api/create-payment-intent');
  await continueToPayment(page).click();
  const { amount } = await (await created).json();
  await expect(page.getByText(`Amount to pay: ${formatCents(amount)}`)).toBeVisible();
  await expect(page.getByText(`The shop's total for your order is ${formatCents(amount)}`)).toBeVisible();
  // no card form until the shopper accepts the amount they have now seen
  await expect(page.getByRole('form', { name: 'Card payment' })).toHaveCount(0);
  await page.getByRole('button', { name: `Continue with ${formatCents(amount)}` }).click();
  await expect(page.getByRole('form', { name: 'Card payment' })).toBeVisible();
});

test('payment form messages: Stripe.js only in Stripe mode, failures inline', async ({ page, request }) => {
  const stripeRequests: string[] = [];
  page.on('request', (req) => {
    if (req.url().includes('stripe.com')) stripeRequests.push(req.url());
  });
  const [product] = await stockedProducts(request, 1);
  await openCheckoutWith(page, [{ product: product!, quantity: 1 }]);
  await fillAddress(page);
  await expect(summaryValue(page, /^Estimated tax \(/)).toBeVisible();
  await fillCustomer(page, { name: 'Pat Player', email: 'pat@example.com' });
  await continueToPayment(page).click();
  await expect(page.getByRole('form', { name: 'Card payment' })).toBeVisible();
  expect(stripeRequests, 'the simulator never loads Stripe.js').toEqual([]);

  // Stripe mode without a publishable key
  await page.route('**/api/config', async (route) => {
    const response = await route.fetch();
    await route.fulfill({ response, json: { ...(await response.json()), paymentProvider: 'stripe', stripePublishableKey: null } });
  });
  await page.reload();
  await fillAddress(page);
  await expect(summaryValue(page, /^Estimated tax \(/)).toBeVisible();
  await fillCustomer(page, { name: 'Pat Player', email: 'pat@example.com' });
  await continueToPayment(page).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Failed to initialize payment form: ' })).toHaveText(
    'Failed to initialize payment form: the Stripe publishable key is not configured',
  );

  // Stripe mode where Stripe.js cannot be fetched: the card form says so (the wallet buttons at the top of
  // /checkout ask Stripe.js for themselves as the page opens in Stripe mode, so it is not asked for only now)
  await page.unroute('**/api/config');
  await page.route('**/api/config', async (route) => {
    const response = await route.fetch();
    await route.fulfill({ response, json: { ...(await response.json()), paymentProvider: 'stripe', stripePublishableKey: 'pk_test_e2e' } });
  });
  await page.route('https://js.stripe.com/**', (route) => route.abort());
  await page.reload();
  await fillAddress(page);
  await expect(summaryValue(page, /^Estimated tax \(/)).toBeVisible();
  await fillCustomer(page, { name: 'Pat Player', email: 'pat@example.com' });
  await continueToPayment(page).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Failed to initialize payment form: ' })).toBeVisible();
  expect(stripeRequests.some((url) => url.startsWith('https://js.stripe.com/'))).toBe(true);

  // no payment information at all
  await page.route('**/api/create-payment-intent', async (route) => {
    const response = await route.fetch();
    await route.fulfill({ response, json: { ...(await response.json()), clientSecret: '' } });
  });
  await page.getByLabel('Phone (optional)').fill('555-0100');
  await continueToPayment(page).click();
  await expect(page.getByRole('alert').filter({ hasText: 'No payment information provided' })).toBeVisible();
});

test('the home page loads no checkout code and no Stripe.js', async ({ page }) => {
  const scripts: string[] = [];
  page.on('request', (req) => {
    if (req.resourceType() === 'script') scripts.push(req.url());
  });
  await page.goto('/');
  await page.waitForLoadState('networkidle');
  expect(scripts.length).toBeGreaterThan(0);
  expect(scripts.filter((url) => /checkout|confirmation|card-form|stripe/i.test(url))).toEqual([]);
});

test.describe('order confirmation outcomes', () => {
  async function withCart(page: import('@playwright/test').Page, request: import('@playwright/test').APIRequestContext) {
    const [product] = await stockedProducts(request, 1);
    await page.goto('/policies');
    await page.evaluate(([key, value]) => localStorage.setItem(key, value), [CART_KEY, storedCart([{ product: product!, quantity: 1 }])] as const);
  }

  test('loading, then success from redirect_status with an order that cannot be loaded', async ({ page, request }) => {
    await withCart(page, request);
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/check-payment-status/**', async (route) => {
      await held;
      await route.continue();
    });
    await page.goto('/order-confirmation?payment_intent=pi_not_ours_123&redirect_status=succeeded');
    await expect(page.getByText('Checking your payment...')).toBeVisible();
    expect(await storedCartItems(page)).toHaveLength(1);
    release();
    await expect(page.getByRole('heading', { name: 'Payment Successful', level: 1 })).toBeVisible();
    await expect(page.getByText('Order details could not be loaded. Your order has still been processed.')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Continue Shopping' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Home', exact: true })).toBeVisible();
    expect(await storedCartItems(page)).toEqual([]);
    await expectNoSeriousAxeViolations(page, '/order-confirmation success');
  });

  test('redirect_status succeeded without a payment intent is a success', async ({ page, request }) => {
    await withCart(page, request);
    await page.goto('/order-confirmation?redirect_status=succeeded');
    await expect(page.getByRole('heading', { name: 'Payment Successful', level: 1 })).toBeVisible();
    expect(await storedCartItems(page)).toEqual([]);
  });

  for (const status of ['failed', 'canceled']) {
    test(`redirect_status ${status} is "Payment Failed"`, async ({ page, request }) => {
      await withCart(page, request);
      await page.goto(`/order-confirmation?payment_intent=pi_not_ours_456&redirect_status=${status}`);
      await expect(page.getByRole('heading', { name: 'Payment Failed', level: 1 })).toBeVisible();
      await expect(page.getByText("We couldn't process your payment. Please try again.")).toBeVisible();
      await expect(page.getByRole('link', { name: 'Return to Cart' })).toHaveAttribute('href', '/cart');
      await expect(page.getByRole('link', { name: 'Contact Support' })).toHaveAttribute('href', '/contact');
      expect(await storedCartItems(page)).toHaveLength(1);
      if (status === 'failed') {
        await expectNoSeriousAxeViolations(page, '/order-confirmation failed');
        await screenshotPage(page, 'order-confirmation-failed');
      }
    });
  }

  test('a payment intent without a redirect status is "Order Received"', async ({ page, request }) => {
    await withCart(page, request);
    await page.goto('/order-confirmation?payment_intent=pi_not_ours_789');
    await expect(page.getByRole('heading', { name: 'Order Received', level: 1 })).toBeVisible();
    await expect(page.getByText('Order details could not be loaded. Your order has still been processed.')).toBeVisible();
  });

  test('neither parameter is "Payment Status Unknown"', async ({ page }) => {
    await page.goto('/order-confirmation');
    await expect(page.getByRole('heading', { name: 'Payment Status Unknown', level: 1 })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Home', exact: true })).toHaveAttribute('href', '/');
    await expect(page.getByRole('link', { name: 'Contact Us' })).toHaveAttribute('href', '/contact');
    await expectNoSeriousAxeViolations(page, '/order-confirmation unknown');
    await screenshotPage(page, 'order-confirmation-unknown');
  });
});
