import { addCoupon, checkoutBody, configureShop } from '#server/test/checkout-fixtures.ts';
import { insertBrands, insertProductWithVariants } from '#server/test/catalog-fixtures.ts';
import type { SignedIn, TestApp } from '#server/test/test-app.ts';
import { requestExamples, type Example, type Role } from './fuzz-examples.ts';
import { multipartBody } from './multipart-bodies.ts';
import type { Hints } from './schema-values.ts';

/** The shop the fuzz runs against: a small catalogue, a paid order, a review, and who is signed in. */
export interface FuzzShop {
  hints: Hints;
  /** requests the shop accepts, for the fuzz to change a field of at a time */
  examples: Example[];
  /** the headers a role's requests carry (its session cookie) */
  cookie(role: Role): string | undefined;
  /** signs a role in again when a request ended its session (sign-out, a changed right) */
  keepSessions(): Promise<void>;
}

const nextYear = new Date().getUTCFullYear() + 1;
const card = { number: '4242424242424242', expMonth: 12, expYear: nextYear, cvc: '123' };

async function ok(response: Promise<{ statusCode: number; body: string; json(): unknown }>, what: string) {
  const answer = await response;
  if (answer.statusCode >= 300) throw new Error(`fuzz shop: ${what} answered ${answer.statusCode} ${answer.body}`);
  return answer.json() as Record<string, unknown>;
}

export async function openFuzzShop(t: TestApp): Promise<FuzzShop> {
  await configureShop(t.db, { taxRate: '8.25' });
  const [brand] = await insertBrands(t.db, { name: 'Fuzz Brand', description: 'Paddles for testing.' });
  const paddle = await insertProductWithVariants(t.db, {
    name: 'Fuzz Paddle',
    brandId: brand!.id,
    variants: [
      { sku: 'FZ-14', price: '99.99', stock: 100_000, options: { core_thickness: '14 mm' } },
      { sku: 'FZ-16', price: '109.99', stock: 0, options: { core_thickness: '16 mm' } },
    ],
  });
  const balls = await insertProductWithVariants(t.db, { name: 'Fuzz Balls', type: 'balls', variants: [{ sku: 'FZ-B', price: '12.50', stock: 100_000 }] });
  const coupon = await addCoupon(t.db, { code: 'FUZZ10', type: 'percentage', amount: '10' });
  const admin = await t.signIn({ admin: true });
  const customer = await t.signIn();
  // the sign-in fields name someone else: failed sign-ins must not lock the fuzz's own customer out
  const bystander = await t.signIn();

  const image = await ok(admin.inject({ method: 'POST', url: '/api/admin/images', ...asInject(multipartBody([pngPart()])) }), 'image upload');
  const order = await paidOrder(t, customer, paddle.product.id, paddle.variants[0]!.id);
  const guestOrder = await ok(
    t.app.inject({ method: 'POST', url: '/api/create-payment-intent', payload: checkoutBody([{ productId: balls.product.id, quantity: 2 }]) }),
    'guest checkout',
  );
  const view = await ok(customer.inject({ method: 'GET', url: `/api/orders/by-payment-intent/${order.paymentIntentId}` }), 'order view');
  const lookup = await ok(
    t.app.inject({ method: 'POST', url: '/api/orders/lookup', payload: { orderNumber: view.orderNumber, email: 'pat@example.com' } }),
    'order lookup',
  );
  const key = new URL(String(lookup.link), 'http://localhost').searchParams.get('key');
  await ok(admin.inject({ method: 'PATCH', url: `/api/orders/${order.orderId}/status`, payload: { status: 'shipped' } }), 'shipping');
  await ok(admin.inject({ method: 'PATCH', url: `/api/orders/${order.orderId}/status`, payload: { status: 'delivered' } }), 'delivery');
  await ok(admin.inject({ method: 'PUT', url: '/api/return-policy', payload: { windowDays: 30, conditions: 'Unused, in the box.' } }), 'return policy');
  const { order: adminView } = await ok(admin.inject({ method: 'GET', url: `/api/orders/${order.orderId}` }), 'order');
  const items = (adminView as { items: { id: number }[] }).items;
  const returned = await ok(
    customer.inject({
      method: 'POST',
      url: `/api/orders/number/${String(view.orderNumber)}/returns`,
      payload: { key, lines: [{ itemId: items[0]?.id, quantity: 1 }], reason: 'Too heavy', requestId: 'fuzz-return-1' },
    }),
    'return request',
  );
  const review = await ok(
    customer.inject({
      method: 'POST',
      url: `/api/products/${paddle.product.id}/reviews`,
      payload: { rating: 4, title: 'Fuzzed', body: 'Holds up.', skillLevel: '3.5', playFormat: 'doubles', playStyle: 'control', usagePeriod: '1_6_months' },
    }),
    'review',
  );

  const readText = async (url: string) => (await admin.inject({ method: 'GET', url })).body;
  const examples = await requestExamples((url) => ok(admin.inject({ method: 'GET', url }), url), readText, {
    productId: paddle.product.id,
    variantId: paddle.variants[0]!.id,
    orderId: order.orderId,
    orderNumber: String(view.orderNumber),
    itemId: items[0]!.id,
    reviewId: Number(review.id),
    returnId: (returned.returns as { id: number }[])[0]!.id,
    couponId: coupon.id,
    orderKey: key,
    guestPaymentIntentId: String(guestOrder.paymentIntentId),
    image: String(image.url),
  });

  const ids = [
    1,
    2,
    3,
    brand!.id,
    paddle.product.id,
    balls.product.id,
    coupon.id,
    order.orderId,
    Number(guestOrder.orderId),
    Number(review.id),
    (returned.returns as { id: number }[])[0]!.id,
    customer.id,
  ];
  const hints: Hints = {
    id: ids,
    productId: [paddle.product.id, balls.product.id],
    brandId: [brand!.id],
    variantId: [...paddle.variants, ...balls.variants].map((variant) => variant.id),
    itemId: items.map((item) => item.id),
    orderId: [order.orderId],
    paymentIntentId: [order.paymentIntentId, String(guestOrder.paymentIntentId)],
    orderNumber: [view.orderNumber],
    key: [key, paddle.product.slug, brand!.slug],
    code: ['FUZZ10'],
    couponCode: ['FUZZ10'],
    email: [`${bystander.username}@example.com`, 'pat@example.com'],
    customerEmail: ['pat@example.com'],
    username: [bystander.username],
    password: [bystander.password],
    number: ['4242424242424242', '4000000000000002', '4000000000009995'],
    state: ['TX', 'OR', 'CA'],
    zip: ['78701', '97201'],
    country: ['US'],
    ids: [`${paddle.product.id},${balls.product.id}`, String(paddle.variants[0]!.id)],
    quantity: [1, 2],
    productTypeId: [1, 2, 3],
    fulfillmentEmail: ['orders@shop.example'],
    customerName: ['Pat Dinker'],
    price: ['19.99', 24.5],
    compareAtPrice: ['129.99', null],
    amount: ['10', 5, '12.50'],
    unit_price: ['99.99'],
    taxRate: ['8.25', 0],
    shippingCost: ['5.99'],
    freeShippingThreshold: ['50', null],
    from: ['2026-01-01', '2020-06-01T00:00:00+02:00'],
    to: ['2030-12-31'],
    validFrom: ['2026-01-01', null],
    validTo: ['2030-01-01', null],
    releaseDate: ['2026-01-15', '2026-01-15T00:00:00.000Z', null],
    usapaCheckedOn: ['2026-01-15', null],
    url: [image.url],
    imageUrl: [image.url],
    heroImageUrl: [image.url],
    '*': [String(image.url).replace('/uploads/', '')],
    filename: [String(image.url).replace('/uploads/', '')],
  };

  const accounts = { customer, admin };
  const cookies: Record<'customer' | 'admin', string> = { customer: customer.cookie, admin: admin.cookie };
  const isSignedIn = async (role: 'customer' | 'admin', cookie: string) => {
    const me = await t.app.inject({ method: 'GET', url: '/api/user', headers: { cookie } });
    return me.statusCode === 200 && (me.json() as { isAdmin: boolean }).isAdmin === (role === 'admin');
  };
  return {
    hints,
    examples,
    cookie: (role) => (role === 'anonymous' ? undefined : cookies[role]),
    async keepSessions() {
      for (const role of ['customer', 'admin'] as const) {
        if (await isSignedIn(role, cookies[role])) continue;
        // the same account again, so the customer keeps their orders and review; a new one if it lost its rights
        const { username, password } = accounts[role];
        const login = await t.app.inject({ method: 'POST', url: '/api/login', payload: { username, password } });
        const sid = login.cookies.find((cookie) => cookie.name === 'sid');
        cookies[role] = sid ? `sid=${sid.value}` : '';
        if (!(await isSignedIn(role, cookies[role]))) {
          accounts[role] = await t.signIn({ admin: role === 'admin' });
          cookies[role] = accounts[role].cookie;
        }
      }
    },
  };
}

function pngPart() {
  const png = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');
  return { name: 'image', value: png, filename: 'paddle.png', type: 'image/png' };
}

const asInject = (body: { contentType?: string; payload: string | Buffer }) => ({ payload: body.payload, headers: { 'content-type': body.contentType! } });

async function paidOrder(t: TestApp, customer: SignedIn, productId: number, variantId: number) {
  const created = await ok(
    customer.inject({ method: 'POST', url: '/api/create-payment-intent', payload: checkoutBody([{ productId, variantId, quantity: 2 }]) }),
    'checkout',
  );
  const paymentIntentId = String(created.paymentIntentId);
  await ok(t.app.inject({ method: 'POST', url: '/api/payments/simulated/confirm', payload: { paymentIntentId, card } }), 'payment');
  return { orderId: Number(created.orderId), paymentIntentId };
}
