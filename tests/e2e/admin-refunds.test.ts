import { expect, test, type APIRequestContext, waitsForApp } from './support/test.ts';
import { formatCents } from '#common/money.ts';
import { refundableOrder, refundBreakdown } from '#common/refund-allocation.ts';
import type { AdminOrderDetail } from '#common/schemas/order-refunds.ts';
import { adminApi, placePaidOrderAs, registerShopper, runId, screenshotAdminPage, signInAsAdmin } from './support/admin.ts';
import { expectNoSeriousAxeViolations } from './support/axe.ts';
import { stockedProducts } from './support/checkout.ts';
import { screenshotPage } from './support/screenshots.ts';

// The owner refunds part of an order and puts the item back in stock, after a confirmation that
// shows the amount (the unit's price and its share of the tax) and what it contains; the customer
// sees the refund on their order page, without the shop's notes.

const stockOf = async (request: APIRequestContext, productId: number) =>
  ((await (await request.get(`/api/products/${productId}`)).json()) as { stock: number }).stock;

test('the owner refunds a line with restock, notes it, prints the packing slip; the customer sees the refund', async ({ page, browser, request, baseURL }) => {
  test.setTimeout(120_000);
  const [product] = await stockedProducts(request, 1);
  const customer = waitsForApp(await browser.newPage());
  const username = `refund${runId()}`;
  await registerShopper(customer.request, { username, password: 'a-good-password', email: `${username}@example.com` });
  const orderId = await placePaidOrderAs(customer.request, { productId: product!.id, customerName: 'Rory Refund', customerEmail: `${username}@example.com` });
  const admin = await adminApi(baseURL!);
  try {
    const before = (await (await admin.get(`/api/orders/${orderId}`)).json()) as AdminOrderDetail;
    const { orderNumber } = before.order;
    const line = before.order.items[0]!;
    // what the unit cost the customer, by the rule the server refunds by
    const expected = refundBreakdown(refundableOrder(before.order, false), { kind: 'lines', lines: [{ itemId: line.id, quantity: 1 }], shipping: false });
    const amount = formatCents(expected.totalCents);
    expect(expected.taxCents, 'the e2e customer pays sales tax').toBeGreaterThan(0);
    const stockBefore = await stockOf(request, product!.id);

    await signInAsAdmin(page);
    await page.goto('/admin?tab=orders');
    await page.getByRole('link', { name: `Open order #${orderNumber}` }).click();
    await expect(page.getByRole('heading', { level: 1, name: `Order #${orderNumber}` })).toBeVisible();
    await expect(page.getByText('Payment: Paid')).toBeVisible();

    await page.getByLabel(`Units of ${line.productName} to refund`).fill('1');
    await page.getByLabel('Put back in stock').check();
    await page.getByLabel('Reason (told to the customer)').fill('Arrived with a cracked edge guard');
    await page.getByRole('button', { name: `Refund ${amount}…` }).click();
    // the first click only asks: nothing is refunded until the owner confirms what the dialog shows
    const dialog = page.getByRole('dialog', { name: `Refund ${amount} on order #${orderNumber}?` });
    await expect(dialog).toBeVisible();
    const confirmation = dialog.getByTestId('refund-confirmation');
    await expect(confirmation.getByText(`1 × ${line.productName}`, { exact: true })).toBeVisible();
    await expect(confirmation.getByText('Goods')).toBeVisible();
    await expect(confirmation.getByText(`$${line.price}`).first()).toBeVisible();
    await expect(confirmation.getByText('Their share of the tax')).toBeVisible();
    await expect(confirmation.getByText(`+${formatCents(expected.taxCents)}`)).toBeVisible();
    await expect(confirmation.getByText(`Back in stock: 1 × ${line.productName}`)).toBeVisible();
    await expect(page.getByText('Payment: Paid')).toBeVisible();
    await screenshotAdminPage(page, 'admin-refund-confirmation');
    await dialog.getByRole('button', { name: 'Go back' }).click();
    await expect(dialog).toBeHidden();
    expect(((await (await admin.get(`/api/orders/${orderId}`)).json()) as AdminOrderDetail).refunds).toEqual([]);

    await page.getByRole('button', { name: `Refund ${amount}…` }).click();
    await dialog.getByRole('button', { name: `Confirm refund of ${amount}` }).click();
    await expect(page.getByText('Payment: Partially refunded')).toBeVisible();
    await expect(page.getByTestId('refund-list').getByText('Arrived with a cracked edge guard')).toBeVisible();
    const timeline = page.getByTestId('admin-timeline');
    await expect(timeline.getByText('Partly refunded', { exact: true })).toBeVisible();
    await expect(timeline.getByText(`Refunded ${amount}: Arrived with a cracked edge guard`)).toBeVisible();
    await expect(timeline.getByText('E-mail sent (order-refunded)')).toBeVisible();
    expect(await stockOf(request, product!.id)).toBe(stockBefore + 1);

    await page.getByLabel('Private note').fill('Customer sent photos; courier damage');
    await page.getByRole('button', { name: 'Add note' }).click();
    await expect(timeline.getByText('Customer sent photos; courier damage')).toBeVisible();
    await expectNoSeriousAxeViolations(page, '/admin/orders/<id>');
    await screenshotAdminPage(page, 'admin-order-page');

    await page.getByRole('link', { name: 'Packing slip' }).click();
    const slip = page.getByTestId('packing-slip');
    await expect(slip.getByText(`Order #${orderNumber}`)).toBeVisible();
    await expect(slip.getByText('Rory Refund')).toBeVisible();
    await expect(slip.getByText(line.productName)).toBeVisible();
    await expect(slip.getByText(`$${line.price}`)).toHaveCount(0);
    await screenshotAdminPage(page, 'packing-slip');
    // printed: only the slip, none of the site's header, footer or buttons
    await page.emulateMedia({ media: 'print' });
    await expect(page.locator('header').first()).toBeHidden();
    await expect(page.getByRole('button', { name: 'Print' })).toBeHidden();
    await expect(slip).toBeVisible();
    await screenshotPage(page, 'packing-slip-print');
    await page.emulateMedia({ media: 'screen' });

    await customer.goto(`/orders/${orderNumber}`);
    await expect(customer.getByRole('heading', { level: 1, name: `Order #${orderNumber}` })).toBeVisible();
    await expect(customer.getByText(`Refunded to your card: ${amount}`)).toBeVisible();
    await expect(customer.getByText('Partly refunded', { exact: true })).toBeVisible();
    await expect(customer.getByText('Customer sent photos')).toHaveCount(0);
    await expect(customer.getByText('cracked edge guard')).toHaveCount(0);
    await expectNoSeriousAxeViolations(customer, '/orders/<number> partly refunded');
    await screenshotPage(customer, 'order-page-partly-refunded');
  } finally {
    await admin.dispose();
    await customer.close();
  }
});
