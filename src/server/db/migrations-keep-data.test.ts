import { and, asc, eq, lte, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrationsUpTo } from '#server/test/older-schema.ts';
import { createTestApp, type SignedIn, type TestApp } from '#server/test/test-app.ts';
import type { DatabaseHandle } from './client.ts';
import { orderItems, orders, productImages, products, productTypes, productVariants, stockLedger, stockReservations } from './schema.ts';

// A shop in the field has data at the schema of the last release. Every migration after it must
// keep that data readable as it was: this builds such a shop with the old schema's own SQL, upgrades
// it with every migration, and reads it back through the API. When a release becomes the baseline,
// move PREVIOUS_RELEASE to its last migration and write the old shop in that schema.
const PREVIOUS_RELEASE = '0004_password_reset_full_name';

async function buildOldShop(database: DatabaseHandle): Promise<void> {
  await database.migrate(await migrationsUpTo(PREVIOUS_RELEASE));
  const run = (statement: string) => database.db.execute(sql.raw(statement));
  await run(`insert into users (id, username, email, password_hash, is_admin) values
    (1, 'owner', 'owner@example.com', 'scrypt$not-a-real-hash', true),
    (2, 'dana', 'dana@example.com', 'scrypt$not-a-real-hash', false)`);
  await run(`insert into brands (id, name, description, image_url, is_featured) values
    (1, 'Court Kings', 'Paddles from Ohio', '/uploads/court-kings.webp', true),
    (2, 'Dink Co', null, null, false)`);
  await run(`insert into products (id, brand_id, name, sku, price, description, thickness, color, image_url, stock, release_date, is_featured, is_deleted) values
    (1, 1, 'Kings Carbon 16', 'CK-C16', 189.99, 'Raw carbon face', '16mm', 'Black', '/uploads/ck-c16.webp', 7, '2025-03-01T00:00:00Z', true, false),
    (2, 2, 'Dink Outdoor Balls (6)', 'DK-B6', 18.50, null, null, 'Optic yellow', null, 0, null, false, false),
    (3, 1, 'Kings Classic', 'CK-CL', 99.00, null, '13mm', null, null, 3, null, false, true),
    (4, 1, 'Kings Carbon 16', 'CK-C16-1', 179.99, null, '16mm', null, null, 0, null, false, true),
    (5, 2, 'Dink Co''s Pålé & Net 2000', null, 1.00, null, null, null, null, 0, null, false, true)`);
  await run(`insert into coupons (id, code, type, amount, usage_limit, times_used, is_active) values (1, 'SPRING10', 'percentage', 10, 5, 1, true)`);
  await run(`insert into orders (id, user_id, customer_email, customer_name, status, subtotal, total, street, city, state, zip_code, country,
      payment_status, payment_provider, stripe_payment_intent_id, card_brand, card_last4, tax_total, shipping_total, discount_total, coupon_code,
      tracking_number, tracking_url, tracking_added_at, carrier, created_at) values
    (1, 2, 'dana@example.com', 'Dana Reyes', 'shipped', 208.49, 200.60, '1 Court St', 'Austin', 'TX', '78701', 'US',
      'succeeded', 'simulated', 'sim_pi_old_1', 'visa', '4242', 13.77, 0, 20.85, 'SPRING10',
      '1Z999', 'https://www.ups.com/track?tracknum=1Z999', '2025-04-02T10:00:00Z', 'ups', '2025-04-01T09:00:00Z'),
    (2, null, 'sam@example.com', 'Sam Lee', 'pending', 189.99, 201.86, '9 Net Rd', 'Boston', 'MA', '02108', 'US',
      'pending', 'simulated', 'sim_pi_old_2', null, null, 11.87, 0, 0, null,
      null, null, null, null, '2025-04-03T09:00:00Z')`);
  await run(`update orders set expires_at = now() + interval '20 minutes', client_ip = '203.0.113.9' where id = 2`);
  await run(`insert into order_items (order_id, product_id, product_name, quantity, price) values
    (1, 1, 'Kings Carbon 16', 1, 189.99), (1, 2, 'Dink Outdoor Balls (6)', 1, 18.50), (2, 1, 'Kings Carbon 16', 1, 189.99)`);
  await run(`insert into stock_reservations (order_id, product_id, quantity, state, expires_at) values
    (1, 1, 1, 'committed', '2025-04-01T09:30:00Z'), (1, 2, 1, 'committed', '2025-04-01T09:30:00Z'),
    (2, 1, 1, 'held', now() + interval '20 minutes')`);
  await run(`insert into coupon_reservations (order_id, coupon_id, state, expires_at) values (1, 1, 'committed', '2025-04-01T09:30:00Z')`);
  await run(`insert into order_events (order_id, event, from_status, to_status, from_payment_status, to_payment_status, actor) values
    (1, 'pay', 'pending', 'processing', 'pending', 'succeeded', 'provider'),
    (1, 'mark_shipped', 'processing', 'shipped', 'succeeded', 'succeeded', 'admin:1')`);
  await run(
    `insert into site_settings (id, site_title, hero_title, tax_rate, shipping_cost) values (1, 'Kitchen Line Pickleball', 'Gear for the kitchen line', 6.25, 7.50)`,
  );
  await run(`insert into contact_info (id, email, phone) values (1, 'hello@kitchenline.example', '+1 512 555 0100')`);
  await run(`insert into policies (id, title1, content1) values (1, 'Returns', '30 days, unused.')`);
  await run(`insert into email_outbox (kind, recipient, subject, html, text, status) values
    ('order-confirmation', 'dana@example.com', 'Order #1 confirmed', '<p>Thanks</p>', 'Thanks', 'stored')`);
  // serial counters follow the explicit ids, as they would have in the old shop
  for (const table of ['users', 'brands', 'products', 'coupons', 'orders']) await run(`select setval('${table}_id_seq', (select max(id) from ${table}))`);
}

let t: TestApp;
let admin: SignedIn;
beforeAll(async () => {
  t = await createTestApp({}, { beforeMigrating: buildOldShop });
  admin = await t.signIn({ admin: true, username: 'upgrade-admin' });
});
afterAll(() => t.close());

describe(`a shop at the schema of ${PREVIOUS_RELEASE}, upgraded by every later migration`, () => {
  it('shows the same catalogue', async () => {
    const products = (await t.app.inject('/api/products')).json() as Record<string, unknown>[];
    expect(
      products.map(({ id, name, sku, price, stock, thickness, color, imageUrl, isFeatured }) => ({
        id,
        name,
        sku,
        price,
        stock,
        thickness,
        color,
        imageUrl,
        isFeatured,
      })),
    ).toEqual(
      expect.arrayContaining([
        {
          id: 1,
          name: 'Kings Carbon 16',
          sku: 'CK-C16',
          price: '189.99',
          stock: 7,
          thickness: '16mm',
          color: 'Black',
          imageUrl: '/uploads/ck-c16.webp',
          isFeatured: true,
        },
        {
          id: 2,
          name: 'Dink Outdoor Balls (6)',
          sku: 'DK-B6',
          price: '18.50',
          stock: 0,
          thickness: null,
          color: 'Optic yellow',
          imageUrl: null,
          isFeatured: false,
        },
      ]),
    );
    expect(products).toHaveLength(2);
    expect((await t.app.inject('/api/products/3')).statusCode).toBe(404);
    const product = (await t.app.inject('/api/products/1')).json();
    expect(product).toMatchObject({ description: 'Raw carbon face', releaseDate: '2025-03-01T00:00:00.000Z', brand: { name: 'Court Kings' } });
    const brands = (await t.app.inject('/api/brands')).json() as { name: string; isFeatured: boolean }[];
    expect(brands.map(({ name, isFeatured }) => ({ name, isFeatured }))).toEqual([
      { name: 'Court Kings', isFeatured: true },
      { name: 'Dink Co', isFeatured: false },
    ]);
  });

  // the backfill that came with slugs (docs/decisions/024): the app's slug of the name, -2 for a repeat
  it('gives every product and brand the address its name makes, unique', async () => {
    const rows = await t.db.select({ slug: products.slug }).from(products).orderBy(asc(products.id));
    expect(rows.map((row) => row.slug)).toEqual([
      'kings-carbon-16',
      'dink-outdoor-balls-6',
      'kings-classic',
      'kings-carbon-16-2',
      'dink-cos-pale-and-net-2000',
    ]);
    const brandRows = (await t.app.inject('/api/brands')).json() as { slug: string }[];
    expect(brandRows.map((brand) => brand.slug)).toEqual(['court-kings', 'dink-co']);
    expect((await t.app.inject('/api/products/kings-carbon-16')).json()).toMatchObject({ id: 1, slug: 'kings-carbon-16' });
  });

  it('shows the same orders, with their money, items, coupon and shipment', async () => {
    const orders = (await admin.inject({ method: 'GET', url: '/api/orders/active' })).json() as Record<string, unknown>[];
    const shipped = orders.find((order) => order.id === 1);
    expect(shipped).toMatchObject({
      status: 'shipped',
      paymentStatus: 'succeeded',
      subtotal: '208.49',
      discountTotal: '20.85',
      taxTotal: '13.77',
      total: '200.60',
      couponCode: 'SPRING10',
      carrier: 'ups',
      trackingNumber: '1Z999',
      customerName: 'Dana Reyes',
      items: [
        { productId: 1, productName: 'Kings Carbon 16', quantity: 1, price: '189.99' },
        { productId: 2, productName: 'Dink Outdoor Balls (6)', quantity: 1, price: '18.50' },
      ].map((item) => expect.objectContaining(item)),
    });
    expect(orders.find((order) => order.id === 2)).toMatchObject({ status: 'pending', paymentStatus: 'pending', total: '201.86' });
  });

  it('keeps what is promised: held stock, coupon uses, texts and the outbox', async () => {
    const held = await t.db
      .select()
      .from(stockReservations)
      .where(and(eq(stockReservations.orderId, 2), eq(stockReservations.state, 'held')));
    expect(held).toEqual([expect.objectContaining({ productId: 1, quantity: 1 })]);
    const coupons = (await admin.inject({ method: 'GET', url: '/api/coupons' })).json() as { code: string; timesUsed: number; usageLimit: number }[];
    expect(coupons).toEqual([expect.objectContaining({ code: 'SPRING10', timesUsed: 1, usageLimit: 5 })]);
    expect((await t.app.inject('/api/site-settings')).json()).toMatchObject({ siteTitle: 'Kitchen Line Pickleball', heroTitle: 'Gear for the kitchen line' });
    expect((await t.app.inject('/api/contact-info')).json()).toMatchObject({ email: 'hello@kitchenline.example' });
    expect((await t.app.inject('/api/policies')).json()).toMatchObject({ title1: 'Returns', content1: '30 days, unused.' });
    const outbox = (await admin.inject({ method: 'GET', url: '/api/admin/emails' })).json() as { subject: string }[];
    expect(outbox.map((email) => email.subject)).toContain('Order #1 confirmed');
  });

  it('sells every old product as one variant carrying its SKU, price, stock and image, typed by its name', async () => {
    // products 4 and 5 are there for the slug backfill
    const variants = await t.db.select().from(productVariants).where(lte(productVariants.productId, 3)).orderBy(asc(productVariants.productId));
    expect(variants.map(({ productId, sku, price, stock, optionKey }) => ({ productId, sku, price, stock, optionKey }))).toEqual([
      { productId: 1, sku: 'CK-C16', price: '189.99', stock: 7, optionKey: '' },
      { productId: 2, sku: 'DK-B6', price: '18.50', stock: 0, optionKey: '' },
      { productId: 3, sku: 'CK-CL', price: '99.00', stock: 3, optionKey: '' },
    ]);
    const [gallery] = await t.db.select().from(productImages).where(eq(productImages.productId, 1));
    expect(gallery).toMatchObject({ url: '/uploads/ck-c16.webp', alt: 'Kings Carbon 16', position: 0 });
    expect(variants[0]!.imageId).toBe(gallery!.id);
    const types = await t.db
      .select({ id: products.id, type: productTypes.slug, usapa: products.usapaStatus })
      .from(products)
      .innerJoin(productTypes, eq(productTypes.id, products.productTypeId))
      .where(lte(products.id, 3))
      .orderBy(asc(products.id));
    expect(types).toEqual([
      { id: 1, type: 'paddles', usapa: 'not_stated' },
      { id: 2, type: 'balls', usapa: 'not_stated' },
      { id: 3, type: 'paddles', usapa: 'not_stated' },
    ]);
    // order lines and held stock name the variant; a line keeps the SKU it sold as
    const lines = await t.db.select().from(orderItems).orderBy(asc(orderItems.id));
    expect(lines.map(({ variantId, sku, variantName }) => ({ variantId, sku, variantName }))).toEqual([
      { variantId: variants[0]!.id, sku: 'CK-C16', variantName: null },
      { variantId: variants[1]!.id, sku: 'DK-B6', variantName: null },
      { variantId: variants[0]!.id, sku: 'CK-C16', variantName: null },
    ]);
    const held = await t.db.select().from(stockReservations).where(eq(stockReservations.orderId, 2));
    expect(held).toEqual([expect.objectContaining({ productId: 1, variantId: variants[0]!.id, quantity: 1, state: 'held' })]);
  });

  it('gives held stock back to the variant and its product when the old unpaid order is cancelled', async () => {
    const stockBefore = (await t.db.select({ stock: products.stock }).from(products).where(eq(products.id, 1)))[0]!.stock;
    const cancelled = await admin.inject({ method: 'PATCH', url: '/api/orders/2/status', payload: { status: 'cancelled' } });
    expect(cancelled.statusCode).toBe(200);
    const [product] = await t.db.select({ stock: products.stock }).from(products).where(eq(products.id, 1));
    const [variant] = await t.db.select({ stock: productVariants.stock }).from(productVariants).where(eq(productVariants.productId, 1));
    expect(product!.stock).toBe(stockBefore + 1);
    expect(variant!.stock).toBe(stockBefore + 1);
    // the stock ledger opened with the old stock, and the give-back follows it: the entries sum to the level
    const [only] = await t.db.select({ id: productVariants.id }).from(productVariants).where(eq(productVariants.productId, 1));
    const ledger = await t.db.select().from(stockLedger).where(eq(stockLedger.variantId, only!.id)).orderBy(asc(stockLedger.id));
    expect(ledger.map(({ reason, change, level, orderId }) => ({ reason, change, level, orderId }))).toEqual([
      { reason: 'opening', change: stockBefore, level: stockBefore, orderId: null },
      { reason: 'cancel', change: 1, level: stockBefore + 1, orderId: 2 },
    ]);
  });

  it('gives every old order a public number of its own, and finds old products by their type', async () => {
    const numbers = await t.db.select({ orderNumber: orders.orderNumber }).from(orders);
    expect(numbers).toHaveLength(2);
    for (const { orderNumber } of numbers) expect(orderNumber).toMatch(/^PB-[2-9A-HJKMNP-TV-Z]{6}$/);
    expect(new Set(numbers.map((row) => row.orderNumber)).size).toBe(2);
    const found = (await t.app.inject('/api/products?search=paddles')).json() as { name: string }[];
    expect(found.map((product) => product.name)).toEqual(['Kings Carbon 16']);
  });

  it('keeps counting ids where the old shop stopped', async () => {
    const created = await admin.inject({ method: 'POST', url: '/api/brands', payload: { name: 'New Brand' } });
    expect(created.statusCode).toBe(201);
    expect(created.json().id).toBe(3);
  });
});
