import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '#server/test/test-app.ts';
import { addProduct, checkoutBody, configureShop } from '#server/test/checkout-fixtures.ts';

const TOKEN = 'scrape-token-0123456789';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ METRICS_TOKEN: TOKEN });
  await configureShop(t.db);
});
afterAll(() => t.close());

const scrape = async () => {
  const res = await t.app.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } });
  expect(res.statusCode).toBe(200);
  return res.body;
};

/** The value of one series, 0 when it is not there yet. */
function sample(text: string, name: string, labels: Record<string, string>): number {
  const wanted = Object.entries(labels).map(([key, value]) => `${key}="${value}"`);
  const line = text.split('\n').find((candidate) => candidate.startsWith(`${name}{`) && wanted.every((label) => candidate.includes(label)));
  return line ? Number(line.slice(line.lastIndexOf(' ') + 1)) : 0;
}

describe('GET /metrics', () => {
  it('answers only the configured bearer token', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/metrics' })).statusCode).toBe(401);
    const wrong = await t.app.inject({ method: 'GET', url: '/metrics', headers: { authorization: 'Bearer scrape-token-0123456780' } });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.headers['www-authenticate']).toMatch(/^Bearer/);
    const text = await scrape();
    expect(text).toContain('process_cpu_seconds_total');
    expect(text).toMatch(/shop_database_pool_connections\{driver="(pg|pglite)",state="total"\} \d+/);
  });

  it('is not there without a token configured', async () => {
    const bare = await createTestApp();
    try {
      const res = await bare.app.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } });
      expect(res.statusCode).toBe(404);
    } finally {
      await bare.close();
    }
  });

  it('times requests under their route pattern, never the raw address', async () => {
    const series = { route: '/api/products/:id', method: 'GET', status_class: '4xx' };
    const before = sample(await scrape(), 'http_request_duration_seconds_count', series);
    await t.app.inject({ method: 'GET', url: '/api/products/987654' });
    await t.app.inject({ method: 'GET', url: '/api/products/987655' });
    const text = await scrape();
    expect(sample(text, 'http_request_duration_seconds_count', series)).toBe(before + 2);
    expect(text).not.toContain('987654');
  });

  it('counts checkouts placed, refused by reason, and declined', async () => {
    const paddle = await addProduct(t.db, { price: '20.00', stock: 1 });
    const before = await scrape();
    const placed = await t.app.inject({ method: 'POST', url: '/api/create-payment-intent', payload: checkoutBody([{ productId: paddle.id, quantity: 1 }]) });
    expect(placed.statusCode).toBe(200);
    const soldOut = await t.app.inject({ method: 'POST', url: '/api/create-payment-intent', payload: checkoutBody([{ productId: paddle.id, quantity: 1 }]) });
    expect(soldOut.statusCode).toBe(409);
    const declined = await t.app.inject({
      method: 'POST',
      url: '/api/payments/simulated/confirm',
      payload: { paymentIntentId: placed.json().paymentIntentId, card: { number: '4000000000000002', expMonth: 12, expYear: 2099, cvc: '123' } },
    });
    expect(declined.json().status).toBe('failed');

    const after = await scrape();
    const moved = (labels: Record<string, string>) => sample(after, 'shop_checkouts_total', labels) - sample(before, 'shop_checkouts_total', labels);
    expect(moved({ outcome: 'placed' })).toBe(1);
    expect(moved({ outcome: 'refused', reason: 'conflict' })).toBe(1);
    expect(moved({ outcome: 'declined' })).toBe(1);
  });
});
