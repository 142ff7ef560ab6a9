import { desc } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultTestOrderValues, TestEmailResult } from '#common/schemas/diagnostics.ts';
import { emailOutbox, orders, products, siteSettings } from '#server/db/schema.ts';
import { createTestApp, type SignedIn, type TestApp } from '#server/test/test-app.ts';
import { insertProducts } from '#server/test/catalog-fixtures.ts';

// POST /api/test-order-email: the customers' own order e-mail, for a test order.

let t: TestApp;
let admin: SignedIn;
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.signIn({ admin: true, email: 'owner@shop.example' });
  await t.db.update(siteSettings).set({ siteTitle: 'Dink Depot' });
});
afterAll(() => t.close());

const send = (payload?: unknown, who: SignedIn = admin) =>
  who.inject({ method: 'POST', url: '/api/test-order-email', ...(payload === undefined ? {} : { payload: payload as object }) });
const lastEmail = async () => (await t.db.select().from(emailOutbox).orderBy(desc(emailOutbox.id)).limit(1))[0]!;
const payload = (overrides: Record<string, unknown> = {}) => ({ ...defaultTestOrderValues('casey@example.com'), ...overrides });

describe('POST /api/test-order-email with no body', () => {
  it('sends the sample order (two items totalling 99.99) to the admin with the order confirmation template, saving no order', async () => {
    const res = await send();
    expect(res.statusCode, res.body).toBe(200);
    const body = TestEmailResult.parse(res.json());
    expect(body).toMatchObject({
      order: { total: '99.99', status: 'processing' },
      recipient: 'owner@shop.example',
      template: 'order-confirmation',
      delivery: 'stored',
    });
    expect(body.order.id).toBeGreaterThanOrEqual(900_000);
    expect(body.message).toBe(
      `Test order confirmation e-mail for order #${body.order.id} stored in the e-mail outbox (SMTP_URL is not set) to owner@shop.example`,
    );
    const email = await lastEmail();
    expect(email).toMatchObject({ kind: 'test-order-email', recipient: 'owner@shop.example', subject: `Order #${body.order.id} confirmed - Dink Depot` });
    expect(email.text).toContain('1 x Pro Carbon Paddle  $79.99');
    expect(email.text).toContain('1 x Outdoor Pickleballs (6-pack)  $20.00');
    expect(email.text).toContain('Total: $99.99');
    expect(await t.db.select().from(orders)).toEqual([]);
  });

  it('goes to the fulfilment e-mail when the admin has none, and is a 400 when there is neither', async () => {
    const noEmail = await t.signIn({ admin: true, email: '' });
    await t.db.update(siteSettings).set({ fulfillmentEmail: 'orders@shop.example' });
    const res = await send(undefined, noEmail);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().recipient).toBe('orders@shop.example');
    await t.db.update(siteSettings).set({ fulfillmentEmail: null });
    const refused = await send(undefined, noEmail);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toMatch(/e-mail address/);
  });
});

describe('POST /api/test-order-email with a test order', () => {
  it('sends the default (shipped) with the customers’ shipped template, tracking included, to the given address', async () => {
    const res = await send(payload({ trackingUrl: 'https://tracking.example/1Z' }));
    expect(res.statusCode, res.body).toBe(200);
    const body = TestEmailResult.parse(res.json());
    expect(body).toMatchObject({ order: { total: '38.38', status: 'shipped' }, recipient: 'casey@example.com', template: 'order-shipped' });
    const email = await lastEmail();
    expect(email).toMatchObject({ recipient: 'casey@example.com', subject: `Order #${body.order.id} has shipped - Dink Depot` });
    expect(email.text).toContain('Tracking number: 1Z999AA10123456784');
    expect(email.text).toContain('Track your package: https://tracking.example/1Z');
    expect(email.text).toContain('1 x Test Paddle  $29.99');
    expect(email.text).toContain('Shipping: $5.99');
    expect(email.text).toContain('Tax: $2.40');
    expect(email.text).toContain('Total: $38.38');
    expect(email.text).toContain('123 Test Street');
  });

  it('uses product names for product items, shows the coupon, and the confirmation template for other statuses', async () => {
    const [paddle] = await insertProducts(t.db, { name: 'Vortex Pro', price: '149.99', stock: 3 });
    const res = await send(
      payload({
        orderStatus: 'canceled',
        items: [
          { productId: paddle!.id, quantity: 2, price: 149.99 },
          { customName: 'Grip tape', quantity: 1, price: 5 },
        ],
        subtotal: 304.98,
        couponCode: 'SPRING10',
        couponDiscount: 30.5,
        tax: 0,
        shipping: 0,
        total: 274.48,
        address: { street: '9 Queen St', city: 'Toronto', state: 'ON', zipCode: 'M5H 2N2', country: 'CA' },
      }),
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ order: { total: '274.48', status: 'cancelled' }, template: 'order-confirmation' });
    const email = await lastEmail();
    expect(email.text).toContain('2 x Vortex Pro  $299.98');
    expect(email.text).toContain('1 x Grip tape  $5.00');
    expect(email.text).toContain('Discount (SPRING10): -$30.50');
    expect(email.text).toContain('Toronto, ON M5H 2N2');
    expect(email.text).toContain('CA');
    const [stock] = await t.db.select({ stock: products.stock }).from(products);
    expect(stock!.stock).toBe(3);
  });

  it('is a 400 naming a product that does not exist', async () => {
    const res = await send(payload({ items: [{ productId: 999_999, quantity: 1, price: 29.99 }] }));
    expect(res.statusCode).toBe(400);
    expect(res.json().issues).toEqual([{ path: 'items.0.productId', message: 'Product 999999 does not exist' }]);
  });

  it.each([
    [{ customerName: '' }, 'customerName', 'Customer name is required'],
    [{ customerEmail: 'nope' }, 'customerEmail', 'Valid email is required'],
    [{ address: { street: '', city: 'Austin', state: 'TX', zipCode: '78701' } }, 'address.street', 'Street address is required'],
    [{ address: { street: '1 St', city: '', state: 'TX', zipCode: '78701' } }, 'address.city', 'City is required'],
    [{ address: { street: '1 St', city: 'Austin', state: '', zipCode: '78701' } }, 'address.state', 'State is required'],
    [{ address: { street: '1 St', city: 'Austin', state: 'TX', zipCode: '' } }, 'address.zipCode', 'ZIP code is required'],
    [{ items: [] }, 'items', 'At least one item is required'],
    [{ items: [{ customName: 'Paddle', quantity: 0, price: 29.99 }] }, 'items.0.quantity', 'Quantity must be at least 1'],
    [{ items: [{ customName: 'Paddle', quantity: 1, price: 0 }] }, 'items.0.price', 'Price must be greater than 0'],
    [{ orderStatus: 'lost' }, 'orderStatus', 'Status must be one of pending, processing, shipped, delivered, canceled'],
    [{ subtotal: -1 }, 'subtotal', 'Subtotal must be greater than or equal to 0'],
    [{ tax: -1 }, 'tax', 'Tax must be greater than or equal to 0'],
    [{ shipping: -1 }, 'shipping', 'Shipping must be greater than or equal to 0'],
    [{ total: 0 }, 'total', 'Total must be greater than 0'],
    [{ couponDiscount: 'lots' }, 'couponDiscount', 'Discount must be a number'],
  ])('%j is a 400 with "%s: %s", sending nothing', async (change, path, message) => {
    const before = (await t.db.select().from(emailOutbox)).length;
    const res = await send(payload(change));
    expect(res.statusCode).toBe(400);
    expect(res.json().issues).toContainEqual({ path, message });
    expect((await t.db.select().from(emailOutbox)).length).toBe(before);
  });

  it('is a 400, not a 500, for a body of the wrong shape', async () => {
    for (const body of [{}, [], 'text', 42]) {
      const res = await admin.inject({
        method: 'POST',
        url: '/api/test-order-email',
        payload: JSON.stringify(body),
        headers: { 'content-type': 'application/json' },
      });
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
    }
  });
});

describe('POST /api/test-order-email when the mail server fails', () => {
  it('is a 502 carrying the reason in message and error, the message kept in the outbox as failed', async () => {
    const broken = await createTestApp({ SMTP_URL: 'smtp://127.0.0.1:9' });
    try {
      const owner = await broken.signIn({ admin: true, email: 'owner@shop.example' });
      const res = await owner.inject({ method: 'POST', url: '/api/test-order-email' });
      expect(res.statusCode).toBe(502);
      const body = res.json();
      expect(body.message).toMatch(/^The test e-mail could not be sent: /);
      expect(body.error).toBe(body.message);
      const [email] = await broken.db.select().from(emailOutbox);
      expect(email).toMatchObject({ kind: 'test-order-email', status: 'failed' });
    } finally {
      await broken.close();
    }
  });
});
