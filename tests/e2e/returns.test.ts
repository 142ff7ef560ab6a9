import { expect, test, type APIRequestContext, waitsForApp } from './support/test.ts';
import type { AdminOrderDetail } from '#common/schemas/order-refunds.ts';
import { adminApi, expectToast, openAdminTab, placePaidOrderAs, registerShopper, runId, screenshotAdminPage, signInAsAdmin } from './support/admin.ts';
import { expectNoSeriousAxeViolations } from './support/axe.ts';
import { stockedProducts } from './support/checkout.ts';
import { screenshotPage } from './support/screenshots.ts';

// The "test drive": a customer opens a delivered order from the profile and asks to return it; the
// owner approves with instructions, marks it received with restock, and refunds part of it.

const CONDITIONS = 'Paddle test drive: play it, return it within 30 days for store credit or a refund minus a fee.';
const stockOf = async (request: APIRequestContext, productId: number) =>
  ((await (await request.get(`/api/products/${productId}`)).json()) as { stock: number }).stock;

test('a customer requests a return from the profile; the owner approves, receives with restock and refunds part', async ({
  page,
  browser,
  request,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const [product] = await stockedProducts(request, 1);
  const admin = await adminApi(baseURL!);
  const customer = waitsForApp(await browser.newPage());
  try {
    // the owner sets the test drive in the Policies tab
    await signInAsAdmin(page);
    await openAdminTab(page, 'policies');
    await page.getByLabel('Return window (days after delivery)').fill('30');
    await page.getByLabel('Return conditions').fill(CONDITIONS);
    await page.getByRole('button', { name: 'Save return policy' }).click();
    await expectToast(page, 'Return policy updated');
    const username = `returns${runId()}`;
    await registerShopper(customer.request, { username, password: 'a-good-password', email: `${username}@example.com` });
    const orderId = await placePaidOrderAs(customer.request, { productId: product!.id, customerName: 'Tess Drive', customerEmail: `${username}@example.com` });
    expect((await admin.patch(`/api/orders/${orderId}/status`, { data: { status: 'shipped' } })).ok()).toBe(true);
    expect((await admin.patch(`/api/orders/${orderId}/status`, { data: { status: 'delivered' } })).ok()).toBe(true);
    const { order } = (await (await admin.get(`/api/orders/${orderId}`)).json()) as AdminOrderDetail;
    const line = order.items[0]!;

    // the terms show below add to cart
    await customer.goto(`/products/${product!.id}`);
    await expect(customer.getByTestId('return-terms').getByText(CONDITIONS)).toBeVisible();
    await screenshotPage(customer, 'product-page-return-terms');
    await customer.goto('/policies');
    await expect(customer.getByRole('heading', { level: 2, name: 'Returns', exact: true })).toBeVisible();
    await expect(customer.getByText(CONDITIONS)).toBeVisible();

    // the customer: profile -> order -> request a return
    await customer.goto('/profile');
    await customer.getByRole('link', { name: `#${order.orderNumber}` }).click();
    await expect(customer.getByRole('heading', { level: 1, name: `Order #${order.orderNumber}` })).toBeVisible();
    await expect(customer.getByText(/You can ask for a return until/)).toBeVisible();
    await customer.getByRole('button', { name: 'Request a return' }).click();
    const dialog = customer.getByRole('dialog', { name: `Return items from order #${order.orderNumber}` });
    await expect(dialog).toBeVisible();
    // the one unit bought is chosen already (issue 34); with none chosen, the dialog says what is missing
    await expect(dialog.getByLabel(line.productName)).toHaveValue('1');
    await dialog.getByLabel(line.productName).selectOption('0');
    await dialog.getByRole('button', { name: 'Request return' }).click();
    await expect(dialog.getByRole('alert')).toHaveText('Choose at least one item to return.');
    await dialog.getByLabel(line.productName).selectOption('1');
    await dialog.getByLabel('Reason').fill('Too head-heavy for my game');
    await expectNoSeriousAxeViolations(customer, 'return request dialog');
    await screenshotPage(customer, 'return-request-dialog');
    await dialog.getByRole('button', { name: 'Request return' }).click();
    await expectToast(customer, 'Return requested');
    await expect(customer.getByTestId('customer-return').getByText(/Requested: we will e-mail you instructions/)).toBeVisible();
    await expect(customer.getByText('Return requested', { exact: true }).last()).toBeVisible();
    await expect(customer.getByRole('button', { name: 'Request a return' })).toHaveCount(0);
    await expectNoSeriousAxeViolations(customer, '/orders/<number> with a return');
    await screenshotPage(customer, 'order-page-return-requested');

    // the owner
    const stockBefore = await stockOf(request, product!.id);
    await page.goto(`/admin/orders/${orderId}`);
    const panel = page.getByRole('list', { name: 'Returns' });
    await expect(panel.getByText('Too head-heavy for my game')).toBeVisible();
    await screenshotAdminPage(page, 'admin-return-requested');
    await panel.getByLabel('Return instructions (e-mailed to the customer)').fill('Pack it in its cover and send it to 1 Court St, Austin TX. Label enclosed.');
    await panel.getByRole('button', { name: 'Approve return' }).click();
    await expectToast(page, 'Return approved; the customer has the instructions');

    await panel.getByLabel(`Restock 1 × ${line.productName}`).check();
    await panel.getByRole('button', { name: 'Mark received' }).click();
    await expectToast(page, 'Return marked received');
    await expect.poll(() => stockOf(request, product!.id)).toBe(stockBefore + 1);
    await expectNoSeriousAxeViolations(page, '/admin/orders/<id> return received');
    await screenshotAdminPage(page, 'admin-return-received');

    const fee = 500;
    const partCents = Math.round(Number(line.price) * 100) - fee;
    const part = (partCents / 100).toFixed(2);
    await panel.getByLabel('Amount ($)').fill(part);
    await panel.getByLabel('Note to the customer (optional)').fill('Test drive fee of $5.00 kept');
    await panel.getByRole('button', { name: 'Refund to card' }).click();
    // the refund waits for the owner to confirm the amount
    const confirm = page.getByRole('dialog', { name: `Refund $${part} for return #` });
    await expect(confirm.getByText('Note to the customer: “Test drive fee of $5.00 kept”')).toBeVisible();
    await confirm.getByRole('button', { name: `Confirm refund of $${part}` }).click();
    await expectToast(page, 'Return refunded to the card');
    await expect(panel.getByText(`Refunded $${part}`)).toBeVisible();
    await expect(page.getByText('Payment: Partially refunded')).toBeVisible();
    const timeline = page.getByTestId('admin-timeline');
    for (const step of ['Return requested', 'Return approved', 'Return received', 'Return refunded'])
      await expect(timeline.getByText(step, { exact: true })).toBeVisible();
    // refunded once, restocked once
    expect(await stockOf(request, product!.id)).toBe(stockBefore + 1);

    // the customer sees each step, without the shop's restock choice
    await customer.reload();
    await expect(customer.getByTestId('customer-return').getByText(`$${part} refunded to your card.`)).toBeVisible();
    for (const step of ['Return approved', 'Return received']) await expect(customer.getByText(step, { exact: true })).toBeVisible();
    await expect(customer.getByText('restock', { exact: false })).toHaveCount(0);
    await expect(customer.getByText('Everything on this order has been returned or refunded.')).toBeVisible();
    await screenshotPage(customer, 'order-page-return-refunded');
  } finally {
    await admin.put('/api/return-policy', { data: { windowDays: 0, conditions: '' } });
    await admin.dispose();
    await customer.close();
  }
});
