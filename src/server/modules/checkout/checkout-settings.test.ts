import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { siteSettings } from '#server/db/schema.ts';
import { addProduct, checkoutBody, configureShop } from '#server/test/checkout-fixtures.ts';
import { needPostgresServer } from '#server/test/postgres-server.ts';
import { createTestApp, type TestApp } from '#server/test/test-app.ts';

// Checkout keeps the owner's settings between payments (checkout-settings.ts); a change the owner makes
// must still reach the very next payment, on this instance and on the others.

const contact = (address: string) => ({
  email: 'hi@shop.example',
  phone: '',
  address,
  facebook: '',
  twitter: '',
  instagram: '',
  linkedin: '',
  businessHours: '',
});
const NEVADA_BUSINESS = '1 Strip Blvd, Las Vegas, NV, 89101';

async function totalsOf(t: TestApp, productId: number) {
  const res = await t.app.inject({ method: 'POST', url: '/api/create-payment-intent', payload: checkoutBody([{ productId, quantity: 1 }]) });
  expect(res.statusCode).toBe(200);
  return res.json().totals as { shipping: number; tax: number };
}

// kept with the response cache, and in production also without it (decision 089): RESPONSE_CACHE=off reads the
// catalogue afresh, not the owner's settings
describe.each<{ kept: string; env: Record<string, string> }>([
  { kept: 'with the response cache', env: { RESPONSE_CACHE: 'on' } },
  { kept: 'in production without the response cache', env: { NODE_ENV: 'production', RESPONSE_CACHE: 'off' } },
])('checkout settings on one instance, kept $kept', ({ env }) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(env);
    await configureShop(t.db);
  });
  afterAll(() => t.close());

  it('the next payment after the owner saves a shipping fee or business address charges the new one', async () => {
    const paddle = await addProduct(t.db, { price: '20.00', stock: 20 });
    // 5.99 shipping under 50; a Texas shop charges a Texas shopper 8.20 % of 20.00 and of the shipping (Texas taxes it)
    expect(await totalsOf(t, paddle.id)).toMatchObject({ shipping: 599, tax: 213 });
    // a change past the app is not read again at once: the settings are kept, not read per payment
    await t.db.update(siteSettings).set({ shippingCost: '1.00' }).where(eq(siteSettings.id, 1));
    expect(await totalsOf(t, paddle.id)).toMatchObject({ shipping: 599 });

    const admin = await t.signIn({ admin: true });
    expect((await admin.inject({ method: 'POST', url: '/api/site-settings', payload: { shippingCost: '8.99' } })).statusCode).toBe(200);
    expect(await totalsOf(t, paddle.id)).toMatchObject({ shipping: 899, tax: 238 });

    // the business address is the tax nexus: a shop in Nevada charges a Texas shopper no tax
    expect((await admin.inject({ method: 'POST', url: '/api/contact-info', payload: contact(NEVADA_BUSINESS) })).statusCode).toBe(200);
    expect(await totalsOf(t, paddle.id)).toMatchObject({ shipping: 899, tax: 0 });
  });
});

// The embedded database serves one process only: the second instance needs PostgreSQL.
const postgres = needPostgresServer(import.meta.url);

describe.skipIf(postgres.skip)('checkout settings on two instances on one PostgreSQL', () => {
  let first: TestApp;
  let second: TestApp;
  beforeAll(async () => {
    first = await createTestApp({ RESPONSE_CACHE: 'on' }, { postgresServer: postgres.url() });
    second = await createTestApp({ RESPONSE_CACHE: 'on' }, { shareDatabaseWith: first });
    await configureShop(first.db);
  });
  afterAll(async () => {
    await second?.close();
    await first?.close();
  });

  it('a shipping fee the owner saves on one is charged by the other’s next payments within a second', async () => {
    const paddle = await addProduct(first.db, { price: '20.00', stock: 50 });
    expect(await totalsOf(second, paddle.id)).toMatchObject({ shipping: 599 });

    const admin = await first.signIn({ admin: true });
    expect((await admin.inject({ method: 'POST', url: '/api/site-settings', payload: { shippingCost: '9.99' } })).statusCode).toBe(200);
    const deadline = Date.now() + 1000;
    let shipping = (await totalsOf(second, paddle.id)).shipping;
    while (shipping !== 999 && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      shipping = (await totalsOf(second, paddle.id)).shipping;
    }
    expect(shipping).toBe(999);
  });
});
