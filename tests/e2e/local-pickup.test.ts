import { expect, test } from './support/test.ts';
import { adminApi, expectToast, runId, signInAsAdmin } from './support/admin.ts';
import { GOOD_CARD, continueToPayment, fillAddress, fillCustomer, openCheckoutWith, payWithCard, stockedProducts, summaryValue } from './support/checkout.ts';
import { screenshotPage } from './support/screenshots.ts';

// Local pickup (issue 31, decision 050): on a phone the shopper chooses to collect the order, pays nothing for
// shipping, and the owner marks it ready (the customer is e-mailed where and when) and then picked up. Maine, a
// state no other journey ships to, gets a zone of its own with the pickup method.

test('at 390 px a shopper chooses Local pickup; the owner marks it ready, the customer is e-mailed, then it is picked up', async ({
  page,
  request,
  baseURL,
}) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 390, height: 844 });
  const admin = await adminApi(baseURL!);
  const zone = await admin.post('/api/admin/shipping/zones', { data: { name: `Maine ${runId()}`, usStates: ['ME'] } });
  expect(zone.status(), await zone.text()).toBe(201);
  const zoneId: number = (await zone.json()).id;
  const email = `pickup-${runId()}@example.com`;
  try {
    for (const method of [
      { name: 'Standard', kind: 'delivery', minBusinessDays: 3, maxBusinessDays: 6, rate: { basis: 'flat', priceCents: 795, freeOverCents: null } },
      { name: 'Local pickup', kind: 'pickup', minBusinessDays: 0, maxBusinessDays: 1, rate: { basis: 'flat', priceCents: 0, freeOverCents: null } },
    ]) {
      const created = await admin.post(`/api/admin/shipping/zones/${zoneId}/methods`, { data: { ...method, cutoffTime: null, active: true } });
      expect(created.status(), await created.text()).toBe(201);
    }

    const [product] = await stockedProducts(request, 1);
    await openCheckoutWith(page, [{ product: product!, quantity: 1 }]);
    await fillCustomer(page, { name: 'Pat Pickup', email });
    await fillAddress(page, { street: '1 Congress St', city: 'Portland', state: 'ME', zip: '04101' });
    const methods = page.getByRole('group', { name: 'Shipping method' });
    await methods.getByRole('radio', { name: /^Local pickup/ }).check();
    await expect(summaryValue(page, 'Shipping')).toHaveText(/Free|\$0\.00/);
    await screenshotPage(page, 'local-pickup-checkout');
    await continueToPayment(page).click();
    await payWithCard(page, GOOD_CARD);
    await expect(page).toHaveURL(/\/order-confirmation/);
    await expect(page.getByRole('heading', { level: 3, name: 'Local pickup' })).toBeVisible();

    const orders = (await (await admin.get('/api/orders/active', { params: { q: email } })).json()) as Array<{ id: number; orderNumber: string }>;
    expect(orders).toHaveLength(1);
    const [order] = orders;

    await signInAsAdmin(page);
    await page.goto(`/admin/orders/${order!.id}`);
    const fulfilment = page.getByTestId('order-fulfilment');
    await expect(fulfilment).toContainText('Local pickup: the customer collects this order at the shop.');
    await expect(fulfilment.getByRole('button', { name: 'Fulfil' })).toHaveCount(0);
    await fulfilment.getByRole('button', { name: 'Ready for pickup' }).click();
    await expectToast(page, 'Ready for pickup', `The customer of order #${order!.orderNumber} was e-mailed.`);
    await expect(fulfilment.getByRole('button', { name: 'Ready for pickup' })).toHaveCount(0);

    const mails = (await (await admin.get('/api/admin/emails', { params: { q: email } })).json()) as Array<{
      kind: string;
      recipient: string;
      subject: string;
    }>;
    expect(mails.filter((mail) => mail.kind === 'order-ready-for-pickup').map((mail) => mail.recipient)).toEqual([email]);

    await fulfilment.getByRole('button', { name: 'Picked up' }).click();
    await expect(fulfilment.getByLabel('Status', { exact: true })).toHaveValue('delivered');
    await expect(page.getByTestId('admin-timeline')).toContainText('Marked delivered');
    await screenshotPage(page, 'local-pickup-admin-order');
  } finally {
    await admin.delete(`/api/admin/shipping/zones/${zoneId}`);
    await admin.dispose();
  }
});
