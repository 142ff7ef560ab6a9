import { expect, test, type APIRequestContext, type Page } from './support/test.ts';
import { E2E_ORIGIN } from '../../playwright.config.ts';
import { adminApi, E2E_CUSTOMER_ADDRESS, registerShopper, runId } from './support/admin.ts';
import { expectNoSeriousAxeViolations } from './support/axe.ts';
import { createCoupon, expectToast, stockedProducts } from './support/checkout.ts';
import { screenshotPage } from './support/screenshots.ts';

// The customer's side of an order: the guest lookup, the order page from the profile, and cancelling before shipping.

async function paidOrder(request: APIRequestContext, order: { productId: number; email: string; couponCode?: string }): Promise<string> {
  const headers = { origin: E2E_ORIGIN };
  const created = await request.post('/api/create-payment-intent', {
    headers,
    data: {
      customerName: 'Olive Order',
      customerEmail: order.email,
      phone: '512-555-0100',
      shippingAddress: E2E_CUSTOMER_ADDRESS,
      items: [{ productId: order.productId, quantity: 1 }],
      ...(order.couponCode && { couponCode: order.couponCode }),
    },
  });
  expect(created.ok(), await created.text()).toBe(true);
  const { paymentIntentId } = (await created.json()) as { paymentIntentId: string };
  const confirmed = await request.post('/api/payments/simulated/confirm', {
    headers,
    data: { paymentIntentId, card: { number: '4242424242424242', expMonth: 12, expYear: 2034, cvc: '123' } },
  });
  expect(confirmed.ok(), await confirmed.text()).toBe(true);
  const order_ = (await (await request.get(`/api/orders/by-payment-intent/${paymentIntentId}`)).json()) as { orderNumber: string };
  return order_.orderNumber;
}

const stockOf = async (request: APIRequestContext, productId: number) =>
  ((await (await request.get(`/api/products/${productId}`)).json()) as { stock: number }).stock;

async function expectOrderPage(page: Page, orderNumber: string, productName: string) {
  await expect(page.getByRole('heading', { level: 1, name: `Order #${orderNumber}` })).toBeVisible();
  await expect(page.getByRole('list', { name: 'Items' }).getByText(productName)).toBeVisible();
  await expect(page.getByText('Visa ending in 4242')).toBeVisible();
  await expect(page.getByText(E2E_CUSTOMER_ADDRESS.street)).toBeVisible();
  await expect(page.getByText('Payment received')).toBeVisible();
}

test('a guest finds an order by number and e-mail, and opens it from the signed link', async ({ page, request }) => {
  const [product] = await stockedProducts(request, 1);
  const email = `guest-${runId()}@example.com`;
  const orderNumber = await paidOrder(request, { productId: product!.id, email });

  await page.goto('/order-lookup');
  await expect(page.getByRole('heading', { level: 1, name: 'Find your order' })).toBeVisible();
  await expectNoSeriousAxeViolations(page, '/order-lookup');
  await screenshotPage(page, 'order-lookup');

  await page.getByLabel('Order number').fill(orderNumber.toLowerCase());
  await page.getByLabel('Email').fill('not-the-buyer@example.com');
  await page.getByRole('button', { name: 'Find order' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'We could not find an order with that number and e-mail address' })).toBeVisible();

  await page.getByLabel('Email').fill(email.toUpperCase());
  await page.getByRole('button', { name: 'Find order' }).click();
  await expect(page.getByText(`We found order #${orderNumber}.`)).toBeVisible();
  await screenshotPage(page, 'order-lookup-found');
  await page.getByRole('link', { name: `View order #${orderNumber}` }).click();
  await expect(page).toHaveURL(new RegExp(`/orders/${orderNumber}\\?key=`));
  await expectOrderPage(page, orderNumber, product!.name);
  await expect(page.getByRole('button', { name: 'Cancel order' })).toBeVisible();
  await expectNoSeriousAxeViolations(page, '/orders/<number> (guest)');
  await screenshotPage(page, 'order-page-guest');

  // the same link, changed by a character, opens nothing
  const url = new URL(page.url());
  const key = url.searchParams.get('key')!;
  await page.goto(`/orders/${orderNumber}?key=${encodeURIComponent(`${key.slice(0, -1)}${key.endsWith('A') ? 'B' : 'A'}`)}`);
  await expect(page.getByRole('heading', { level: 1, name: 'This order link is not valid' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Look up an order' })).toBeVisible();
  await expectNoSeriousAxeViolations(page, '/orders/<number> tampered');
  await screenshotPage(page, 'order-page-tampered');

  // without a link or a session: sign in, or look it up
  await page.goto(`/orders/${orderNumber}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Sign in to see this order' })).toBeVisible();
});

test('a customer opens an order from the profile and cancels it before shipping: stock and coupon come back', async ({ page, request, baseURL }) => {
  const [, , , product] = await stockedProducts(request, 4);
  const username = `orders${runId()}`;
  const email = `${username}@example.com`;
  await registerShopper(page.request, { username, password: 'a-good-password', email });
  const code = await createCoupon(baseURL!, { type: 'fixed', amount: '5.00', usageLimit: 10 });
  const admin = await adminApi(baseURL!);
  const couponUses = async () =>
    ((await (await admin.get('/api/coupons')).json()) as Array<{ code: string; timesUsed: number }>).find((c) => c.code === code)!.timesUsed;
  try {
    const stockBefore = await stockOf(request, product!.id);
    const orderNumber = await paidOrder(page.request, { productId: product!.id, email, couponCode: code });
    expect(await stockOf(request, product!.id)).toBe(stockBefore - 1);
    expect(await couponUses()).toBe(1);

    await page.goto('/profile');
    // the profile reads the order's status in the same words as the order's own page
    const row = page.getByRole('row').filter({ has: page.getByRole('link', { name: `#${orderNumber}` }) });
    await expect(row.getByRole('cell').nth(1)).toHaveText('Being prepared');
    await page.getByRole('link', { name: `#${orderNumber}` }).click();
    await expect(page).toHaveURL(new RegExp(`/orders/${orderNumber}$`));
    await expectOrderPage(page, orderNumber, product!.name);
    await expect(page.getByText('Being prepared', { exact: true }).first()).toBeVisible();
    await expect(page.getByText(`Discount (${code})`)).toBeVisible();
    await expectNoSeriousAxeViolations(page, '/orders/<number> (signed in)');
    await screenshotPage(page, 'order-page-customer');

    await page.getByRole('button', { name: 'Cancel order' }).click();
    const dialog = page.getByRole('dialog', { name: `Cancel order #${orderNumber}?` });
    await expect(dialog).toBeVisible();
    await expectNoSeriousAxeViolations(page, 'cancel dialog');
    await dialog.getByRole('button', { name: 'Yes, cancel order' }).click();
    await expectToast(page, 'Order cancelled');
    await expect(page.getByText('Cancelled and refunded', { exact: true })).toBeVisible();
    await expect(page.getByText('Order cancelled', { exact: true }).last()).toBeVisible();
    await expect(page.getByText('Refunded to your card', { exact: true })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Cancel order' })).toHaveCount(0);
    await screenshotPage(page, 'order-page-cancelled');

    expect(await stockOf(request, product!.id)).toBe(stockBefore);
    expect(await couponUses()).toBe(0);

    // pressing again through the API changes nothing
    const again = await page.request.post(`/api/orders/number/${orderNumber}/cancel`, { headers: { origin: E2E_ORIGIN }, data: {} });
    expect(again.ok()).toBe(true);
    expect(await stockOf(request, product!.id)).toBe(stockBefore);
  } finally {
    await admin.dispose();
  }
});
