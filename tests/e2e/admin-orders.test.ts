import { expect, test, type APIRequestContext, type Page } from './support/test.ts';
import { formatCents, formatPrice, toCents } from '#common/money.ts';
import type { OrderView } from '#common/schemas/orders.ts';
import type { OutboxEmail } from '#common/schemas/admin-outbox.ts';
import { expectNoSeriousAxeViolations } from './support/axe.ts';
import { adminApi, expectToast, openAdminTab, placePaidOrder, runId, signInAsAdmin, screenshotAdminPage } from './support/admin.ts';
import { getProducts, soldAsOne } from './support/shop-data.ts';

// Orders tab and archived orders page, status and tracking rules, toasts.

async function orderById(api: APIRequestContext, id: number): Promise<OrderView> {
  for (const list of ['active', 'archived']) {
    const found = ((await (await api.get(`/api/orders/${list}`)).json()) as OrderView[]).find((order) => order.id === id);
    if (found) return found;
  }
  throw new Error(`order ${id} is in neither list`);
}

async function stockedProductId(page: Page): Promise<{ id: number; name: string }> {
  const product = (await getProducts(page.request)).find((candidate) => soldAsOne(candidate) && candidate.stock >= 10);
  if (!product) throw new Error('the demo catalogue has no product with stock >= 10');
  return product;
}

test('ship an order with tracking, archive it and bring it back', async ({ page, baseURL }) => {
  test.setTimeout(120_000);
  const id = runId();
  const customerEmail = `ship-${id}@example.com`;
  const product = await stockedProductId(page);
  const orderId = await placePaidOrder(baseURL!, { productId: product.id, customerName: `Riley Shipper ${id}`, customerEmail });
  const api = await adminApi(baseURL!);

  try {
    await signInAsAdmin(page);
    await openAdminTab(page, 'orders');
    await expect(page.getByRole('heading', { name: 'Active Orders' })).toBeVisible();
    const card = page.getByTestId(`order-card-${orderId}`);
    // the card is headed by the public number the customer quotes, not the id
    const shown = await orderById(api, orderId);
    await expect(card.getByRole('heading', { name: `Order #${shown.orderNumber}` })).toBeVisible();
    await expect(card).toContainText(`Riley Shipper ${id}`);
    await expect(card).toContainText(customerEmail);
    await expect(card).toContainText('100 Congress Ave');
    await expect(card).toContainText('Austin, TX, 78701');
    const order = await orderById(api, orderId);
    // unit price and line total, so "× n" never reads as the line's total
    const line = order.items[0]!;
    await expect(card.getByTestId(`order-item-${line.id}`)).toHaveText(
      `${product.name}${formatPrice(line.price)} × ${line.quantity} = ${formatCents(toCents(line.price) * line.quantity)}`,
    );
    await expect(card).toContainText(formatPrice(order.total));

    const status = card.getByLabel(`Status of order ${orderId}`);
    await expect(status).toHaveValue(order.status);
    // only the moves the server takes: a paid order is not delivered before it ships
    await expect(status.locator('option')).toHaveText(['Processing', 'Pending', 'Shipped', 'Cancelled']);

    // any status but shipped is sent at once (a paid order may already be processing)
    const interim = order.status === 'processing' ? 'pending' : 'processing';
    await status.selectOption(interim);
    await expectToast(page, 'Order status updated successfully');
    expect((await orderById(api, orderId)).status).toBe(interim);

    // shipped opens the tracking form and sends nothing until Save
    await status.selectOption('shipped');
    const form = card.getByRole('form', { name: `Tracking for order ${orderId}` });
    await expect(form).toBeVisible();
    expect((await orderById(api, orderId)).status).toBe(interim);
    await form.getByRole('button', { name: 'Save' }).click();
    await expectToast(page, 'Tracking number required', 'Please enter a tracking number');
    await expect(form.getByText('Please enter a tracking number')).toBeVisible();
    expect((await orderById(api, orderId)).status).toBe(interim);
    await expectNoSeriousAxeViolations(page, 'orders tab with tracking form');

    // both trimmed; an empty URL is left out, and the carrier's tracking page stands in for it;
    // carrier, tracking and "shipped" go in one call
    await form.getByLabel('Carrier').selectOption('ups');
    await form.getByLabel('Tracking number').fill('  1Z999AA10123456784  ');
    await form.getByLabel('Tracking URL (optional)').fill('   ');
    const shipCall = page.waitForRequest((request) => request.url().endsWith(`/api/orders/${orderId}/ship`));
    await form.getByRole('button', { name: 'Save' }).click();
    expect((await shipCall).postDataJSON()).toEqual({ carrier: 'ups', trackingNumber: '1Z999AA10123456784' });
    await expectToast(page, 'Tracking information updated successfully');
    await expect(form).toHaveCount(0);
    await expect(card).toContainText('Tracking: 1Z999AA10123456784');
    const shipped = await orderById(api, orderId);
    expect(shipped).toMatchObject({
      status: 'shipped',
      carrier: 'ups',
      trackingNumber: '1Z999AA10123456784',
      trackingUrl: 'https://www.ups.com/track?tracknum=1Z999AA10123456784',
    });
    await expect(status).toHaveValue('shipped');
    await screenshotAdminPage(page, 'admin-orders');

    // the customer was told: the shipped e-mail is in the outbox tab
    // searched by the address: the first page of a shared server's outbox may not reach this order's mail
    await openAdminTab(page, 'emails');
    const search = page.getByRole('search', { name: 'Search e-mails' }).getByRole('searchbox');
    await search.fill(customerEmail);
    await search.press('Enter');
    const outbox = (await (await api.get('/api/admin/emails', { params: { q: customerEmail } })).json()) as OutboxEmail[];
    const shippedMail = outbox.find((email) => email.recipient === customerEmail && email.text.includes('1Z999AA10123456784'));
    expect(shippedMail, 'a shipped e-mail with the tracking number').toBeTruthy();
    const message = page
      .getByRole('listitem')
      .filter({ hasText: `To ${customerEmail}` })
      .filter({ hasText: shippedMail!.subject })
      .first();
    await expect(message).toBeVisible();
    await message.getByRole('button', { name: 'View' }).click();
    const frame = message.locator('iframe');
    await expect(frame).toHaveAttribute('sandbox', '');
    await expect(frame.contentFrame().getByText('1Z999AA10123456784').first()).toBeVisible();
    await expectNoSeriousAxeViolations(page, 'emails tab');
    await screenshotAdminPage(page, 'admin-emails');

    // archive: off the active list, onto the archived page
    await openAdminTab(page, 'orders');
    await card.getByRole('button', { name: 'Archive' }).click();
    await expectToast(page, 'Order archived');
    await expect(card).toHaveCount(0);
    await page.getByRole('link', { name: 'Archived Orders' }).click();
    await expect(page).toHaveURL(/\/admin\/archived-orders$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Archived Orders' })).toBeVisible();
    await expect(card).toBeVisible();
    // it has a tracking number, so no tracking form here
    await expect(card.getByRole('form')).toHaveCount(0);
    await expectNoSeriousAxeViolations(page, 'archived orders');
    await screenshotAdminPage(page, 'admin-archived-orders');

    await card.getByRole('button', { name: 'Move to Active Orders' }).click();
    await expectToast(page, 'Order moved back to active orders');
    await expect(card).toHaveCount(0);
    expect((await orderById(api, orderId)).isArchived).toBe(false);
    await page.getByRole('link', { name: 'Back to Admin' }).click();
    await expect(page.getByRole('tab', { name: 'Orders' })).toHaveAttribute('aria-selected', 'true');
    await expect(card).toBeVisible();
  } finally {
    await api.dispose();
  }
});

test('an archived shipped order without tracking asks for it', async ({ page, baseURL }) => {
  const id = runId();
  const product = await stockedProductId(page);
  const orderId = await placePaidOrder(baseURL!, { productId: product.id, customerName: `Sam Archive ${id}`, customerEmail: `archive-${id}@example.com` });
  const api = await adminApi(baseURL!);
  try {
    expect((await api.patch(`/api/orders/${orderId}/status`, { data: { status: 'shipped' } })).ok()).toBe(true);
    expect((await api.patch(`/api/orders/${orderId}/archive`, { data: { isArchived: true } })).ok()).toBe(true);

    await signInAsAdmin(page);
    await page.goto('/admin/archived-orders');
    const card = page.getByTestId(`order-card-${orderId}`);
    const form = card.getByRole('form', { name: `Tracking for order ${orderId}` });
    await expect(form).toBeVisible();
    await form.getByRole('button', { name: 'Save' }).click();
    await expectToast(page, 'Tracking number is required');
    await form.getByLabel('Tracking number').fill(' 9400111899223197428490 ');
    await form.getByLabel('Tracking URL (optional)').fill(' https://tools.usps.com/go/TrackConfirmAction?tLabels=9400111899223197428490 ');
    await form.getByRole('button', { name: 'Save' }).click();
    await expectToast(page, 'Tracking information updated successfully');
    await expect(form).toHaveCount(0);
    expect(await orderById(api, orderId)).toMatchObject({
      trackingNumber: '9400111899223197428490',
      trackingUrl: 'https://tools.usps.com/go/TrackConfirmAction?tLabels=9400111899223197428490',
      isArchived: true,
    });
    await expect(card.getByRole('link', { name: 'track package' })).toHaveAttribute('target', '_blank');

    // on the archived page every status is sent at once, shipped included
    const status = card.getByLabel(`Status of order ${orderId}`);
    await status.selectOption('delivered');
    await expectToast(page, 'Order status updated successfully');
    expect((await orderById(api, orderId)).status).toBe('delivered');

    // failures use the spec's toasts
    await page.route(`**/api/orders/${orderId}/status`, (route) =>
      route.fulfill({ status: 500, contentType: 'application/json', body: '{"message":"Try later"}' }),
    );
    await status.selectOption('processing');
    await expectToast(page, 'Failed to update order status', 'Try later');
    await page.route(`**/api/orders/${orderId}/archive`, (route) =>
      route.fulfill({ status: 500, contentType: 'application/json', body: '{"message":"Try later"}' }),
    );
    await card.getByRole('button', { name: 'Move to Active Orders' }).click();
    await expectToast(page, 'Failed to unarchive order', 'Try later');
    // the list is read a page at a time (?page=&pageSize=)
    await page.route('**/api/orders/archived?*', (route) => route.fulfill({ status: 500, contentType: 'text/plain', body: 'down' }));
    await page.reload();
    await expect(page.getByRole('alert').filter({ hasText: 'Failed to fetch archived orders' })).toBeVisible();
  } finally {
    await api.dispose();
  }
});
