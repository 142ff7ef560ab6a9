import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emailOutbox, productVariants, siteSettings, stockAlerts } from '#server/db/schema.ts';
import { multipartBody } from '#server/test/admin-test-kit.ts';
import { insertBrands, insertProducts, takeStock } from '#server/test/catalog-fixtures.ts';
import { checkoutBody, configureShop } from '#server/test/checkout-fixtures.ts';
import { createTestApp, type SignedIn, type TestApp } from '#server/test/test-app.ts';

// Back-in-stock alerts on this run's database (PGlite, or PostgreSQL with DATABASE_URL); without
// SMTP every e-mail stays in the outbox, where these tests read it.
let t: TestApp;
let admin: SignedIn;
let brandId: number;
beforeAll(async () => {
  t = await createTestApp({ STOCK_ALERT_RATE_LIMIT: '1000' });
  admin = await t.signIn({ admin: true });
  brandId = (await insertBrands(t.db, { name: 'Alerts' }))[0]!.id;
});
afterAll(() => t.close());

async function soldOutProduct(name: string) {
  const [product] = await insertProducts(t.db, { name, price: '120.00', brandId, stock: 0 });
  const [variant] = await t.db.select().from(productVariants).where(eq(productVariants.productId, product!.id));
  return { productId: product!.id, variantId: variant!.id };
}
const signUp = (body: unknown, as?: SignedIn) =>
  as
    ? as.inject({ method: 'POST', url: '/api/stock-alerts', payload: body as object })
    : t.app.inject({ method: 'POST', url: '/api/stock-alerts', payload: body as object });
const mailsTo = (to: string, kind: string) =>
  t.db
    .select()
    .from(emailOutbox)
    .where(and(eq(emailOutbox.recipient, to), eq(emailOutbox.kind, kind)))
    .orderBy(asc(emailOutbox.id));
const setStock = async (productId: number, stock: number, stockWas: number) =>
  admin.inject({ method: 'PATCH', url: `/api/products/${productId}`, ...(await multipartBody({ stock: String(stock), stockWas: String(stockWas) })) });
const linkIn = (text: string, path: string) => new URL(new RegExp(`(https?://\\S+${path}\\S+)`).exec(text)![1]!);

describe('back-in-stock alerts', () => {
  it('confirms guests by e-mail, then alerts the earliest confirmed ones, at most units x factor, each once', async () => {
    const { productId, variantId } = await soldOutProduct('Alert Paddle');
    const owner = await admin.inject({ method: 'POST', url: '/api/site-settings', payload: { stockAlertFactor: '1' } });
    expect(owner.statusCode, owner.body).toBe(200);
    expect((await admin.inject({ method: 'POST', url: '/api/site-settings', payload: { stockAlertFactor: '0' } })).json().message).toContain(
      'Back-in-stock factor must be a whole number from 1 to 100',
    );
    const emails = ['a1@example.com', 'a2@example.com', 'a3@example.com', 'a4@example.com', 'never-confirms@example.com'];
    for (const email of emails) {
      const res = await signUp({ variantId, email: email.toUpperCase() });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ status: 'unconfirmed', message: 'Check your inbox: confirm the alert with the link we sent you.' });
    }
    // signing up twice while waiting sends a fresh confirmation but keeps one sign-up
    expect((await signUp({ variantId, email: 'a1@example.com' })).statusCode).toBe(200);
    expect(await t.db.select().from(stockAlerts).where(eq(stockAlerts.variantId, variantId))).toHaveLength(5);
    for (const email of emails.slice(0, 4)) {
      const [confirmation] = await mailsTo(email, 'stock-alert-confirm');
      const link = linkIn(confirmation!.text, '/api/stock-alerts/confirm');
      const res = await t.app.inject({ method: 'GET', url: link.pathname + link.search });
      expect(res.statusCode).toBe(303);
      expect(res.headers.location).toBe(`/products/${productId}?variant=${variantId}&alert=confirmed`);
    }

    expect((await setStock(productId, 2, 0)).statusCode).toBe(200);
    expect((await mailsTo('a1@example.com', 'back-in-stock')).length + (await mailsTo('a2@example.com', 'back-in-stock')).length).toBe(2);
    expect(await mailsTo('a3@example.com', 'back-in-stock')).toEqual([]);
    const [alert] = await mailsTo('a1@example.com', 'back-in-stock');
    expect(alert!.subject).toBe('Back in stock: Alert Paddle - Pickleball Shop');
    expect(alert!.text).toContain(`/products/${productId}?variant=${variantId}`);
    expect(alert!.headers).toMatchObject({ 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' });
    expect(alert!.headers!['List-Unsubscribe']).toMatch(/^<http.*\/api\/stock-alerts\/unsubscribe\?token=/);

    // a stock edit that stays above 0 is no restock
    expect((await setStock(productId, 3, 2)).statusCode).toBe(200);
    expect(await mailsTo('a3@example.com', 'back-in-stock')).toEqual([]);
    // sold out and back: the rest of the confirmed queue, nobody twice, never the unconfirmed one
    await takeStock(t.db, productId, 3);
    expect((await setStock(productId, 5, 0)).statusCode).toBe(200);
    for (const email of emails.slice(0, 4)) expect(await mailsTo(email, 'back-in-stock'), email).toHaveLength(1);
    expect(await mailsTo('never-confirms@example.com', 'back-in-stock')).toEqual([]);
    await t.db.update(siteSettings).set({ stockAlertFactor: 3 });
  });

  it("takes a signed-in customer's own address as confirmed and counts the demand per variant for the admin", async () => {
    const { productId, variantId } = await soldOutProduct('Member Paddle');
    const member = await t.signIn({ email: 'member@example.com' });
    const res = await signUp({ variantId, email: 'Member@Example.com' }, member);
    expect(res.json()).toEqual({ status: 'pending', message: "You're on the list. We'll e-mail you once when it's back in stock." });
    expect(await mailsTo('member@example.com', 'stock-alert-confirm')).toEqual([]);
    const demand = await admin.inject({ method: 'GET', url: `/api/admin/stock-alerts?productId=${productId}` });
    expect(demand.json()).toEqual([{ variantId, waiting: 1 }]);
    expect((await member.inject({ method: 'GET', url: `/api/admin/stock-alerts?productId=${productId}` })).statusCode).toBe(403);
    expect((await admin.inject({ method: 'GET', url: '/api/admin/stock-alerts?productId=x' })).statusCode).toBe(400);
  });

  it('unsubscribes in one click; a tampered token is a 400 that changes nothing; no e-mail after unsubscribing', async () => {
    const { productId, variantId } = await soldOutProduct('Leaving Paddle');
    const member = await t.signIn({ email: 'leaver@example.com' });
    await signUp({ variantId, email: 'leaver@example.com' }, member);
    const [row] = await t.db.select().from(stockAlerts).where(eq(stockAlerts.email, 'leaver@example.com'));
    const link = new URL(t.services.stockAlerts.links.url('unsubscribe', row!.id));
    const token = link.searchParams.get('token')!;
    for (const bad of [`${token}x`, `${row!.id + 1}.${token.split('.')[1]}`, 'abc', '1.', `${row!.id}`]) {
      const res = await t.app.inject({ method: 'POST', url: `/api/stock-alerts/unsubscribe?token=${encodeURIComponent(bad)}` });
      expect(res.statusCode, bad).toBe(400);
    }
    expect((await t.app.inject({ method: 'POST', url: '/api/stock-alerts/unsubscribe' })).statusCode).toBe(400);
    // a confirm token is no unsubscribe token
    const confirmToken = new URL(t.services.stockAlerts.links.url('confirm', row!.id)).searchParams.get('token')!;
    expect((await t.app.inject({ method: 'POST', url: `/api/stock-alerts/unsubscribe?token=${confirmToken}` })).statusCode).toBe(400);
    expect((await t.db.select().from(stockAlerts).where(eq(stockAlerts.id, row!.id)))[0]!.status).toBe('pending');

    const page = await t.app.inject({ method: 'GET', url: link.pathname + link.search });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<form method="post"');
    expect((await t.db.select().from(stockAlerts).where(eq(stockAlerts.id, row!.id)))[0]!.status).toBe('pending');
    // what a mail client sends for List-Unsubscribe-Post
    const oneClick = await t.app.inject({
      method: 'POST',
      url: link.pathname + link.search,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(oneClick.statusCode).toBe(200);
    expect((await t.db.select().from(stockAlerts).where(eq(stockAlerts.id, row!.id)))[0]!.status).toBe('unsubscribed');
    expect((await setStock(productId, 4, 0)).statusCode).toBe(200);
    expect(await mailsTo('leaver@example.com', 'back-in-stock')).toEqual([]);
  });

  it('alerts on a restock by the product editor (document save) too', async () => {
    const { productId, variantId } = await soldOutProduct('Document Paddle');
    const member = await t.signIn({ email: 'doc@example.com' });
    await signUp({ variantId, email: 'doc@example.com' }, member);
    const loaded = await admin.inject({ method: 'GET', url: `/api/admin/products/${productId}/document` });
    const doc = loaded.json();
    doc.variants[0].stockWas = doc.variants[0].stock;
    doc.variants[0].stock = 1;
    const saved = await admin.inject({ method: 'PUT', url: `/api/admin/products/${productId}/document`, payload: doc });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(await mailsTo('doc@example.com', 'back-in-stock')).toHaveLength(1);
  });

  it('alerts when a declined checkout gives the last units back (a reservation released)', async () => {
    await configureShop(t.db);
    const [product] = await insertProducts(t.db, { name: 'Released Paddle', price: '70.00', brandId, stock: 2 });
    const [variant] = await t.db.select().from(productVariants).where(eq(productVariants.productId, product!.id));
    const checkout = await t.app.inject({
      method: 'POST',
      url: '/api/create-payment-intent',
      payload: checkoutBody([{ productId: product!.id, quantity: 2 }]),
    });
    expect(checkout.statusCode, checkout.body).toBe(200);
    const member = await t.signIn({ email: 'released@example.com' });
    expect((await signUp({ variantId: variant!.id, email: 'released@example.com' }, member)).statusCode).toBe(200);
    const nextYear = new Date().getUTCFullYear() + 1;
    const declined = await t.app.inject({
      method: 'POST',
      url: '/api/payments/simulated/confirm',
      payload: { paymentIntentId: checkout.json().paymentIntentId, card: { number: '4000000000000002', expMonth: 12, expYear: nextYear, cvc: '123' } },
    });
    expect(declined.json()).toMatchObject({ message: 'Your card was declined.' });
    expect(await mailsTo('released@example.com', 'back-in-stock')).toHaveLength(1);
  });

  it('refuses bad sign-ups with clear 4xx answers', async () => {
    const { variantId } = await soldOutProduct('Picky Paddle');
    const cases: Array<[unknown, number, string]> = [
      [{ variantId, email: 'not-an-email' }, 400, 'Please enter a valid email address'],
      [{ variantId }, 400, 'Email is required'],
      [{ email: 'x@example.com' }, 400, 'Choose a variant'],
      [{ variantId: -1, email: 'x@example.com' }, 400, 'Choose a variant'],
      [{ variantId, email: `${'a'.repeat(250)}@example.com` }, 400, 'Email must be at most 254 characters'],
      [{ variantId: 99999999, email: 'x@example.com' }, 404, 'Product not found'],
    ];
    for (const [body, status, message] of cases) {
      const res = await signUp(body);
      expect(res.statusCode, JSON.stringify(body)).toBe(status);
      expect(res.json().message).toBe(message);
    }
    const [inStock] = await insertProducts(t.db, { name: 'Stocked Paddle', price: '90.00', brandId, stock: 3 });
    const [stocked] = await t.db.select().from(productVariants).where(eq(productVariants.productId, inStock!.id));
    const res = await signUp({ variantId: stocked!.id, email: 'x@example.com' });
    expect(res.statusCode).toBe(409);
  });

  it('refuses sign-ups in bulk from one address with 429', async () => {
    const limited = await createTestApp({ STOCK_ALERT_RATE_LIMIT: '3' });
    try {
      const [product] = await insertProducts(limited.db, { name: 'Rush Paddle', price: '100.00', stock: 0 });
      const [variant] = await limited.db.select().from(productVariants).where(eq(productVariants.productId, product!.id));
      const statuses: number[] = [];
      for (let i = 0; i < 5; i += 1) {
        statuses.push(
          (await limited.app.inject({ method: 'POST', url: '/api/stock-alerts', payload: { variantId: variant!.id, email: `bulk${i}@example.com` } }))
            .statusCode,
        );
      }
      expect(statuses).toEqual([200, 200, 200, 429, 429]);
      expect(await limited.db.select().from(stockAlerts)).toHaveLength(3);
    } finally {
      await limited.close();
    }
  });
});
