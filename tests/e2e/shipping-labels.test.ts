import { request as playwrightRequest } from '@playwright/test';
import { expect, test } from './support/test.ts';
import { trackingUrlFor } from '#common/carriers.ts';
import type { OutboxEmail } from '#common/schemas/admin-outbox.ts';
import type { AdminOrderDetail } from '#common/schemas/order-refunds.ts';
import { signEasyPostWebhook, trackerEvent } from '#server/test/fake-easypost.ts';
import { E2E_EASYPOST } from '../../playwright.config.ts';
import { adminApi, expectToast, placePaidOrder, runId, screenshotAdminPage, signInAsAdmin } from './support/admin.ts';
import { getProducts } from './support/shop-data.ts';

// A label bought from the order page through the carrier API (decisions 057, 069), the e2e server talking to
// the local fake of EasyPost: Fulfil, Buy label, the tracking number and the label's PDF on the page, the
// customer's e-mail with the tracking link, then the carrier's signed tracking event delivers the parcel.

test('the owner buys a label for a paid order; the customer is e-mailed the tracking link; the carrier delivers it', async ({ page, baseURL }) => {
  test.setTimeout(120_000);
  const id = runId();
  const customerEmail = `label-${id}@example.com`;
  const api = await adminApi(baseURL!);
  try {
    const product = (await getProducts(page.request)).find((candidate) => candidate.stock >= 3)!;
    const orderId = await placePaidOrder(baseURL!, { productId: product.id, customerName: `Label Buyer ${id}`, customerEmail });
    // a box of the owner's, large enough for anything the demo sells, so the parcel is rated in a box
    const box = await api.post('/api/admin/shipping/boxes', {
      data: { name: `Big carton ${id}`, lengthMm: 1500, widthMm: 700, heightMm: 700, weightGrams: 900 },
    });
    expect(box.status()).toBe(201);

    await signInAsAdmin(page);
    await page.goto(`/admin/orders/${orderId}`);
    const fulfilment = page.getByTestId('order-fulfilment');
    await fulfilment.getByRole('button', { name: 'Fulfil' }).click();
    const dialog = page.getByRole('dialog', { name: /^Fulfil order #/ });
    await dialog.getByRole('button', { name: 'Get label rates' }).click();
    const labels = dialog.getByRole('region', { name: 'Buy a label' });
    await expect(labels.getByRole('radio').first()).toBeChecked();
    await expect(labels.getByLabel('Box')).toBeVisible();
    await screenshotAdminPage(page, 'admin-order-buy-label');
    await labels.getByRole('button', { name: /^Buy label \(\$\d+\.\d{2}\)$/ }).click();
    await expectToast(page, 'Label bought', /is shipped\./);

    const detail = (await (await api.get(`/api/orders/${orderId}`)).json()) as AdminOrderDetail;
    const [shipment] = detail.fulfilment.shipments;
    expect(detail.order.status).toBe('shipped');
    const trackingNumber = shipment!.trackingNumber!;
    expect(trackingNumber).toMatch(/^9400\d{18}$/);
    const parcel = page.getByRole('listitem', { name: 'Shipment 1' });
    await expect(parcel).toContainText(trackingNumber);

    // the label's PDF, from the shop
    const download = parcel.getByRole('link', { name: 'Download label (PDF)' });
    const href = (await download.getAttribute('href'))!;
    const pdf = await page.request.get(href);
    expect(pdf.status()).toBe(200);
    expect(pdf.headers()['content-type']).toBe('application/pdf');
    expect((await pdf.body()).subarray(0, 5).toString()).toBe('%PDF-');

    // the customer's e-mail carries the carrier's tracking link
    const outbox = (await (await api.get('/api/admin/emails', { params: { q: customerEmail } })).json()) as OutboxEmail[];
    const trackingLink = trackingUrlFor(shipment!.carrier!, trackingNumber)!;
    expect(outbox.some((email) => email.recipient === customerEmail && email.text.includes(trackingLink))).toBe(true);

    // the carrier's signed event, from outside any session: in transit, then delivered
    const carrier = await playwrightRequest.newContext({ baseURL });
    for (const status of ['in_transit', 'delivered']) {
      const body = trackerEvent({ trackingCode: trackingNumber, status });
      const answer = await carrier.post('/api/carrier/webhook', {
        data: body,
        headers: { 'content-type': 'application/json', 'x-hmac-signature': signEasyPostWebhook(body, E2E_EASYPOST.webhookSecret) },
      });
      expect(answer.status()).toBe(200);
    }
    const forged = trackerEvent({ trackingCode: trackingNumber, status: 'delivered' });
    const refused = await carrier.post('/api/carrier/webhook', {
      data: forged,
      headers: { 'content-type': 'application/json', 'x-hmac-signature': signEasyPostWebhook(forged, 'not-the-secret') },
    });
    expect(refused.status()).toBe(401);
    await carrier.dispose();

    await page.reload();
    await expect(parcel).toContainText('Delivered');
    expect(((await (await api.get(`/api/orders/${orderId}`)).json()) as AdminOrderDetail).order.status).toBe('delivered');
    await screenshotAdminPage(page, 'admin-order-label-delivered');
  } finally {
    await api.dispose();
  }
});
