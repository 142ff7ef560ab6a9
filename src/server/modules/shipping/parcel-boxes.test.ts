import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { orderItems, orders, productVariants, shippingBoxes } from '#server/db/schema.ts';
import { addProduct, configureShop } from '#server/test/checkout-fixtures.ts';
import { fakeRateCents, startFakeEasyPost, type FakeEasyPost } from '#server/test/fake-easypost.ts';
import { createTestApp, type SignedIn, type TestApp } from '#server/test/test-app.ts';

// The owner's boxes (docs/decisions/069): edited on the Shipping tab, the smallest that fits is the label's
// parcel unless the owner picks another, its size and weight go to the carrier; the label's PDF is staff's.

let t: TestApp;
let admin: SignedIn;
let easypost: FakeEasyPost;

beforeAll(async () => {
  easypost = await startFakeEasyPost();
  t = await createTestApp({ EASYPOST_API_KEY: 'EZTK_fake', EASYPOST_API_BASE: easypost.apiBase, EASYPOST_TIMEOUT_MS: '1000' });
  admin = await t.signIn({ admin: true });
});
afterAll(async () => {
  await t.close();
  await easypost.close();
});
beforeEach(async () => {
  await t.db.delete(shippingBoxes);
  await configureShop(t.db);
});

const addBox = (body: Record<string, unknown>) => admin.inject({ method: 'POST', url: '/api/admin/shipping/boxes', payload: body });
// inside 18 x 9 x 2.5 in, 6 oz; 12 in cube, 10 oz; 40 x 16 x 12 in, 2 lb
const mailer = { name: 'Paddle mailer', lengthMm: 457, widthMm: 229, heightMm: 64, weightGrams: 170 };
const cube = { name: '12 in cube', lengthMm: 305, widthMm: 305, heightMm: 305, weightGrams: 283 };
const carton = { name: 'Net carton', lengthMm: 1016, widthMm: 406, heightMm: 305, weightGrams: 907 };

/** A paid order of `quantity` paddles (420 x 200 x 25 mm, 227 g each) to Denver. */
async function paddleOrder(quantity: number) {
  const paddle = await addProduct(t.db, { price: '89.99', stock: 50, name: 'Box Test Paddle' });
  await t.db.update(productVariants).set({ weightGrams: 227, lengthMm: 420, widthMm: 200, heightMm: 25 }).where(eq(productVariants.productId, paddle.id));
  const [variant] = await t.db.select({ id: productVariants.id }).from(productVariants).where(eq(productVariants.productId, paddle.id));
  const [order] = await t.db
    .insert(orders)
    .values({
      customerEmail: 'boxes@example.com',
      customerName: 'Bo Box',
      total: '200.00',
      subtotal: '179.98',
      paymentStatus: 'succeeded',
      status: 'processing',
      street: '1 Larimer St',
      city: 'Denver',
      state: 'CO',
      zipCode: '80202',
    })
    .returning();
  const [item] = await t.db
    .insert(orderItems)
    .values({ orderId: order!.id, productId: paddle.id, variantId: variant!.id, productName: 'Box Test Paddle', quantity, price: '89.99' })
    .returning();
  return { orderId: order!.id, orderNumber: order!.orderNumber, lines: [{ itemId: item!.id, quantity }] };
}

const labelRates = (orderId: number, body: object) => admin.inject({ method: 'POST', url: `/api/orders/${orderId}/shipments/label-rates`, payload: body });

describe("the owner's boxes", () => {
  it('adds, lists smallest first, changes and deletes boxes; refuses bad sizes with 400 and other shoppers with 403', async () => {
    const made = await Promise.all([addBox(carton), addBox(mailer), addBox(cube)]);
    expect(made.map((res) => res.statusCode)).toEqual([201, 201, 201]);
    const list = await admin.inject({ method: 'GET', url: '/api/admin/shipping/boxes' });
    expect(list.json().boxes.map((box: { name: string }) => box.name)).toEqual(['Paddle mailer', '12 in cube', 'Net carton']);

    const id = made[2]!.json().id as number;
    const changed = await admin.inject({ method: 'PUT', url: `/api/admin/shipping/boxes/${id}`, payload: { ...cube, name: 'Cube', weightGrams: 300 } });
    expect(changed.statusCode).toBe(200);
    expect(changed.json()).toEqual({ id, ...cube, name: 'Cube', weightGrams: 300 });

    for (const bad of [
      { ...cube, lengthMm: 0 },
      { ...cube, widthMm: 12.5 },
      { ...cube, weightGrams: -1 },
      { ...cube, name: ' ' },
      { ...cube, heightMm: '3' },
    ]) {
      expect((await addBox(bad)).statusCode, JSON.stringify(bad)).toBe(400);
    }
    expect((await admin.inject({ method: 'PUT', url: '/api/admin/shipping/boxes/999999', payload: cube })).statusCode).toBe(404);
    const shopper = await t.signIn();
    expect((await shopper.inject({ method: 'POST', url: '/api/admin/shipping/boxes', payload: cube })).statusCode).toBe(403);
    expect((await shopper.inject({ method: 'GET', url: '/api/admin/shipping/boxes' })).statusCode).toBe(403);

    expect((await admin.inject({ method: 'DELETE', url: `/api/admin/shipping/boxes/${id}` })).json()).toEqual({ id, deleted: true });
    expect((await admin.inject({ method: 'DELETE', url: `/api/admin/shipping/boxes/${id}` })).statusCode).toBe(404);
  });
});

describe('a label in a box', () => {
  it('rates the smallest box the lines fit, with its size and weight, or the box the owner picks', async () => {
    const ids = Object.fromEntries(await Promise.all([mailer, cube, carton].map(async (box) => [box.name, (await addBox(box)).json().id as number])));
    const two = await paddleOrder(2);
    const quoted = await labelRates(two.orderId, { lines: two.lines });
    expect(quoted.statusCode).toBe(200);
    // two paddles (454 g) in the mailer (170 g): 624 g = 22.0 oz
    expect(quoted.json()).toMatchObject({ boxId: ids['Paddle mailer'], weightOz: 22 });
    expect(quoted.json().boxes.map((box: { id: number }) => box.id)).toEqual([ids['Paddle mailer'], ids['12 in cube'], ids['Net carton']]);
    expect(easypost.shipments.get(quoted.json().shipmentId)!.parcel).toEqual({ weight: 22, length: 18, width: 9.1, height: 2.6 });
    expect(quoted.json().rates[0]).toMatchObject({ service: 'GroundAdvantage', priceCents: fakeRateCents('GroundAdvantage', 22) });

    // six paddles outgrow the mailer, and a paddle is longer than the cube: the carton, with its 2 lb
    const six = await paddleOrder(6);
    const big = await labelRates(six.orderId, { lines: six.lines });
    expect(big.json()).toMatchObject({ boxId: ids['Net carton'], weightOz: Math.round(((6 * 227 + 907) / 28.349523125) * 10) / 10 });
    expect(easypost.shipments.get(big.json().shipmentId)!.parcel).toMatchObject({ length: 40, width: 16, height: 12.1 });

    // the owner's pick is rated as asked; an unknown box is 404
    const picked = await labelRates(two.orderId, { lines: two.lines, boxId: ids['Net carton'] });
    expect(picked.json().boxId).toBe(ids['Net carton']);
    expect(easypost.shipments.get(picked.json().shipmentId)!.parcel).toMatchObject({ length: 40, width: 16, height: 12.1 });
    expect((await labelRates(two.orderId, { lines: two.lines, boxId: 999999 })).statusCode).toBe(404);
    expect((await labelRates(two.orderId, { lines: two.lines, boxId: 'big' })).statusCode).toBe(400);
  });

  it("sends the lines' own size when no box holds them, as before boxes", async () => {
    await addBox(cube);
    const two = await paddleOrder(2);
    const quoted = await labelRates(two.orderId, { lines: two.lines });
    expect(quoted.json()).toMatchObject({ boxId: null, weightOz: 16 });
    expect(easypost.shipments.get(quoted.json().shipmentId)!.parcel).toEqual({ weight: 16, length: 16.6, width: 7.9, height: 2 });
  });
});

describe("a label's PDF", () => {
  it('hands staff the PDF the carrier keeps, as a download; nobody else, and no PDF for a parcel without a label', async () => {
    const order = await paddleOrder(1);
    const quoted = (await labelRates(order.orderId, { lines: order.lines })).json();
    const bought = await admin.inject({
      method: 'POST',
      url: `/api/orders/${order.orderId}/shipments/label`,
      payload: { lines: order.lines, shipmentId: quoted.shipmentId, rateId: quoted.rates[0].id },
    });
    expect(bought.statusCode).toBe(200);
    const shipment = bought.json().fulfilment.shipments[0];
    const url = `/api/orders/${order.orderId}/shipments/${shipment.id}/label`;

    const pdf = await admin.inject({ method: 'GET', url });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.headers['content-disposition']).toBe(`attachment; filename="label-${order.orderNumber}-${shipment.id}.pdf"`);
    expect(pdf.body.startsWith('%PDF-')).toBe(true);
    expect(easypost.requests.some((request) => request.path === `/labels/${quoted.shipmentId}.pdf`)).toBe(true);

    const shopper = await t.signIn();
    expect((await shopper.inject({ method: 'GET', url })).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(401);
    // another order's id with this shipment, and a parcel shipped by hand, have no label here
    expect((await admin.inject({ method: 'GET', url: `/api/orders/${order.orderId + 1}/shipments/${shipment.id}/label` })).statusCode).toBe(404);
    const byHand = await paddleOrder(1);
    const shipped = await admin.inject({ method: 'POST', url: `/api/orders/${byHand.orderId}/shipments`, payload: { lines: byHand.lines, carrier: 'ups' } });
    expect(shipped.statusCode).toBe(200);
    const handId = shipped.json().fulfilment.shipments[0].id as number;
    expect((await admin.inject({ method: 'GET', url: `/api/orders/${byHand.orderId}/shipments/${handId}/label` })).statusCode).toBe(404);
  });
});
