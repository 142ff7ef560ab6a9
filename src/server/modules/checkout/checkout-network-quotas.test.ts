import { setTimeout as sleep } from 'node:timers/promises';
import { eq } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orders } from '#server/db/schema.ts';
import { addProduct, checkoutBody, configureShop, stockOf } from '#server/test/checkout-fixtures.ts';
import { createTestApp, type TestApp } from '#server/test/test-app.ts';

// Open-order quotas count by network as well as by address (decision 014): a client cannot multiply
// its quota by rotating addresses of one IPv4 /24, or of one IPv6 /64 (which is one address) or /48.

const limits = { CHECKOUT_OPEN_ORDERS_LIMIT: '3', CHECKOUT_OPEN_UNITS_LIMIT: '200', CHECKOUT_NETWORK_UNITS_LIMIT: '300', CHECKOUT_RATE_LIMIT: '1000' };
const NETWORK_FULL = /^Unpaid checkouts from your network hold \d+ items, and together they can hold at most 300\./;

describe('quotas by network, from the client address', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(limits);
    await configureShop(t.db);
  });
  afterAll(() => t.close());

  const hold = async (ip: string, units: number) => {
    const paddle = await addProduct(t.db, { price: '10.00', stock: 1000 });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/create-payment-intent',
      payload: checkoutBody([{ productId: paddle.id, quantity: units }]),
      remoteAddress: ip,
    });
    return { res, paddle };
  };

  // on PGlite the test's connection is the shop's own: another instance's lock cannot be held beside it
  it.runIf(process.env.DATABASE_URL)("waits, before its order statement, for another instance's payment for the same product", async () => {
    const paddle = await addProduct(t.db, { price: '10.00', stock: 10 });
    const otherInstance = new pg.Client({ connectionString: t.databaseUrl });
    await otherInstance.connect();
    try {
      await otherInstance.query('begin');
      await otherInstance.query("select pg_advisory_xact_lock(hashtext('checkout-product'), $1)", [paddle.id]);
      let answered = false;
      const payment = t.app.inject({
        method: 'POST',
        url: '/api/create-payment-intent',
        payload: checkoutBody([{ productId: paddle.id, quantity: 1 }]),
        remoteAddress: '100.64.7.1',
      });
      void payment.then(() => (answered = true));
      await sleep(500);
      expect(answered).toBe(false);
      expect(await stockOf(t.db, paddle.id)).toBe(10);
      await otherInstance.query('commit');
      expect((await payment).statusCode).toBe(200);
      expect(await stockOf(t.db, paddle.id)).toBe(9);
    } finally {
      await otherInstance.end();
    }
  });

  it('caps the units held by one IPv4 /24, however many addresses it uses; another /24 is not affected', async () => {
    for (const ip of ['203.0.113.1', '203.0.113.2', '203.0.113.3']) expect((await hold(ip, 100)).res.statusCode).toBe(200);
    const { res, paddle } = await hold('203.0.113.4', 1);
    expect(res.statusCode).toBe(429);
    expect(res.json().message).toMatch(NETWORK_FULL);
    expect(await stockOf(t.db, paddle.id)).toBe(1000);
    // 203.0.11.x and 203.0.1.x share the text "203.0.1" but not the network
    expect((await hold('203.0.114.1', 100)).res.statusCode).toBe(200);
    expect((await hold('203.0.11.1', 100)).res.statusCode).toBe(200);
  });

  it('finds a network by its prefix alone: the keys just after it in byte order are other networks', async () => {
    for (const ip of ['198.51.10.1', '198.51.10.2', '198.51.10.3']) expect((await hold(ip, 100)).res.statusCode).toBe(200);
    expect((await hold('198.51.10.4', 1)).res.statusCode).toBe(429);
    // "198.51.100.1" and "198.51.10/" sort after "198.51.10.": the range the statement reads ends before them
    expect((await hold('198.51.100.1', 100)).res.statusCode).toBe(200);
    expect((await hold('198.51.101.1', 100)).res.statusCode).toBe(200);
  });

  it('counts an IPv6 /64 as one address: rotating through it meets the per-address limits', async () => {
    const addresses = ['2001:db8:1:2::1', '2001:db8:1:2::2', '2001:db8:1:2:ffff:ffff:ffff:ffff', '2001:db8:1:2:abcd::9'];
    for (const ip of addresses.slice(0, 3)) expect((await hold(ip, 10)).res.statusCode).toBe(200);
    const fourth = await hold(addresses[3]!, 10);
    expect(fourth.res.statusCode).toBe(429);
    expect(fourth.res.json().message).toMatch(/^You already have 3 checkouts waiting for payment/);
    // the next /64 is another address
    expect((await hold('2001:db8:1:3::1', 10)).res.statusCode).toBe(200);
    const [row] = await t.db
      .select({ clientIp: orders.clientIp })
      .from(orders)
      .where(eq(orders.id, (await hold('2001:db8:1:4::7', 1)).res.json().orderId));
    expect(row!.clientIp).toBe('2001:0db8:0001:0004::/64');
  });

  it('caps the units held by one IPv6 /48 across its /64s; another /48 is not affected', async () => {
    for (const ip of ['2001:db8:5:1::1', '2001:db8:5:2::1', '2001:db8:5:3::1']) expect((await hold(ip, 100)).res.statusCode).toBe(200);
    const { res } = await hold('2001:db8:5:ffff::1', 1);
    expect(res.statusCode).toBe(429);
    expect(res.json().message).toMatch(NETWORK_FULL);
    expect((await hold('2001:db8:6:1::1', 100)).res.statusCode).toBe(200);
  });

  it('counts an IPv4 client seen as ::ffff:a.b.c.d as that IPv4 address', async () => {
    expect((await hold('198.51.100.7', 100)).res.statusCode).toBe(200);
    expect((await hold('::ffff:198.51.100.7', 100)).res.statusCode).toBe(200);
    const mapped = await hold('::ffff:198.51.100.7', 1);
    expect(mapped.res.statusCode).toBe(429);
    expect(mapped.res.json().message).toContain('at most 200 items at a time (yours hold 200)');
  });

  it('a closed order frees its units for the network', async () => {
    const opened = [];
    for (const ip of ['192.0.2.1', '192.0.2.2', '192.0.2.3']) opened.push((await hold(ip, 100)).res.json().orderId as number);
    expect((await hold('192.0.2.4', 50)).res.statusCode).toBe(429);
    await t.db
      .update(orders)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(orders.id, opened[0]!));
    expect((await hold('192.0.2.4', 50)).res.statusCode).toBe(200);
  });

  it('counts concurrent checkouts from many addresses of one /24 exactly', async () => {
    const paddle = await addProduct(t.db, { price: '10.00', stock: 1000 });
    const answers = await Promise.all(
      Array.from({ length: 12 }, (_, index) =>
        t.app.inject({
          method: 'POST',
          url: '/api/create-payment-intent',
          payload: checkoutBody([{ productId: paddle.id, quantity: 100 }]),
          remoteAddress: `100.64.9.${index + 1}`,
        }),
      ),
    );
    expect(answers.filter((answer) => answer.statusCode === 200)).toHaveLength(3);
    expect(answers.filter((answer) => answer.statusCode === 429)).toHaveLength(9);
    expect(await stockOf(t.db, paddle.id)).toBe(700);
  });
});

describe('quotas by network behind a proxy (TRUST_PROXY, X-Forwarded-For)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ ...limits, TRUST_PROXY: '1' });
    await configureShop(t.db);
  });
  afterAll(() => t.close());

  const hold = async (forwardedFor: string, units: number) => {
    const paddle = await addProduct(t.db, { price: '10.00', stock: 1000 });
    return t.app.inject({
      method: 'POST',
      url: '/api/create-payment-intent',
      payload: checkoutBody([{ productId: paddle.id, quantity: units }]),
      remoteAddress: '10.0.0.2',
      headers: { 'x-forwarded-for': forwardedFor },
    });
  };

  it('counts the forwarded client: a /64 rotated through is one address, a /24 is one network', async () => {
    for (let index = 1; index <= 3; index += 1) expect((await hold(`2001:db8:77:1::${index}`, 5)).statusCode).toBe(200);
    expect((await hold('2001:db8:77:1::99', 5)).statusCode).toBe(429);
    for (const ip of ['203.0.113.101', '203.0.113.102', '203.0.113.103']) expect((await hold(ip, 100)).statusCode).toBe(200);
    expect((await hold('203.0.113.104', 1)).statusCode).toBe(429);
  });

  it('a forwarded value that is no IP address is counted as itself, never a server error', async () => {
    for (let index = 0; index < 3; index += 1) expect((await hold('not-an-address', 1)).statusCode).toBe(200);
    const fourth = await hold('not-an-address', 1);
    expect(fourth.statusCode).toBe(429);
    expect((await hold('also:not::an:address:at:all:x', 1)).statusCode).toBe(200);
  });
});
