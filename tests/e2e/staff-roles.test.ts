import { expect, test, waitsForApp } from './support/test.ts';
import type { OutboxEmail } from '#common/schemas/admin-outbox.ts';
import { adminApi, openAdminTab, placePaidOrder, runId, screenshotAdminPage, signInAsAdmin } from './support/admin.ts';
import { getProducts } from './support/shop-data.ts';

// The owner invites a packer by e-mail from the Staff tab; the packer signs up from the e-mailed link and
// lands in an admin that shows Orders alone, ships an order from its page, and meets no Refund button; the
// server refuses their refund too (decision 052).

test('a fulfilment user invited by e-mail ships orders and cannot refund', async ({ page, browser, baseURL }) => {
  test.setTimeout(150_000);
  const id = runId();
  const email = `packer-${id}@example.com`;
  const owner = await adminApi(baseURL!);
  const context = await browser.newContext({ extraHTTPHeaders: { Origin: new URL(baseURL!).origin } });
  try {
    const product = (await getProducts(page.request)).find((candidate) => candidate.stock >= 3)!;
    const orderId = await placePaidOrder(baseURL!, {
      productId: product.id,
      customerName: `Staff Shipper ${id}`,
      customerEmail: `staff-ship-${id}@example.com`,
    });

    await signInAsAdmin(page);
    await openAdminTab(page, 'staff');
    await page.getByLabel('E-mail').fill(email);
    await page.getByLabel('Role', { exact: true }).selectOption('fulfilment');
    await page.getByRole('button', { name: 'Send invitation' }).click();
    await expect(page.getByText(`${email} · Fulfilment`)).toBeVisible();
    await screenshotAdminPage(page, 'admin-staff-tab');

    const invitationLink = async () => {
      const mails = (await (await owner.get(`/api/admin/emails?q=${encodeURIComponent(email)}`)).json()) as OutboxEmail[];
      return /https?:\/\/\S+\/staff-invitation\?token=[\w-]+/.exec(mails.find((mail) => mail.recipient === email)?.text ?? '')?.[0];
    };
    await expect.poll(invitationLink, { message: 'the invitation e-mail' }).toBeTruthy();
    const link = new URL((await invitationLink())!);

    const packer = waitsForApp(await context.newPage());
    await packer.goto(link.pathname + link.search);
    await expect(packer.getByText('You are invited to the staff as Fulfilment')).toBeVisible();
    await screenshotAdminPage(packer, 'staff-invitation');
    await packer.getByLabel('Username').fill(`packer${id}`);
    await packer.getByLabel('Password').fill('boxes-and-tape-42');
    await packer.getByRole('button', { name: 'Accept the invitation' }).click();
    await expect(packer.getByRole('heading', { level: 1, name: 'Admin Dashboard' })).toBeVisible();
    await expect(packer.getByRole('tab')).toHaveText(['Orders']);
    await screenshotAdminPage(packer, 'admin-fulfilment-dashboard');

    await packer.goto(`/admin/orders/${orderId}`);
    const fulfilment = packer.getByTestId('order-fulfilment');
    await fulfilment.getByRole('button', { name: 'Add tracking' }).click();
    const tracking = fulfilment.getByRole('form', { name: `Tracking for order ${orderId}` });
    await tracking.getByLabel('Tracking number').fill('9400111899223197428490');
    await tracking.getByRole('button', { name: 'Save' }).click();
    await expect(fulfilment.getByLabel('Status', { exact: true })).toHaveValue('shipped');
    await expect(packer.getByTestId('admin-timeline')).toContainText('Marked shipped');
    await expect(packer.getByRole('button', { name: /^Refund/ })).toHaveCount(0);
    await screenshotAdminPage(packer, 'admin-order-fulfilment-role');

    const refund = await packer.request.post(`/api/orders/${orderId}/refunds`, {
      data: { kind: 'amount', amount: '1.00', reason: 'Trying', requestId: `try-${id}` },
    });
    expect(refund.status()).toBe(403);
    expect(await refund.json()).toEqual({ message: 'Fulfilment staff may not refund orders' });
  } finally {
    await owner.dispose();
    await context.close();
  }
});
