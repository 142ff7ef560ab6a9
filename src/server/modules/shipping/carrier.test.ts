import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { emailOutbox, orderEvents, orderItems, orders, orderShipments, productVariants, shippingZones } from '#server/db/schema.ts';
import { addProduct, checkoutBody, configureShop } from '#server/test/checkout-fixtures.ts';
import { fakeRateCents, signEasyPostWebhook, startFakeEasyPost, trackerEvent, type FakeEasyPost } from '#server/test/fake-easypost.ts';
import { createTestApp, type SignedIn, type TestApp } from '#server/test/test-app.ts';

// Carrier-calculated rates, labels and tracking through EasyPost's official client against a local fake
// of its API (docs/decisions/057). Runs on PGlite, and on PostgreSQL with DATABASE_URL set.

const POUND = 453.59237;
const grams = (pounds: number) => Math.round(pounds * POUND);
const WEBHOOK_SECRET = 'whsec_carrier_test';

let t: TestApp;
let admin: SignedIn;
let easypost: FakeEasyPost;

beforeAll(async () => {
  easypost = await startFakeEasyPost();
  t = await createTestApp({
    EASYPOST_API_KEY: 'EZTK_fake',
    EASYPOST_API_BASE: easypost.apiBase,
    EASYPOST_WEBHOOK_SECRET: WEBHOOK_SECRET,
    EASYPOST_TIMEOUT_MS: '1000',
  });
  admin = await t.signIn({ admin: true });
});
afterAll(async () => {
  await t.close();
  await easypost.close();
});
beforeEach(async () => {
  easypost.down = false;
  easypost.delayMs = 0;
  await t.db.delete(shippingZones);
  await configureShop(t.db);
});

async function productWeighing(price: string, weightGrams: number, name?: string) {
  const product = await addProduct(t.db, { price, stock: 50, name });
  await t.db.update(productVariants).set({ weightGrams, lengthMm: 1500, widthMm: 300, heightMm: 200 }).where(eq(productVariants.productId, product.id));
  return product;
}

async function carrierZone(state: string) {
  const zone = await admin.inject({ method: 'POST', url: '/api/admin/shipping/zones', payload: { name: `Carrier ${state}`, usStates: [state] } });
  const zoneId = zone.json().id as number;
  const method = (body: Record<string, unknown>) =>
    admin.inject({
      method: 'POST',
      url: `/api/admin/shipping/zones/${zoneId}/methods`,
      payload: { kind: 'delivery', minBusinessDays: 1, maxBusinessDays: 3, ...body },
    });
  const priority = await method({
    name: 'USPS Priority',
    rate: { basis: 'carrier', carrier: 'usps', service: 'Priority', handlingCents: 150, freeOverCents: null },
  });
  expect(priority.statusCode).toBe(201);
  const ground = await method({ name: 'UPS Ground', rate: { basis: 'carrier', carrier: 'ups', service: 'Ground', handlingCents: 0, freeOverCents: null } });
  const flat = await method({ name: 'Flat', rate: { basis: 'flat', priceCents: 2500, freeOverCents: null } });
  return { priority: String(priority.json().id), ground: String(ground.json().id), flat: String(flat.json().id) };
}

const rates = (state: string, zip: string | undefined, items: Array<Record<string, unknown>>) =>
  t.app.inject({ method: 'POST', url: '/api/shipping/rates', payload: { toAddress: { state, zip, country: 'US' }, items } });

describe('carrier-calculated methods at checkout', () => {
  it('prices a 30 lb net with the live rate plus handling, to the cent, and charges it on the order', async () => {
    const methods = await carrierZone('CO');
    const net = await productWeighing('199.00', grams(30), 'Portable Net System');
    const items = [{ productId: net.id, quantity: 1 }];
    // 30 lb = 480 oz: 30 started pounds
    const priority = fakeRateCents('Priority', 480) + 150;
    const ground = fakeRateCents('Ground', 480);
    expect([priority, ground]).toEqual([800 + 110 * 30 + 150, 1025 + 95 * 30]);

    const offered = await rates('CO', '80202', items);
    expect(offered.statusCode).toBe(200);
    expect(offered.json().methods.map((m: { id: string; priceCents: number }) => [m.id, m.priceCents])).toEqual([
      [methods.priority, priority],
      [methods.ground, ground],
      [methods.flat, 2500],
    ]);
    // without a ZIP the carrier cannot price: only the owner's own methods
    expect((await rates('CO', undefined, items)).json().methods.map((m: { id: string }) => m.id)).toEqual([methods.flat]);

    const shipTo = { street: '1 Larimer St', city: 'Denver', state: 'CO', zip: '80202', country: 'US' };
    const paid = await t.app.inject({
      method: 'POST',
      url: '/api/create-payment-intent',
      payload: checkoutBody(items, { shippingAddress: shipTo, shippingMethodId: methods.priority }),
    });
    expect(paid.statusCode).toBe(200);
    expect(paid.json().totals).toMatchObject({ subtotal: 19900, shipping: priority });
    const [order] = await t.db.select().from(orders).where(eq(orders.id, paid.json().orderId));
    expect(order).toMatchObject({
      shippingMethodId: Number(methods.priority),
      shippingMethodName: 'USPS Priority',
      shippingTotal: (priority / 100).toFixed(2),
    });
    // the page's rates, the preview and the order asked the carrier once for this parcel and route
    expect(easypost.requests.filter((r) => r.path === '/v2/shipments')).toHaveLength(1);
  });

  it('leaves the carrier methods out with a warning when the carrier is down or slow, never a 500', async () => {
    const methods = await carrierZone('UT');
    const paddle = await productWeighing('89.99', grams(0.5));
    const items = [{ productId: paddle.id, quantity: 1 }];
    easypost.down = true;
    const down = await rates('UT', '84101', items);
    expect(down.statusCode).toBe(200);
    expect(down.json().methods.map((m: { id: string }) => m.id)).toEqual([methods.flat]);

    easypost.down = false;
    easypost.delayMs = 2_500;
    const started = Date.now();
    const slow = await rates('UT', '84111', items);
    expect(slow.statusCode).toBe(200);
    expect(slow.json().methods.map((m: { id: string }) => m.id)).toEqual([methods.flat]);
    expect(Date.now() - started).toBeLessThan(2_400);
    // a chosen carrier method the carrier cannot price is refused as unavailable (400), not a server error
    const refused = await t.app.inject({
      method: 'POST',
      url: '/api/create-payment-intent',
      payload: checkoutBody(items, {
        shippingAddress: { street: '1 Main', city: 'Provo', state: 'UT', zip: '84601', country: 'US' },
        shippingMethodId: methods.ground,
      }),
    });
    expect(refused.statusCode).toBe(400);
  });

  it('refuses a carrier method naming a service the carrier does not have', async () => {
    const zone = await admin.inject({ method: 'POST', url: '/api/admin/shipping/zones', payload: { name: 'Idaho', usStates: ['ID'] } });
    const res = await admin.inject({
      method: 'POST',
      url: `/api/admin/shipping/zones/${zone.json().id}/methods`,
      payload: {
        name: 'Bad',
        kind: 'delivery',
        minBusinessDays: 1,
        maxBusinessDays: 2,
        rate: { basis: 'carrier', carrier: 'usps', service: 'Ground', handlingCents: 0, freeOverCents: null },
      },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain("Choose one of the carrier's services");
  });
});

async function paidOrder(email: string, quantity = 2) {
  const net = await productWeighing('199.00', grams(30), 'Net');
  const [order] = await t.db
    .insert(orders)
    .values({
      customerEmail: email,
      customerName: 'Lee Label',
      total: '400.00',
      subtotal: '398.00',
      paymentStatus: 'succeeded',
      status: 'processing',
      street: '1 Larimer St',
      city: 'Denver',
      state: 'CO',
      zipCode: '80202',
    })
    .returning();
  const [variant] = await t.db.select({ id: productVariants.id }).from(productVariants).where(eq(productVariants.productId, net.id));
  const [item] = await t.db
    .insert(orderItems)
    .values({ orderId: order!.id, productId: net.id, variantId: variant!.id, productName: 'Net', quantity, price: '199.00' })
    .returning();
  return { order: order!, itemId: item!.id };
}

const labelRates = (orderId: number, lines: object) =>
  admin.inject({ method: 'POST', url: `/api/orders/${orderId}/shipments/label-rates`, payload: { lines } });
const buyLabel = (orderId: number, body: object) => admin.inject({ method: 'POST', url: `/api/orders/${orderId}/shipments/label`, payload: body });

describe('buying a label from the order page', () => {
  it('buys one label under 10 concurrent requests: one purchase, one shipment, one e-mail with the tracking link', async () => {
    const { order, itemId } = await paidOrder('label1@example.com');
    const lines = [{ itemId, quantity: 2 }];
    const quoted = await labelRates(order.id, lines);
    expect(quoted.statusCode).toBe(200);
    const { shipmentId, rates: offered, weightOz } = quoted.json();
    expect(weightOz).toBe(960);
    // cheapest first
    expect(offered[0]).toMatchObject({ carrier: 'usps', service: 'GroundAdvantage', priceCents: fakeRateCents('GroundAdvantage', 960) });
    expect(easypost.shipments.get(shipmentId)!.parcel).toMatchObject({ weight: 960, length: 59.1, width: 11.9, height: 15.8 });

    const answers = await Promise.all(Array.from({ length: 10 }, () => buyLabel(order.id, { lines, shipmentId, rateId: offered[0].id })));
    expect(answers.map((answer) => answer.statusCode)).toEqual(Array(10).fill(200));
    expect(easypost.purchases.filter((id) => id === shipmentId)).toHaveLength(1);
    const shipments = await t.db.select().from(orderShipments).where(eq(orderShipments.orderId, order.id));
    expect(shipments).toHaveLength(1);
    const [shipment] = shipments;
    expect(shipment).toMatchObject({
      carrier: 'usps',
      carrierShipmentId: shipmentId,
      carrierService: 'GroundAdvantage',
      labelCostCents: offered[0].priceCents,
    });
    expect(shipment!.labelUrl).toBe(`${easypost.url}/labels/${shipmentId}.pdf`);
    expect(shipment!.trackingUrl).toBe(`https://tools.usps.com/go/TrackConfirmAction?tLabels=${shipment!.trackingNumber}`);
    expect(answers[9]!.json().order).toMatchObject({ status: 'shipped' });

    const mails = await t.db.select().from(emailOutbox).where(eq(emailOutbox.recipient, 'label1@example.com'));
    expect(mails.map((mail) => mail.kind)).toEqual(['order-shipment']);
    expect(mails[0]!.text).toContain(shipment!.trackingUrl!);
    // a label for units already shipped is refused before anything is bought
    const again = await labelRates(order.id, lines);
    expect(again.statusCode).toBe(409);
  });

  it('refuses a forged rate with a 4xx, and labels without the carrier API with why', async () => {
    const { order, itemId } = await paidOrder('label2@example.com', 1);
    const lines = [{ itemId, quantity: 1 }];
    const { shipmentId } = (await labelRates(order.id, lines)).json();
    const forged = await buyLabel(order.id, { lines, shipmentId, rateId: 'rate_forged' });
    expect(forged.statusCode).toBe(409);
    expect(forged.json().message).toContain('refused that rate');
    expect(await t.db.select().from(orderShipments).where(eq(orderShipments.orderId, order.id))).toHaveLength(0);
    const bad = await buyLabel(order.id, { lines, shipmentId: '../x', rateId: 'r' });
    expect(bad.statusCode).toBe(400);

    const bare = await createTestApp({}, { shareDatabaseWith: t });
    try {
      const owner = await bare.signIn({ admin: true });
      const res = await owner.inject({ method: 'POST', url: `/api/orders/${order.id}/shipments/label-rates`, payload: { lines } });
      expect(res.statusCode).toBe(409);
      expect(res.json().message).toContain('EASYPOST_API_KEY');
      expect((await owner.inject({ url: '/api/admin/shipping/carrier' })).json()).toEqual({ rates: false, webhook: false });
    } finally {
      await bare.close();
    }
  });
});

describe('the tracking webhook', () => {
  const deliver = (body: string, signature?: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/carrier/webhook',
      headers: { 'content-type': 'application/json', ...(signature === undefined ? {} : { 'x-hmac-signature': signature }) },
      payload: body,
    });

  it('moves the shipment to in transit and delivered once, the order delivered with its last parcel; unsigned and forged refused', async () => {
    const { order, itemId } = await paidOrder('track@example.com', 2);
    const quoted = (await labelRates(order.id, [{ itemId, quantity: 1 }])).json();
    await buyLabel(order.id, { lines: [{ itemId, quantity: 1 }], shipmentId: quoted.shipmentId, rateId: quoted.rates[0].id });
    const second = (await labelRates(order.id, [{ itemId, quantity: 1 }])).json();
    const shipped = await buyLabel(order.id, { lines: [{ itemId, quantity: 1 }], shipmentId: second.shipmentId, rateId: second.rates[0].id });
    expect(shipped.json().order.status).toBe('shipped');
    const parcels = await t.db.select().from(orderShipments).where(eq(orderShipments.orderId, order.id)).orderBy(orderShipments.id);
    const [first, last] = parcels as [typeof orderShipments.$inferSelect, typeof orderShipments.$inferSelect];

    const inTransit = trackerEvent({ trackingCode: first.trackingNumber!, status: 'in_transit', shipmentId: first.carrierShipmentId! });
    expect((await deliver(inTransit)).statusCode).toBe(401);
    expect((await deliver(inTransit, signEasyPostWebhook(inTransit, 'not-the-secret'))).statusCode).toBe(401);
    const moved = await deliver(inTransit, signEasyPostWebhook(inTransit, WEBHOOK_SECRET));
    expect(moved.json()).toEqual({ received: true, outcome: 'moved' });
    // redelivered: nothing changes, no second timeline entry
    expect((await deliver(inTransit, signEasyPostWebhook(inTransit, WEBHOOK_SECRET))).json()).toEqual({ received: true, outcome: 'unchanged' });

    const firstDelivered = trackerEvent({ trackingCode: first.trackingNumber!, status: 'delivered', shipmentId: first.carrierShipmentId! });
    expect((await deliver(firstDelivered, signEasyPostWebhook(firstDelivered, WEBHOOK_SECRET))).json().outcome).toBe('moved');
    expect((await t.db.select({ status: orders.status }).from(orders).where(eq(orders.id, order.id)))[0]!.status).toBe('shipped');
    // the second parcel found by its tracking number alone
    const lastDelivered = trackerEvent({ trackingCode: last.trackingNumber!, status: 'delivered' });
    expect((await deliver(lastDelivered, signEasyPostWebhook(lastDelivered, WEBHOOK_SECRET))).json().outcome).toBe('moved');
    expect((await deliver(lastDelivered, signEasyPostWebhook(lastDelivered, WEBHOOK_SECRET))).json().outcome).toBe('unchanged');

    expect((await t.db.select({ status: orders.status }).from(orders).where(eq(orders.id, order.id)))[0]!.status).toBe('delivered');
    const events = await t.db.select().from(orderEvents).where(eq(orderEvents.orderId, order.id)).orderBy(orderEvents.id);
    expect(events.filter((event) => event.actor === 'provider').map((event) => [event.event, event.toStatus])).toEqual([
      ['tracking_updated', 'shipped'],
      ['shipment_delivered', 'shipped'],
      ['mark_delivered', 'delivered'],
    ]);

    const unknown = trackerEvent({ trackingCode: 'NOPE', status: 'delivered' });
    expect((await deliver(unknown, signEasyPostWebhook(unknown, WEBHOOK_SECRET))).json().outcome).toBe('unknown');
    const other = JSON.stringify({ description: 'batch.updated', result: {} });
    expect((await deliver(other, signEasyPostWebhook(other, WEBHOOK_SECRET))).json().outcome).toBe('ignored');
  });
});
