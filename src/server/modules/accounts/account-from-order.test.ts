import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ORDER_ALREADY_LINKED, ORDER_CLAIM_MISSING, ORDER_EMAIL_HAS_ACCOUNT, ORDER_NOT_PAID, SIGNED_IN_ALREADY } from '#common/schemas/order-account.ts';
import { emailOutbox, orders, products, savedAddresses, users } from '#server/db/schema.ts';
import { addProduct, checkoutBody, configureShop } from '#server/test/checkout-fixtures.ts';
import { createTestApp, type SignedIn, type TestApp } from '#server/test/test-app.ts';
import { WEAK_PASSWORD } from './password-strength.ts';

// A guest's paid order becomes an account from the thank-you page, only in the browser that placed it
// (decision 040): the claim cookie checkout sets, the confirmation page's read, and the route's refusals.

const nextYear = new Date().getUTCFullYear() + 1;
const STRONG = 'kitchen-line dinks at dawn';
let t: TestApp;
let emails = 0;

beforeAll(async () => {
  // every test here registers from the same address
  t = await createTestApp({ REGISTER_RATE_LIMIT: '200' });
  await configureShop(t.db);
});
afterAll(() => t.close());

const uniqueEmail = () => `guest${(emails += 1)}-${Date.now()}@example.com`;

/** A guest checkout: the payment id and the claim cookie's value the browser was given. */
async function placeGuestOrder(options: { email?: string; as?: SignedIn } = {}) {
  const product = await addProduct(t.db, { name: 'Thank-you Paddle', price: '40.00', stock: 5 });
  await t.db
    .update(products)
    .set({ imageUrl: `/uploads/thank-you-${product.id}.webp` })
    .where(eq(products.id, product.id));
  const inject = options.as ? options.as.inject : t.app.inject.bind(t.app);
  const res = await inject({
    method: 'POST',
    url: '/api/create-payment-intent',
    payload: checkoutBody([{ productId: product.id, quantity: 1 }], {
      customerEmail: options.email ?? uniqueEmail(),
      customerName: 'Dana Ray',
      phone: '555-0100',
    }),
  });
  expect(res.statusCode, res.body).toBe(200);
  const { paymentIntentId, orderId } = res.json() as { paymentIntentId: string; orderId: number };
  const claim = res.cookies.find((cookie) => cookie.name === 'order_claim');
  return { paymentIntentId, orderId, claim };
}

async function pay(paymentIntentId: string) {
  const paid = await t.app.inject({
    method: 'POST',
    url: '/api/payments/simulated/confirm',
    payload: { paymentIntentId, card: { number: '4242424242424242', expMonth: 12, expYear: nextYear, cvc: '123' } },
  });
  expect(paid.json().status).toBe('succeeded');
}

async function paidGuestOrder(email?: string) {
  const order = await placeGuestOrder({ email });
  await pay(order.paymentIntentId);
  return { ...order, claimValue: order.claim!.value };
}

const readOrder = (paymentIntentId: string, claimValue?: string) =>
  t.app.inject({ url: `/api/orders/by-payment-intent/${paymentIntentId}`, cookies: claimValue ? { order_claim: claimValue } : {} });

const createAccount = (body: Record<string, unknown>, claimValue?: string, extraCookies: Record<string, string> = {}) =>
  t.app.inject({
    method: 'POST',
    url: '/api/account/from-order',
    headers: { origin: 'http://localhost:80' },
    cookies: { ...(claimValue ? { order_claim: claimValue } : {}), ...extraCookies },
    payload: body,
  });

const ordersOf = async (orderId: number) => (await t.db.select().from(orders).where(eq(orders.id, orderId)))[0]!;

describe('the claim checkout gives the browser that placed a guest order', () => {
  it('is an httpOnly, same-site-only cookie for the API, two hours long; a signed-in checkout gets none', async () => {
    const { claim } = await placeGuestOrder();
    expect(claim).toMatchObject({ httpOnly: true, sameSite: 'Strict', path: '/api', maxAge: 7200 });
    expect(claim!.value).not.toContain('@');

    const shopper = await t.signIn();
    const signedIn = await placeGuestOrder({ as: shopper });
    expect(signedIn.claim).toBeUndefined();
  });
});

describe('GET /api/orders/by-payment-intent/:id', () => {
  it('answers the pictures, the shipping method and estimate, and for the claim a signed order link and the account offer', async () => {
    const { paymentIntentId, claimValue } = await paidGuestOrder();
    const res = await readOrder(paymentIntentId, claimValue);
    expect(res.statusCode).toBe(200);
    const view = res.json();
    expect(view.items).toHaveLength(1);
    expect(view.items[0].imageUrl).toMatch(/^\/uploads\/thank-you-\d+\.webp$/);
    expect(view.shipping.method).toBe('Standard shipping');
    expect(view.shipping.estimate.earliest <= view.shipping.estimate.latest).toBe(true);
    expect(view.accountOffer).toBe(true);
    expect(view.orderLink).toMatch(new RegExp(`^/orders/${view.orderNumber}\\?key=`));

    // the link opens the order page without signing in
    const key = new URL(view.orderLink, 'http://shop.test').searchParams.get('key')!;
    const page = await t.app.inject({ url: `/api/orders/number/${view.orderNumber}?key=${encodeURIComponent(key)}` });
    expect(page.statusCode).toBe(200);
    expect(page.json().orderNumber).toBe(view.orderNumber);
  });

  it('gives neither to someone holding only the payment id, nor the offer before the payment', async () => {
    const { paymentIntentId } = await paidGuestOrder();
    const bare = (await readOrder(paymentIntentId)).json();
    expect(bare).toMatchObject({ orderLink: null, accountOffer: false });

    const unpaid = await placeGuestOrder();
    expect((await readOrder(unpaid.paymentIntentId, unpaid.claim!.value)).json()).toMatchObject({ accountOffer: false });
  });

  it('ignores a claim for another order, a tampered one and an expired one', async () => {
    const first = await paidGuestOrder();
    const second = await paidGuestOrder();
    expect((await readOrder(first.paymentIntentId, second.claimValue)).json()).toMatchObject({ orderLink: null, accountOffer: false });
    expect((await readOrder(first.paymentIntentId, `${first.claimValue}x`)).json()).toMatchObject({ accountOffer: false });
    const expired = t.app.signCookie(`order-claim.v1.${first.orderId}.${Math.floor(Date.now() / 1000) - 1}`);
    expect((await readOrder(first.paymentIntentId, expired)).json()).toMatchObject({ accountOffer: false });
    const forged = `order-claim.v1.${first.orderId}.${Math.floor(Date.now() / 1000) + 3600}`;
    expect((await readOrder(first.paymentIntentId, forged)).json()).toMatchObject({ accountOffer: false });
  });
});

describe('POST /api/account/from-order', () => {
  it('creates the account on the order’s e-mail, signs in, attaches the order and saves its address; the order e-mail stays one', async () => {
    const email = uniqueEmail();
    const { paymentIntentId, orderId, claimValue } = await paidGuestOrder(email);
    // the thank-you page reloaded twice before the shopper chose a password
    for (let i = 0; i < 2; i += 1) {
      expect((await t.app.inject({ url: `/api/check-payment-status/${paymentIntentId}` })).json().success).toBe(true);
      expect((await readOrder(paymentIntentId, claimValue)).statusCode).toBe(200);
    }

    const res = await createAccount({ paymentIntentId, password: STRONG }, claimValue);
    expect(res.statusCode, res.body).toBe(201);
    const order = await ordersOf(orderId);
    expect(res.json()).toMatchObject({ user: { email, fullName: 'Dana Ray', isAdmin: false }, orderNumber: order.orderNumber, addressSaved: true });
    expect(res.json().user.username).toMatch(/^guest\d+-\d+$/);
    expect(order.userId).toBe(res.json().user.id);

    const sid = res.cookies.find((cookie) => cookie.name === 'sid')!;
    const signedIn = { cookie: `sid=${sid.value}` };
    const me = await t.app.inject({ url: '/api/user', headers: signedIn });
    expect(me.json()).toMatchObject({ email });
    const history = await t.app.inject({ url: '/api/orders/my-orders', headers: signedIn });
    expect(history.json().map((row: { id: number }) => row.id)).toEqual([orderId]);
    const book = await t.db.select().from(savedAddresses).where(eq(savedAddresses.userId, res.json().user.id));
    expect(book).toMatchObject([
      { fullName: 'Dana Ray', street: '1 Congress Ave', city: 'Austin', state: 'TX', zip: '78701', phone: '555-0100', isDefaultShipping: true },
    ]);
    // signing in with the e-mail and the new password works
    const login = await t.app.inject({ method: 'POST', url: '/api/login', payload: { username: email, password: STRONG } });
    expect(login.statusCode).toBe(200);

    // now the owner sees the plain order link, and no offer
    const again = await t.app.inject({ url: `/api/orders/by-payment-intent/${paymentIntentId}`, headers: signedIn });
    expect(again.json()).toMatchObject({ orderLink: `/orders/${order.orderNumber}`, accountOffer: false });

    const mails = (await t.db.select().from(emailOutbox)).filter((mail) => mail.kind === 'order-confirmation' && mail.recipient === email);
    expect(mails).toHaveLength(1);
  });

  it('refuses the same request twice: one account, the order linked once', async () => {
    const email = uniqueEmail();
    const { paymentIntentId, claimValue } = await paidGuestOrder(email);
    expect((await createAccount({ paymentIntentId, password: STRONG }, claimValue)).statusCode).toBe(201);

    const twice = await createAccount({ paymentIntentId, password: STRONG }, claimValue);
    expect(twice.statusCode).toBe(409);
    expect(twice.json().message).toBe(ORDER_ALREADY_LINKED);
    expect(await t.db.select().from(users).where(eq(users.email, email))).toHaveLength(1);
  });

  it('makes one account when the same request arrives twice at once', async () => {
    const email = uniqueEmail();
    const { paymentIntentId, orderId, claimValue } = await paidGuestOrder(email);
    const answers = await Promise.all([
      createAccount({ paymentIntentId, password: STRONG }, claimValue),
      createAccount({ paymentIntentId, password: STRONG }, claimValue),
    ]);
    expect(answers.map((res) => res.statusCode).sort()).toEqual([201, 409]);
    expect(answers.find((res) => res.statusCode === 409)!.json().message).toBe(ORDER_ALREADY_LINKED);
    const accounts = await t.db.select().from(users).where(eq(users.email, email));
    expect(accounts).toHaveLength(1);
    expect((await ordersOf(orderId)).userId).toBe(accounts[0]!.id);
    expect(await t.db.select().from(savedAddresses).where(eq(savedAddresses.userId, accounts[0]!.id))).toHaveLength(1);
  });

  it('refuses without the claim, with another order’s, a forged or an expired one: 403, the same words', async () => {
    const { paymentIntentId, orderId } = await paidGuestOrder();
    const other = await paidGuestOrder();
    const expired = t.app.signCookie(`order-claim.v1.${orderId}.${Math.floor(Date.now() / 1000) - 1}`);
    const forged = `order-claim.v1.${orderId}.${Math.floor(Date.now() / 1000) + 3600}`;
    for (const claim of [undefined, other.claimValue, expired, forged]) {
      const res = await createAccount({ paymentIntentId, password: STRONG }, claim);
      expect(res.statusCode).toBe(403);
      expect(res.json().message).toBe(ORDER_CLAIM_MISSING);
    }
    // an unknown payment id with a live claim answers the same
    const unknown = await createAccount({ paymentIntentId: 'pi_nobody_has_this', password: STRONG }, other.claimValue);
    expect(unknown.statusCode).toBe(403);
    expect(unknown.json().message).toBe(ORDER_CLAIM_MISSING);
    expect((await ordersOf(orderId)).userId).toBeNull();
  });

  it('refuses an unpaid order, an e-mail with an account, and a signed-in caller', async () => {
    const unpaid = await placeGuestOrder();
    const notPaid = await createAccount({ paymentIntentId: unpaid.paymentIntentId, password: STRONG }, unpaid.claim!.value);
    expect(notPaid.statusCode).toBe(409);
    expect(notPaid.json().message).toBe(ORDER_NOT_PAID);

    const member = await t.signIn({ email: uniqueEmail() });
    const [memberRow] = await t.db.select().from(users).where(eq(users.username, member.username));
    const taken = await paidGuestOrder(memberRow!.email!);
    const hasAccount = await createAccount({ paymentIntentId: taken.paymentIntentId, password: STRONG }, taken.claimValue);
    expect(hasAccount.statusCode).toBe(409);
    expect(hasAccount.json().message).toBe(ORDER_EMAIL_HAS_ACCOUNT);
    expect((await ordersOf(taken.orderId)).userId).toBeNull();

    const fresh = await paidGuestOrder();
    const signedIn = await member.inject({
      method: 'POST',
      url: '/api/account/from-order',
      cookies: { order_claim: fresh.claimValue },
      payload: { paymentIntentId: fresh.paymentIntentId, password: STRONG },
    });
    expect(signedIn.statusCode).toBe(409);
    expect(signedIn.json().message).toBe(SIGNED_IN_ALREADY);
  });

  it('holds the password to registration’s rule and checks the payment id', async () => {
    const { paymentIntentId, orderId, claimValue } = await paidGuestOrder();
    const cases: Array<[Record<string, unknown>, number, string]> = [
      [{ paymentIntentId, password: 'short' }, 400, 'Password must be at least 8 characters'],
      [{ paymentIntentId, password: 'password123' }, 400, WEAK_PASSWORD],
      [{ paymentIntentId }, 400, 'Password is required'],
      [{ paymentIntentId: 'no way!', password: STRONG }, 400, 'Invalid payment id'],
      [{ password: STRONG }, 400, 'Payment id is required'],
    ];
    for (const [body, status, message] of cases) {
      const res = await createAccount(body, claimValue);
      expect(res.statusCode, JSON.stringify(body)).toBe(status);
      expect(res.json().message).toBe(message);
    }
    expect((await ordersOf(orderId)).userId).toBeNull();
  });

  it('gives a taken username a suffix', async () => {
    await t.signIn({ username: 'sam.player', email: uniqueEmail() });
    const { paymentIntentId, claimValue } = await paidGuestOrder('sam.player@example.net');
    const res = await createAccount({ paymentIntentId, password: STRONG }, claimValue);
    expect(res.statusCode).toBe(201);
    expect(res.json().user.username).toMatch(/^sam\.player-\d{4}$/);
  });
});
