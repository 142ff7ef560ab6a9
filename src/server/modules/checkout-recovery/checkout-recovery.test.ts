import { and, asc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkoutRecoveries, emailOutbox, orderItems, orders, productVariants } from '#server/db/schema.ts';
import { addProduct } from '#server/test/checkout-fixtures.ts';
import { createTestApp, type SignedIn, type TestApp } from '#server/test/test-app.ts';
import { sendDueReminders } from './send-reminders.ts';

// Abandoned-checkout reminders on this run's database (PGlite, or PostgreSQL with DATABASE_URL). The
// checkouts are written as the checkout leaves them (an unpaid order and its lines), backdated past the delay.
let t: TestApp;
let second: TestApp;
let admin: SignedIn;
let product: { id: number; variantId: number };
beforeAll(async () => {
  t = await createTestApp({ NEWSLETTER_RATE_LIMIT: '1000' });
  second = await createTestApp({}, { shareDatabaseWith: t });
  admin = await t.signIn({ admin: true });
  const row = await addProduct(t.db, { name: 'Recovery Paddle', price: '80.00', stock: 3 });
  const [variant] = await t.db.select().from(productVariants).where(eq(productVariants.productId, row.id));
  product = { id: row.id, variantId: variant!.id };
  const saved = await admin.inject({
    method: 'PUT',
    url: '/api/admin/newsletter/checkout-recovery',
    payload: {
      enabled: true,
      firstDelayMinutes: 60,
      secondEnabled: true,
      secondDelayMinutes: 1440,
      requireConsent: true,
      subject: 'Still thinking it over?',
      message: 'Your paddle is waiting.',
    },
  });
  expect(saved.statusCode, saved.body).toBe(200);
});
afterAll(async () => {
  await second.close();
  await t.close();
});

const linkIn = (text: string, path: string) => {
  const url = new URL(new RegExp(`(https?://\\S+${path}\\S+)`).exec(text)![1]!);
  return url.pathname + url.search;
};
const reminders = (to: string) =>
  t.db
    .select()
    .from(emailOutbox)
    .where(and(eq(emailOutbox.recipient, to), eq(emailOutbox.kind, 'checkout-reminder')))
    .orderBy(asc(emailOutbox.id));

async function subscribe(email: string) {
  await t.app.inject({ method: 'POST', url: '/api/newsletter', payload: { email } });
  const [confirmation] = await t.db
    .select()
    .from(emailOutbox)
    .where(and(eq(emailOutbox.recipient, email), eq(emailOutbox.kind, 'newsletter-confirm')));
  await t.app.inject({ method: 'GET', url: linkIn(confirmation!.text, '/api/newsletter/confirm') });
}

/** An order as checkout writes it, `minutesAgo` old. */
async function checkout(email: string, minutesAgo: number, paymentStatus: 'expired' | 'failed' | 'succeeded' = 'expired', quantity = 5) {
  const [order] = await t.db
    .insert(orders)
    .values({
      customerEmail: email,
      customerName: 'Pat Player',
      total: '80.00',
      paymentStatus,
      status: paymentStatus === 'succeeded' ? 'processing' : 'cancelled',
      createdAt: sql`now() - make_interval(mins => ${minutesAgo}::int)`,
    })
    .returning({ id: orders.id });
  await t.db
    .insert(orderItems)
    .values({ orderId: order!.id, productId: product.id, variantId: product.variantId, productName: 'Recovery Paddle', quantity, price: '80.00' });
  return order!.id;
}

describe('abandoned-checkout recovery', () => {
  it('reminds once, through two instances at once, with one-click unsubscribe headers and a cart link at today’s stock', async () => {
    await subscribe('left@example.com');
    await checkout('left@example.com', 90);
    const runs = await Promise.all([sendDueReminders(t.services.checkoutRecovery), sendDueReminders(second.services.checkoutRecovery)]);
    expect(runs.reduce((sum, run) => sum + run.first, 0)).toBe(1);
    await sendDueReminders(t.services.checkoutRecovery);
    const sent = await reminders('left@example.com');
    expect(sent).toHaveLength(1);
    expect(sent[0]!.subject).toBe('Still thinking it over? - Pickleball Shop');
    expect(sent[0]!.text).toContain('Your paddle is waiting.');
    expect(sent[0]!.text).toContain('5 × Recovery Paddle');
    expect(sent[0]!.headers).toMatchObject({ 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' });
    expect(sent[0]!.headers!['List-Unsubscribe']).toMatch(/^<http:\/\/localhost:\d+\/api\/checkout-recovery\/unsubscribe\?token=/);

    // the link's page asks the API for the lines: 5 were in the checkout, 3 are in stock today
    const restore = new URL(linkIn(sent[0]!.text, '/cart\\?restore='), 'http://shop');
    expect(restore.pathname).toBe('/cart');
    const cart = await t.app.inject({ method: 'GET', url: `/api/checkout-recovery/cart?token=${encodeURIComponent(restore.searchParams.get('restore')!)}` });
    expect(cart.statusCode, cart.body).toBe(200);
    expect(cart.json()).toEqual({ lines: [{ productId: product.id, variantId: product.variantId, quantity: 3 }] });
    const tampered = await t.app.inject({
      method: 'GET',
      url: `/api/checkout-recovery/cart?token=${restore.searchParams.get('restore')!.replace(/^\d+/, '999')}`,
    });
    expect(tampered.statusCode).toBe(400);
  });

  it('sends nothing before the delay, without consent when the owner requires it, or after a purchase; a purchase after a reminder recovers it', async () => {
    await subscribe('early@example.com');
    await checkout('early@example.com', 30);
    await checkout('stranger@example.com', 90);
    await subscribe('bought@example.com');
    await checkout('bought@example.com', 120);
    await checkout('bought@example.com', 100, 'succeeded');
    await subscribe('comes-back@example.com');
    const abandoned = await checkout('comes-back@example.com', 120);
    await sendDueReminders(t.services.checkoutRecovery);
    expect(await reminders('early@example.com')).toEqual([]);
    expect(await reminders('stranger@example.com')).toEqual([]);
    expect(await reminders('bought@example.com')).toEqual([]);
    expect(await reminders('comes-back@example.com')).toHaveLength(1);

    const bought = await checkout('comes-back@example.com', 0, 'succeeded');
    await sendDueReminders(t.services.checkoutRecovery);
    const [recovery] = await t.db.select().from(checkoutRecoveries).where(eq(checkoutRecoveries.orderId, abandoned));
    expect(recovery).toMatchObject({ status: 'recovered', recoveredOrderId: bought });
    const overview = await admin.inject({ method: 'GET', url: '/api/admin/newsletter/checkout-recovery' });
    expect(overview.json()).toMatchObject({ recovered: 1, settings: { enabled: true, subject: 'Still thinking it over?' } });

    // a day on, the second reminder goes only to checkouts neither bought nor unsubscribed
    await t.db
      .update(orders)
      .set({ createdAt: sql`now() - interval '25 hours'` })
      .where(eq(orders.id, abandoned));
    await sendDueReminders(t.services.checkoutRecovery);
    expect(await reminders('comes-back@example.com')).toHaveLength(1);
  });

  it('stops at a one-click unsubscribe, and sends the second reminder a day on otherwise', async () => {
    await subscribe('twice@example.com');
    const twice = await checkout('twice@example.com', 90);
    await subscribe('leaves@example.com');
    const leaves = await checkout('leaves@example.com', 90);
    await sendDueReminders(t.services.checkoutRecovery);
    const [reminder] = await reminders('leaves@example.com');
    const header = /^<(.+)>$/.exec(reminder!.headers!['List-Unsubscribe']!)![1]!;
    const oneClick = await t.app.inject({
      method: 'POST',
      url: new URL(header).pathname + new URL(header).search,
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: 'https://mail.example.net' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(oneClick.statusCode, oneClick.body).toBe(200);

    await t.db
      .update(orders)
      .set({ createdAt: sql`now() - interval '25 hours'` })
      .where(sql`${orders.id} in (${twice}, ${leaves})`);
    const run = await sendDueReminders(t.services.checkoutRecovery);
    expect(run.second).toBe(1);
    expect(await reminders('twice@example.com')).toHaveLength(2);
    expect(await reminders('leaves@example.com')).toHaveLength(1);
  });

  it('refuses settings out of range with the field’s message, and the settings to anyone but an admin', async () => {
    const bad = await admin.inject({
      method: 'PUT',
      url: '/api/admin/newsletter/checkout-recovery',
      payload: { enabled: true, firstDelayMinutes: 5, secondEnabled: false, secondDelayMinutes: 1440, requireConsent: true, subject: 'x', message: 'y' },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toContain('First reminder delay must be a whole number of minutes from 15 to 10080');
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/newsletter/checkout-recovery' })).statusCode).toBe(401);
  });
});
