import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOW_STOCK_THRESHOLD } from '#common/constants.ts';
import { returnWindowSentence } from '#common/return-terms.ts';
import { thumbnailUrl, type Product, type ProductDetail } from '#common/schemas/catalog.ts';
import {
  attributeDefinitions,
  brands,
  contactInfo,
  policies,
  productAttributeValues,
  productImages,
  products,
  productTypes,
  productVariants,
  siteSettings,
} from '#server/db/schema.ts';
import { createTestApp, type TestApp } from '#server/test/test-app.ts';
import type { DiscountPreview } from '#common/schemas/discounts.ts';
import { DEMO_COVER } from './demo-discounts.ts';
import { DEMO_PRODUCTS } from './demo-products.ts';
import { seedDatabase } from './seed.ts';
import { insertBrands } from '#server/test/catalog-fixtures.ts';

describe('seedDatabase with SEED=demo', () => {
  let t: TestApp;
  let firstRun: boolean;
  beforeAll(async () => {
    t = await createTestApp();
    // an owner's own text survives the demo texts
    await t.db.update(siteSettings).set({ heroTitle: 'Our own hero' });
    firstRun = await seedDatabase(t.db, { mode: 'demo', images: t.images });
  });
  afterAll(() => t.close());

  it('loads at least 8 brands, 4 of them featured, with descriptions and logos', async () => {
    expect(firstRun).toBe(true);
    const rows = await t.db.select().from(brands);
    expect(rows.length).toBeGreaterThanOrEqual(8);
    expect(rows.filter((b) => b.isFeatured)).toHaveLength(4);
    for (const brand of rows) {
      expect(brand.description?.length).toBeGreaterThan(20);
      expect(brand.imageUrl).toMatch(/^\/uploads\/[a-z0-9-]+\.webp$/);
    }
  });

  it('loads at least 40 products in every category with unique SKUs and a spread of stock', async () => {
    const rows = await t.db.select().from(products);
    expect(rows.length).toBeGreaterThanOrEqual(40);
    expect(new Set(DEMO_PRODUCTS.map((p) => p.type))).toEqual(new Set(['paddles', 'balls', 'bags', 'shoes', 'apparel', 'nets', 'accessories', 'gift-card']));
    const skus = (await t.db.select({ sku: productVariants.sku }).from(productVariants)).map((v) => v.sku);
    expect(skus.every(Boolean) && new Set(skus).size === skus.length).toBe(true);
    const outOfStock = rows.filter((p) => p.stock === 0);
    const low = rows.filter((p) => p.stock >= 1 && p.stock < LOW_STOCK_THRESHOLD);
    const plenty = rows.filter((p) => p.stock >= LOW_STOCK_THRESHOLD);
    expect(outOfStock.length).toBeGreaterThanOrEqual(3);
    expect(low.length).toBeGreaterThanOrEqual(3);
    expect(plenty.length).toBeGreaterThanOrEqual(20);
    expect(rows.filter((p) => p.isFeatured).length).toBeGreaterThanOrEqual(6);
    for (const product of rows) {
      expect(product.brandId).not.toBeNull();
      expect(Number(product.price)).toBeGreaterThan(0);
      expect(product.description?.length).toBeGreaterThan(20);
      expect(product.releaseDate).toBeInstanceOf(Date);
      expect(product.imageUrl).toMatch(/^\/uploads\/[a-z0-9-]+\.webp$/);
    }
    const paddles = DEMO_PRODUCTS.filter((p) => p.type === 'paddles');
    expect(paddles.length).toBeGreaterThanOrEqual(12);
    for (const paddle of paddles) {
      const row = rows.find((p) => p.name === paddle.name)!;
      expect(row.thickness).toMatch(/^\d+mm(, \d+mm)*$/);
      expect(row.color).toBeTruthy();
    }
  });

  it('gives every paddle a full spec sheet, per variant where a value differs by thickness or grip', async () => {
    const [paddleType] = await t.db.select().from(productTypes).where(eq(productTypes.slug, 'paddles'));
    const sheet = await t.db.select().from(attributeDefinitions).where(eq(attributeDefinitions.productTypeId, paddleType!.id));
    // every field but the balance point, which few brands publish
    const required = sheet.filter((definition) => definition.key !== 'balance_point');
    expect(required.length).toBeGreaterThanOrEqual(13);
    const paddles = await t.db.select().from(products).where(eq(products.productTypeId, paddleType!.id));
    expect(paddles.length).toBeGreaterThanOrEqual(12);
    const values = await t.db.select().from(productAttributeValues);
    const variants = await t.db.select().from(productVariants);
    let multiVariant = 0;
    for (const paddle of paddles) {
      const own = variants.filter((v) => v.productId === paddle.id);
      if (own.length >= 4) multiVariant += 1;
      for (const definition of required) {
        const rowsOf = values.filter((v) => v.productId === paddle.id && v.attributeId === definition.id);
        // a product value, or one on every variant
        const covered = rowsOf.some((v) => v.variantId === null) || own.every((variant) => rowsOf.some((v) => v.variantId === variant.id));
        expect(covered, `${paddle.name}: ${definition.key}`).toBe(true);
      }
      const weight = values.find((v) => v.productId === paddle.id && v.attributeId === sheet.find((d) => d.key === 'static_weight')!.id)!;
      expect(Number(weight.numberMin)).toBeGreaterThanOrEqual(7);
      expect(Number(weight.numberMax)).toBeLessThanOrEqual(9.6);
      expect(Number(weight.numberMax)).toBeGreaterThan(Number(weight.numberMin));
    }
    // several paddles come in two thicknesses by two grips
    expect(multiVariant).toBeGreaterThanOrEqual(4);
    expect(new Set(paddles.map((p) => p.usapaStatus))).toEqual(new Set(['approved', 'not_approved', 'not_stated']));
    for (const paddle of paddles) expect(paddle.usapaCheckedOn === null).toBe(paddle.usapaStatus === 'not_stated');
  });

  it('sells out some variants of products still on sale, and keeps price and stock derived from the variants', async () => {
    const rows = await t.db.select().from(products);
    const variants = await t.db.select().from(productVariants);
    let partlySoldOut = 0;
    for (const product of rows) {
      const own = variants.filter((v) => v.productId === product.id);
      expect(own.length).toBeGreaterThanOrEqual(1);
      expect(product.stock).toBe(own.reduce((sum, v) => sum + v.stock, 0));
      expect(Number(product.price)).toBe(Math.min(...own.map((v) => Number(v.price))));
      expect(product.sku).toBe(own.length === 1 ? own[0]!.sku : null);
      if (product.stock > 0 && own.some((v) => v.stock === 0)) partlySoldOut += 1;
    }
    expect(partlySoldOut).toBeGreaterThanOrEqual(5);
    expect(variants.length).toBeGreaterThanOrEqual(120);
  });

  it('weighs and boxes every demo variant as its kind ships: a paddle about 8 oz, balls by the pack, shoes about 1 kg, a net system about 30 lb', async () => {
    const [giftCardType] = await t.db.select().from(productTypes).where(eq(productTypes.slug, 'gift-card'));
    const giftCards = new Set((await t.db.select().from(products).where(eq(products.productTypeId, giftCardType!.id))).map((product) => product.id));
    const variants = (await t.db.select().from(productVariants)).filter((variant) => !giftCards.has(variant.productId));
    for (const variant of variants) {
      expect(variant.weightGrams, `weight of ${variant.sku}`).toBeGreaterThan(0);
      expect(
        [variant.lengthMm, variant.widthMm, variant.heightMm].every((side) => side !== null && side > 0),
        `box of ${variant.sku}`,
      ).toBe(true);
    }
    const weightsOf = (type: string) =>
      DEMO_PRODUCTS.filter((product) => product.type === type).flatMap((product) => product.variants.map((variant) => variant.weightGrams as number));
    const within = (grams: number[], low: number, high: number) => grams.every((weight) => weight > low && weight < high);
    expect(within(weightsOf('paddles'), 200, 350)).toBe(true);
    expect(within(weightsOf('shoes'), 800, 1300)).toBe(true);
    const balls = DEMO_PRODUCTS.filter((product) => product.type === 'balls').flatMap((product) => product.variants);
    const perBall = balls.map((ball) => (ball.weightGrams as number) / Number(/^\d+/.exec(ball.options!.pack_size!)![0]));
    expect(Math.min(...perBall)).toBeGreaterThan(22);
    expect(Math.max(...perBall)).toBeLessThan(40);
    const net = DEMO_PRODUCTS.find((product) => product.name === 'Portable Net System')!;
    expect(net.variants[0]!.weightGrams).toBeGreaterThan(11_000);
  });

  it('sells a gift card in $25, $50 and $100 on the Amount axis of the Gift Card type, each amount pictured, e-mailed rather than shipped', async () => {
    const [giftCardType] = await t.db.select().from(productTypes).where(eq(productTypes.slug, 'gift-card'));
    const [card] = await t.db.select().from(products).where(eq(products.productTypeId, giftCardType!.id));
    expect(card).toMatchObject({ name: 'Gift Card', price: '25.00' });
    const res = await t.app.inject({ url: `/api/products/${card!.id}` });
    expect(res.statusCode, res.body).toBe(200);
    const page = res.json() as ProductDetail;
    expect(page.options.map((axis) => axis.key)).toEqual(['gift_card_amount']);
    expect(page.variants.map((variant) => [variant.options.map((option) => option.label), variant.price])).toEqual([
      [['$25'], '25.00'],
      [['$50'], '50.00'],
      [['$100'], '100.00'],
    ]);
    const variants = await t.db.select().from(productVariants).where(eq(productVariants.productId, card!.id));
    expect(new Set(variants.map((variant) => variant.imageId)).size).toBe(3);
    expect(variants.every((variant) => variant.weightGrams === null && variant.lengthMm === null && variant.stock >= 1000)).toBe(true);
  });

  it('shows each variant its own picture where it looks different (colours, indoor and outdoor balls)', async () => {
    const images = await t.db.select().from(productImages);
    const variants = await t.db.select().from(productVariants);
    const files = new Set(await readdir(path.join(t.dataDir, 'uploads')));
    for (const variant of variants) {
      const image = images.find((i) => i.id === variant.imageId);
      expect(image?.productId, `variant ${variant.sku}`).toBe(variant.productId);
      expect(files.has(image!.url.slice('/uploads/'.length))).toBe(true);
    }
    for (const image of images) expect(image.alt.length).toBeGreaterThan(5);
    const paddleGalleries = DEMO_PRODUCTS.filter((p) => p.type === 'paddles').map((p) => p.images.length);
    expect(Math.min(...paddleGalleries)).toBeGreaterThanOrEqual(2);
    expect(paddleGalleries.filter((n) => n >= 3).length).toBeGreaterThanOrEqual(5);
    // a colour variant points at a picture of its own
    const colorful = DEMO_PRODUCTS.filter((p) => new Set(p.variants.map((v) => v.image)).size > 1);
    expect(colorful.length).toBeGreaterThanOrEqual(6);
  });

  it('stores every image with its thumbnail, served under /uploads', async () => {
    const files = new Set(await readdir(path.join(t.dataDir, 'uploads')));
    const res = await t.app.inject({ url: '/api/products' });
    const items = res.json() as Product[];
    expect(items.length).toBeGreaterThanOrEqual(40);
    for (const item of items) {
      expect(files.has(item.imageUrl!.slice('/uploads/'.length))).toBe(true);
      expect(files.has(thumbnailUrl(item.imageUrl)!.slice('/uploads/'.length))).toBe(true);
    }
    const image = await t.app.inject({ url: items[0]!.imageUrl! });
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/webp');
  });

  it('writes the shop texts, keeping colours, tax and shipping at their defaults and the owner’s own texts', async () => {
    const [settings] = await t.db.select().from(siteSettings);
    expect(settings!.siteTitle).toMatch(/pickleball/i);
    expect(settings!.heroTitle).toBe('Our own hero');
    for (const key of [
      'heroDescription',
      'featuresTitle',
      'feature1Title',
      'feature3Description',
      'authPageTitle',
      'authPageCardTitle',
      'authPageHeroTitle',
      'authPageHeroDescription',
    ] as const) {
      expect(settings![key]).toBeTruthy();
    }
    expect(settings).toMatchObject({
      primaryColor: '#1e40af',
      headerColor: '#ffffff',
      bodyColor: '#f3f4f6',
      footerColor: '#1f2937',
      shippingCost: '5.99',
      freeShippingThreshold: '50.00',
    });
    expect(Number(settings!.taxRate)).toBe(0);

    const [contact] = await t.db.select().from(contactInfo);
    // "street, city, state, zip", the tax origin address
    expect(contact!.address).toMatch(/^[^,]+, [^,]+, [A-Z]{2}, \d{5}$/);
    expect(contact!.email).toMatch(/@/);

    const [policy] = await t.db.select().from(policies);
    expect([policy!.title1, policy!.title2, policy!.title3]).toEqual(['Privacy Policy', 'Terms and Conditions', 'Shipping & Returns']);
    for (const content of [policy!.content1, policy!.content2, policy!.content3]) {
      expect(content.split('\n').length).toBeGreaterThanOrEqual(4);
    }
  });

  it('takes returns for the 30 days its policy promises, and the policies page says so from the setting', async () => {
    const [settings] = await t.db.select().from(siteSettings);
    expect(settings!.returnWindowDays).toBe(30);
    expect(settings!.returnConditions).toContain('$6.95 label fee');
    // the free text leaves the window to the setting, so the two cannot disagree
    const [policy] = await t.db.select().from(policies);
    expect(policy!.content3).not.toMatch(/\d+ days of delivery for/);
    // what the policies page, the product pages and the order e-mail write the window from
    const shown = (await t.app.inject({ url: '/api/site-settings' })).json() as { returnWindowDays: number };
    expect(returnWindowSentence(shown.returnWindowDays)).toBe('Returns within 30 days of delivery: ask for one from your order page.');
  });

  it('does nothing the second time', async () => {
    const before = await t.db.select({ total: count() }).from(products);
    const files = (await readdir(path.join(t.dataDir, 'uploads'))).length;
    expect(await seedDatabase(t.db, { mode: 'demo', images: t.images })).toBe(false);
    expect(await t.db.select({ total: count() }).from(products)).toEqual(before);
    expect((await t.db.select({ total: count() }).from(brands))[0]!.total).toBe(8);
    expect((await readdir(path.join(t.dataDir, 'uploads'))).length).toBe(files);
  });

  describe('the demo discounts (decision 067)', () => {
    const preview = (items: Array<{ productId: number; variantId: number; quantity: number }>) =>
      t.app.inject({ method: 'POST', url: '/api/discounts/preview', payload: { items } }).then((res) => res.json() as DiscountPreview);
    const variantOf = async (name: string) => {
      const [row] = await t.db
        .select({ productId: products.id, variantId: productVariants.id, price: productVariants.price })
        .from(productVariants)
        .innerJoin(products, eq(products.id, productVariants.productId))
        .where(eq(products.name, name))
        .orderBy(productVariants.id)
        .limit(1);
      return { ...row!, cents: Math.round(Number(row!.price) * 100) };
    };

    it('takes 10 % off 12 balls, 15 % off 36, and nothing off 11', async () => {
      const ball = await variantOf('Club Ball');
      const at = (quantity: number) => preview([{ productId: ball.productId, variantId: ball.variantId, quantity }]);
      expect((await at(11)).discounts).toEqual([]);
      expect((await at(12)).discounts).toEqual([
        { kind: 'automatic', label: 'Balls: 10 % off', amountCents: Math.floor((12 * ball.cents * 1000 + 5000) / 10000), freeShipping: false },
      ]);
      expect((await at(36)).discounts[0]).toMatchObject({ label: 'Balls: 15 % off', amountCents: Math.floor((36 * ball.cents * 1500 + 5000) / 10000) });
    });

    it('gives a paddle cover half off with a paddle, and only then', async () => {
      const cover = await variantOf(DEMO_COVER);
      const paddle = await variantOf('Counterpunch Lite');
      const both = await preview([
        { productId: paddle.productId, variantId: paddle.variantId, quantity: 1 },
        { productId: cover.productId, variantId: cover.variantId, quantity: 1 },
      ]);
      expect(both.discounts).toEqual([
        { kind: 'automatic', label: 'Paddle + cover: 50 % off', amountCents: Math.floor((cover.cents * 5000 + 5000) / 10000), freeShipping: false },
      ]);
      expect(both.lines).toEqual([
        { variantId: paddle.variantId, discountCents: 0 },
        { variantId: cover.variantId, discountCents: both.discountCents },
      ]);
      expect((await preview([{ productId: cover.productId, variantId: cover.variantId, quantity: 1 }])).discounts).toEqual([]);
    });
  });

  // last: it empties this shop's catalogue (the tests above read it; one demo drawn for all of them)
  it('does not bring the demo back once the owner removed every product and brand', async () => {
    expect(firstRun).toBe(true);
    await t.signIn({ admin: true });
    await t.db.delete(products);
    await t.db.delete(brands);
    expect(await seedDatabase(t.db, { mode: 'demo', images: t.images })).toBe(false);
    expect(await t.db.select({ total: count() }).from(products)).toEqual([{ total: 0 }]);
  });
});

describe('seedDatabase on a catalogue that is not empty', () => {
  it('leaves a shop with only a brand alone', async () => {
    const t = await createTestApp();
    try {
      await insertBrands(t.db, { name: 'Mine' });
      expect(await seedDatabase(t.db, { mode: 'demo', images: t.images })).toBe(false);
      expect(await t.db.select({ total: count() }).from(products)).toEqual([{ total: 0 }]);
      const [settings] = await t.db.select().from(siteSettings);
      expect(settings!.siteTitle).toBeNull();
    } finally {
      await t.close();
    }
  });

  // both starts draw the whole demo before the loser finds the winner's catalogue: twice the usual time
  it('loads once when two starts race on one empty database', async () => {
    const t = await createTestApp();
    try {
      const results = await Promise.all([seedDatabase(t.db, { mode: 'demo', images: t.images }), seedDatabase(t.db, { mode: 'demo', images: t.images })]);
      expect(results.filter(Boolean)).toHaveLength(1);
      expect((await t.db.select({ total: count() }).from(brands))[0]!.total).toBe(8);
      // the loser's images were removed: one full image and one thumbnail per row
      const files = await readdir(path.join(t.dataDir, 'uploads'));
      expect(files.length).toBe(2 * (8 + DEMO_PRODUCTS.reduce((sum, p) => sum + p.images.length, 0)));
    } finally {
      await t.close();
    }
  }, 90_000);
});

describe('seedDatabase with SEED=none', () => {
  it('creates only the single-row tables and leaves the catalogue empty', async () => {
    const t = await createTestApp();
    try {
      await t.db.delete(siteSettings);
      expect(await seedDatabase(t.db, { mode: 'none', images: t.images })).toBe(false);
      expect(await t.db.select({ total: count() }).from(products)).toEqual([{ total: 0 }]);
      expect(await t.db.select({ total: count() }).from(brands)).toEqual([{ total: 0 }]);
      expect(await t.db.select({ id: siteSettings.id }).from(siteSettings)).toEqual([{ id: 1 }]);
      expect(await t.db.select({ id: contactInfo.id }).from(contactInfo).where(eq(contactInfo.id, 1))).toHaveLength(1);
      expect((await t.db.select().from(policies))[0]!.title1).toBe('');
      // a shop without the demo promises no returns until its owner sets a window
      expect((await t.db.select().from(siteSettings))[0]).toMatchObject({ returnWindowDays: 0, returnConditions: '' });
      expect((await t.app.inject({ url: '/api/products' })).json()).toEqual([]);
    } finally {
      await t.close();
    }
  });
});
