import { expect, test } from './support/test.ts';
import type { AdminOrderDetail } from '#common/schemas/order-refunds.ts';
import { getProducts } from './support/shop-data.ts';
import { expectNoSeriousAxeViolations } from './support/axe.ts';
import { adminApi, expectToast, placePaidOrder, runId, screenshotAdminPage, signInAsAdmin } from './support/admin.ts';

// Fulfilment from the order page (/admin/orders/:id): a tracking number ships a processing order
// (timeline step, one shipped e-mail), delivered only after shipped; a checkout nobody paid is kept
// out of the orders list and offers nothing to ship.

test('ship an order from its page, then deliver it; an unpaid checkout offers nothing to ship', async ({ page, baseURL }) => {
  test.setTimeout(120_000);
  const id = runId();
  const api = await adminApi(baseURL!);
  try {
    const product = (await getProducts(page.request)).find((candidate) => candidate.stock >= 3)!;
    const orderId = await placePaidOrder(baseURL!, { productId: product.id, customerName: `Page Shipper ${id}`, customerEmail: `page-ship-${id}@example.com` });
    const detail = async () => (await (await api.get(`/api/orders/${orderId}`)).json()) as AdminOrderDetail;

    await signInAsAdmin(page);
    await page.goto(`/admin/orders/${orderId}`);
    const fulfilment = page.getByTestId('order-fulfilment');
    await expect(fulfilment.getByRole('heading', { name: 'Fulfilment' })).toBeVisible();
    const status = fulfilment.getByLabel('Status', { exact: true });
    await expect(status).toHaveValue('processing');
    await expect(status.locator('option')).toHaveText(['Processing', 'Pending', 'Shipped', 'Cancelled']);

    await fulfilment.getByRole('button', { name: 'Add tracking' }).click();
    const form = fulfilment.getByRole('form', { name: `Tracking for order ${orderId}` });
    await form.getByLabel('Tracking number').fill(' 9400111899223197428490 ');
    await screenshotAdminPage(page, 'admin-order-page-tracking-form');
    await form.getByRole('button', { name: 'Save' }).click();
    await expectToast(page, 'Tracking information updated successfully', /is shipped\./);
    await expect(status).toHaveValue('shipped');
    await expect(fulfilment).toContainText('9400111899223197428490');
    const timeline = page.getByTestId('admin-timeline');
    await expect(timeline).toContainText('Marked shipped');
    await expect(timeline).toContainText('Tracking 9400111899223197428490');
    await expect(timeline).toContainText('E-mail sent (order-shipped)');

    // saved again: no second step, no second e-mail
    await fulfilment.getByRole('button', { name: 'Edit tracking' }).click();
    await form.getByRole('button', { name: 'Save' }).click();
    await expectToast(page, 'Tracking information updated successfully');
    const shipped = await detail();
    expect(shipped.order.status).toBe('shipped');
    expect(shipped.timeline.filter((entry) => entry.event === 'mark_shipped')).toHaveLength(1);
    expect(shipped.timeline.filter((entry) => entry.event === 'order-shipped')).toHaveLength(1);

    // the API refuses a skip the page no longer offers
    const skip = await api.patch(`/api/orders/${orderId}/status`, { data: { status: 'pending' } });
    expect(skip.ok()).toBe(true);
    const refused = await api.patch(`/api/orders/${orderId}/status`, { data: { status: 'delivered' } });
    expect(refused.status()).toBe(409);
    expect(((await refused.json()) as { message: string }).message).toBe(
      `Order #${shipped.order.orderNumber} has not shipped yet, so it cannot be marked delivered. Mark it shipped first.`,
    );
    await page.reload();
    await expect(status).toHaveValue('pending');
    await expect(status.locator('option')).toHaveText(['Pending', 'Processing', 'Shipped', 'Cancelled']);
    expect((await api.patch(`/api/orders/${orderId}/status`, { data: { status: 'shipped' } })).ok()).toBe(true);
    await page.reload();
    await status.selectOption('delivered');
    await expectToast(page, 'Order status updated successfully');
    await expect(timeline).toContainText('Marked delivered');
    await expectNoSeriousAxeViolations(page, 'admin order page with fulfilment');
    await screenshotAdminPage(page, 'admin-order-page-fulfilment');

    // the admin's payment test leaves an unpaid checkout: not among the orders, found under Unpaid checkouts
    const checkout = (await (await api.post('/api/test-payment-flow', { data: { amount: 3.21 } })).json()) as { orderId?: number; order?: { id: number } };
    const checkoutId = checkout.orderId ?? checkout.order!.id;
    await page.goto(`/admin?tab=orders&q=%23${checkoutId}`);
    await expect(page.getByText('No orders match this search.')).toBeVisible();
    await page.getByLabel('Show', { exact: true }).selectOption('unpaid');
    const card = page.getByTestId(`order-card-${checkoutId}`);
    await expect(card).toBeVisible();
    await expect(card.getByRole('button', { name: /tracking/i })).toHaveCount(0);
    await expect(card.getByLabel(`Status of order ${checkoutId}`).locator('option')).toHaveText(['Pending', 'Cancelled']);
    await screenshotAdminPage(page, 'admin-orders-unpaid-checkouts');

    await page.goto(`/admin/orders/${checkoutId}`);
    await expect(page.getByTestId('order-fulfilment')).toContainText('This checkout is waiting for its payment: there is nothing to ship yet.');
    await expect(page.getByTestId('order-fulfilment').getByRole('button', { name: /tracking/i })).toHaveCount(0);
    await expectNoSeriousAxeViolations(page, 'unpaid checkout page');
  } finally {
    await api.dispose();
  }
});
