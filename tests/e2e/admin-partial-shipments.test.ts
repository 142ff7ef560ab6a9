import { expect, test } from './support/test.ts';
import type { AdminOrderDetail } from '#common/schemas/order-refunds.ts';
import { getProducts } from './support/shop-data.ts';
import { expectNoSeriousAxeViolations } from './support/axe.ts';
import { adminApi, E2E_CUSTOMER_ADDRESS, expectToast, runId, screenshotAdminPage, signInAsAdmin } from './support/admin.ts';
import { E2E_ORIGIN } from '../../playwright.config.ts';

// Partial shipments (decision 050, issue 31): the owner fulfils one line from the order page, then the
// rest; the customer's order page shows both packages with their tracking; the pick list and packing
// slips print for orders chosen in the list.

test('fulfil one line, then the rest; the customer sees both packages; pick list and packing slips', async ({ page, baseURL }) => {
  test.setTimeout(150_000);
  const id = runId();
  const api = await adminApi(baseURL!);
  try {
    // two products sold without options, so each line is its product
    const products = (await getProducts(page.request)).filter((candidate) => candidate.stock >= 3).slice(0, 2);
    expect(products).toHaveLength(2);
    const email = `split-${id}@example.com`;
    const created = await page.request.post('/api/create-payment-intent', {
      headers: { origin: E2E_ORIGIN },
      data: {
        customerName: `Split Shipper ${id}`,
        customerEmail: email,
        phone: '512-555-0100',
        shippingAddress: E2E_CUSTOMER_ADDRESS,
        items: await Promise.all(
          products.map(async (product) => {
            const detail = (await (await page.request.get(`/api/products/${product.id}`)).json()) as { variants: { id: number; stock: number }[] };
            const variantId = detail.variants.length > 1 ? detail.variants.find((variant) => variant.stock > 0)?.id : undefined;
            return { productId: product.id, variantId, quantity: 1 };
          }),
        ),
      },
    });
    expect(created.ok(), await created.text()).toBe(true);
    const { paymentIntentId, orderId } = (await created.json()) as { paymentIntentId: string; orderId: number };
    const paid = await page.request.post('/api/payments/simulated/confirm', {
      headers: { origin: E2E_ORIGIN },
      data: { paymentIntentId, card: { number: '4242424242424242', expMonth: 12, expYear: 2034, cvc: '123' } },
    });
    expect(paid.ok()).toBe(true);
    const before = (await (await api.get(`/api/orders/${orderId}`)).json()) as AdminOrderDetail;
    const [first, second] = before.order.items;

    await signInAsAdmin(page);
    await page.goto(`/admin/orders/${orderId}`);
    const fulfilment = page.getByTestId('order-fulfilment');
    await fulfilment.getByRole('button', { name: 'Fulfil' }).click();
    let dialog = page.getByRole('dialog', { name: `Fulfil order #${before.order.orderNumber}` });
    await expect(dialog.getByRole('button', { name: 'Ship 2 items' })).toBeVisible();
    await dialog.getByRole('checkbox', { name: second!.variantName ? `${second!.productName} (${second!.variantName})` : second!.productName }).click();
    await dialog.getByLabel('Carrier').selectOption('usps');
    await dialog.getByLabel('Tracking number (optional)').fill('9400111899223197428490');
    await screenshotAdminPage(page, 'admin-fulfil-dialog');
    await dialog.getByRole('button', { name: 'Ship 1 item' }).click();
    await expectToast(page, 'Items shipped', `Order #${before.order.orderNumber} is partially shipped.`);
    await expect(fulfilment.getByRole('status')).toHaveText('Partially shipped: 1 left to ship.');
    await expect(fulfilment.getByRole('link', { name: '9400111899223197428490' })).toHaveAttribute('href', /tools\.usps\.com/);
    await expect(fulfilment.getByLabel('Status', { exact: true })).toHaveValue('processing');

    await fulfilment.getByRole('button', { name: 'Fulfil' }).click();
    dialog = page.getByRole('dialog', { name: `Fulfil order #${before.order.orderNumber}` });
    await dialog.getByLabel('Carrier').selectOption('ups');
    await dialog.getByLabel('Tracking number (optional)').fill('1Z999AA10123456784');
    await dialog.getByRole('button', { name: 'Ship 1 item' }).click();
    await expectToast(page, 'Items shipped', `Order #${before.order.orderNumber} is shipped.`);
    await expect(fulfilment.getByLabel('Status', { exact: true })).toHaveValue('shipped');
    await expect(fulfilment.getByRole('button', { name: 'Fulfil' })).toHaveCount(0);
    const timeline = page.getByTestId('admin-timeline');
    await expect(timeline).toContainText('Shipment sent');
    await expect(timeline).toContainText('Marked shipped');
    await expect(timeline).toContainText('E-mail sent (order-shipment)');
    await expectNoSeriousAxeViolations(page, 'admin order page with two shipments');
    await screenshotAdminPage(page, 'admin-order-two-shipments');

    // the customer's page, from the signed link in the shipment e-mail
    const mails = (await (await api.get(`/api/admin/emails?q=${encodeURIComponent(email)}`)).json()) as Array<{ kind: string; text: string }>;
    const shipmentMails = mails.filter((mail) => mail.kind === 'order-shipment');
    expect(shipmentMails).toHaveLength(2);
    const link = /View your order: (\S+)/.exec(shipmentMails[0]!.text)![1]!;
    await page.goto(new URL(link).pathname + new URL(link).search);
    const packages = page.getByRole('list', { name: 'Packages' });
    await expect(packages.getByRole('listitem', { name: 'Package 1' })).toContainText(`1 × ${first!.productName}`);
    await expect(packages.getByRole('listitem', { name: 'Package 2' })).toContainText(`1 × ${second!.productName}`);
    await expect(packages.getByRole('link', { name: /Track package 1/ })).toHaveAttribute('href', /tools\.usps\.com.*9400111899223197428490/);
    await expect(packages.getByRole('link', { name: /Track package 2/ })).toHaveAttribute('href', /ups\.com.*1Z999AA10123456784/);
    await screenshotAdminPage(page, 'customer-order-two-packages');

    // pick list and packing slips for orders chosen in the list
    await page.goto(`/admin?tab=orders&q=%23${orderId}`);
    await page.getByRole('checkbox', { name: `Choose order #${before.order.orderNumber} for printing` }).click();
    await page.getByRole('link', { name: 'Print pick list' }).click();
    await expect(page.getByTestId('pick-list')).toContainText(first!.productName);
    await expect(page.getByTestId('pick-list')).toContainText(second!.productName);
    await screenshotAdminPage(page, 'admin-pick-list');
    await page.goto(`/admin/orders/print?ids=${orderId}&view=packing-slips`);
    await expect(page.getByTestId('packing-slip')).toContainText(`Order #${before.order.orderNumber}`);
    await expect(page.getByTestId('packing-slip')).toContainText(E2E_CUSTOMER_ADDRESS.street);
    await page.emulateMedia({ media: 'print' });
    await expect(page.getByRole('button', { name: 'Print' })).toBeHidden();
    await screenshotAdminPage(page, 'admin-packing-slips-print');
  } finally {
    await api.dispose();
  }
});
