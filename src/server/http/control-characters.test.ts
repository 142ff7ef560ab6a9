import { count } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { brands, orders, users } from '#server/db/schema.ts';
import { multipartBody } from '#server/test/admin-test-kit.ts';
import { createTestApp, type SignedIn, type TestApp } from '#server/test/test-app.ts';
import { insertBrands, insertProductWithVariants } from '#server/test/catalog-fixtures.ts';
import { assertCleanText, findControlCharacter } from './control-characters.ts';

let t: TestApp;
let admin: SignedIn;
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.signIn({ admin: true });
});
afterAll(() => t.close());

const rowsIn = async (table: typeof users | typeof orders | typeof brands) => (await t.db.select({ n: count() }).from(table))[0]!.n;

const address = { line1: '1 Main St', city: 'Austin', state: 'TX', postalCode: '78701', country: 'US' };

describe('findControlCharacter', () => {
  it('names the first field holding a C0 control or DEL, deep in objects and arrays', () => {
    expect(findControlCharacter({ a: 'fine', b: { c: ['ok', 'bad\u0000'] } })).toBe('b.c.1');
    expect(findControlCharacter({ name: 'x\u007f' })).toBe('name');
    expect(findControlCharacter({ ['k\u0001']: 'v' })).toBe('k\u0001');
    expect(findControlCharacter('\u001b[31m')).toBe('');
  });

  it('lets tab, line feed, carriage return, other text and raw bodies through', () => {
    expect(findControlCharacter({ note: 'line one\r\nline two\tend', name: 'Zoë 🏓 ‮' })).toBeNull();
    expect(findControlCharacter(Buffer.from([0, 1, 2]))).toBeNull();
    expect(findControlCharacter({ n: 5, b: true, z: null })).toBeNull();
  });

  it('walks a deeply nested body without overflowing the stack', () => {
    let deep: unknown = 'end\u0000';
    for (let i = 0; i < 100_000; i += 1) deep = [deep];
    expect(findControlCharacter(deep)).toMatch(/^0(\.0)*$/);
  });
});

describe('control characters in requests', () => {
  const expectRefused = (res: { statusCode: number; json(): { message: string } }, field: string) => {
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(`${field}: must not contain control characters`);
  };

  it('refuses them in a query string (search)', async () => {
    expectRefused(await t.app.inject({ url: '/api/products?search=pad%00dle' }), 'search');
  });

  it('refuses them in a route parameter', async () => {
    expectRefused(await t.app.inject({ url: '/api/products/1%00' }), 'id');
  });

  it('refuses them in login and register, creating no account', async () => {
    const before = await rowsIn(users);
    expectRefused(await t.app.inject({ method: 'POST', url: '/api/login', payload: { username: 'pat\u0000', password: 'whatever-it-is' } }), 'username');
    const register = await t.app.inject({
      method: 'POST',
      url: '/api/register',
      payload: { username: 'pat', password: 'third-shot-drop-42\u0007', email: 'pat@example.com' },
    });
    expectRefused(register, 'password');
    expect(await rowsIn(users)).toBe(before);
  });

  it('refuses them in a coupon code', async () => {
    expectRefused(await t.app.inject({ method: 'POST', url: '/api/validate-coupon', payload: { code: 'SPRING\u0000' } }), 'code');
  });

  it('refuses them in a checkout customer name or nested address, creating no order', async () => {
    const body = {
      customerName: 'Pat\u0000Dinker',
      customerEmail: 'pat@example.com',
      phone: '',
      shippingAddress: address,
      items: [{ productId: 1, quantity: 1 }],
    };
    expectRefused(await t.app.inject({ method: 'POST', url: '/api/create-payment-intent', payload: body }), 'customerName');
    const nested = { ...body, customerName: 'Pat', shippingAddress: { ...address, line1: '1 Main\u001fSt' } };
    expectRefused(await t.app.inject({ method: 'POST', url: '/api/create-payment-intent', payload: nested }), 'shippingAddress.line1');
    expect(await rowsIn(orders)).toBe(0);
  });

  it('refuses them in admin text fields, JSON or multipart, creating no brand', async () => {
    expectRefused(await admin.inject({ method: 'POST', url: '/api/brands', payload: { name: 'Jo\u0000ola' } }), 'name');
    expectRefused(await admin.inject({ method: 'POST', url: '/api/brands', ...(await multipartBody({ name: 'Jo\u007fola' })) }), 'name');
    expect(await rowsIn(brands)).toBe(0);
  });

  it('leaves a webhook raw body alone', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/stripe/webhook',
      headers: { 'content-type': 'application/octet-stream' },
      payload: Buffer.from('{"x":"\u0000"}'),
    });
    expect(res.json().message ?? '').not.toMatch(/control characters/);
  });
});

describe('unpaired surrogates in requests', () => {
  it('are refused: the database would store U+FFFD, not the text sent; a pair (an emoji) is text', () => {
    expect(() => assertCleanText({ label: 'a\ud800' })).toThrow('label: must be valid Unicode text');
    expect(() => assertCleanText({ list: ['\udc00b'] })).toThrow('list.0: must be valid Unicode text');
    expect(() => assertCleanText({ name: '🏓 e\u0301 \u202e' })).not.toThrow();
  });

  it('in a product option label: a 400 naming the label, where the save was a 500 (found by the route fuzz)', async () => {
    const [brand] = await insertBrands(t.db, { name: 'Surrogate Brand' });
    const { product } = await insertProductWithVariants(t.db, {
      name: 'Surrogate Paddle',
      brandId: brand!.id,
      variants: [
        { sku: 'SP-14', price: '99.00', stock: 1, options: { core_thickness: '14 mm' } },
        { sku: 'SP-16', price: '99.00', stock: 1, options: { core_thickness: '16 mm' } },
      ],
    });
    const url = `/api/admin/products/${product.id}/document`;
    const document = (await admin.inject({ method: 'GET', url })).json<{ variants: { options: Record<string, string> }[] }>();
    document.variants[1]!.options.core_thickness = '\ud800';
    const res = await admin.inject({ method: 'PUT', url, headers: { 'content-type': 'application/json' }, payload: JSON.stringify(document) });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('variants.1.options.core_thickness: must be valid Unicode text');
  });
});
