import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { convert } from 'xmlbuilder2';
import { isValidGtin } from '#common/gtin.ts';
import { productVariants, siteSettings } from '#server/db/schema.ts';
import { multipartBody } from '#server/test/admin-test-kit.ts';
import { insertBrands, insertProductWithVariants } from '#server/test/catalog-fixtures.ts';
import { createTestApp, type SignedIn, type TestApp } from '#server/test/test-app.ts';

// The Google Merchant Center feed, parsed as XML and held to the fields the feed specification requires
// of every item (https://support.google.com/merchants/answer/7052112), with the response cache on.
let t: TestApp;
let admin: SignedIn;
let paddleId: number;
beforeAll(async () => {
  t = await createTestApp({ RESPONSE_CACHE: 'on' });
  admin = await t.signIn({ admin: true });
  const [brand] = await insertBrands(t.db, { name: 'Feed Brand' });
  const paddle = await insertProductWithVariants(t.db, {
    name: 'Feed Paddle',
    brandId: brand!.id,
    description: 'A paddle <with> "markup" & ampersands',
    images: [{ url: '/uploads/feed-a.webp' }, { url: '/uploads/feed-b.webp' }],
    variants: [
      { sku: 'FEED-16-BLU', price: '99.00', compareAtPrice: '129.00', stock: 4, options: { core_thickness: '16 mm', color: 'Blue' }, image: 1 },
      { sku: 'FEED-14-RED', price: '109.00', stock: 0, options: { core_thickness: '14 mm', color: 'Red' } },
    ],
  });
  paddleId = paddle.product.id;
  await insertProductWithVariants(t.db, {
    name: 'Feed Balls',
    type: 'balls',
    images: [{ url: '/uploads/feed-balls.webp' }],
    variants: [{ sku: 'FEED-BALLS', price: '12.99', stock: 10 }],
  });
  await insertProductWithVariants(t.db, { name: 'Feed Grip', variants: [{ sku: 'FEED-NO-PICTURE', price: '9.00', stock: 3 }] });
  await t.db.update(productVariants).set({ gtin: '036000291452' }).where(eq(productVariants.sku, 'FEED-16-BLU'));
  await t.db.update(productVariants).set({ mpn: 'FP-14R' }).where(eq(productVariants.sku, 'FEED-14-RED'));
  await t.db.update(siteSettings).set({ shippingCost: '5.99', freeShippingThreshold: '100.00' });
});
afterAll(() => t.close());

type FeedItem = Record<string, unknown>;
async function readFeed(): Promise<{ channel: Record<string, unknown>; items: FeedItem[]; raw: string; contentType: string }> {
  const res = await t.app.inject({ method: 'GET', url: '/feeds/google.xml' });
  expect(res.statusCode).toBe(200);
  const doc = convert(res.body, { format: 'object' }) as { rss: { '@version': string; '@xmlns:g': string; channel: Record<string, unknown> } };
  expect(doc.rss['@version']).toBe('2.0');
  expect(doc.rss['@xmlns:g']).toBe('http://base.google.com/ns/1.0');
  const item = doc.rss.channel.item;
  return {
    channel: doc.rss.channel,
    items: (Array.isArray(item) ? item : [item]) as FeedItem[],
    raw: res.body,
    contentType: String(res.headers['content-type']),
  };
}
const byId = (items: FeedItem[], id: string) => items.find((item) => item['g:id'] === id)!;

describe('the Google Merchant Center feed', () => {
  it('gives every variant an item with every field the specification requires', async () => {
    const { items, contentType } = await readFeed();
    expect(contentType).toContain('application/rss+xml');
    const variants = await t.db.select({ sku: productVariants.sku }).from(productVariants);
    // every variant but the one of a product without a picture, which Google would refuse
    expect(items.map((item) => item['g:id']).sort()).toEqual(
      variants
        .map((variant) => variant.sku)
        .filter((sku) => sku !== 'FEED-NO-PICTURE')
        .sort(),
    );
    for (const item of items) {
      const id = String(item['g:id']);
      for (const field of ['g:id', 'title', 'description', 'link', 'g:image_link', 'g:price', 'g:availability', 'g:condition', 'g:item_group_id', 'g:shipping'])
        expect(item[field], `${id}: ${field}`).toBeDefined();
      expect(String(item.title).length, id).toBeLessThanOrEqual(150);
      expect(String(item['g:price']), id).toMatch(/^\d+\.\d{2} USD$/);
      expect(['in_stock', 'out_of_stock'], id).toContain(item['g:availability']);
      expect(item['g:condition']).toBe('new');
      expect(String(item.link)).toMatch(/^http:\/\/localhost:\d+\/products\//);
      expect(String(item['g:image_link'])).toMatch(/^http/);
      // a unique product identifier, or the statement that there is none
      const identified = item['g:gtin'] !== undefined || item['g:mpn'] !== undefined;
      expect(identified || item['g:identifier_exists'] === 'no', id).toBe(true);
      if (item['g:gtin'] !== undefined) expect(isValidGtin(String(item['g:gtin'])), id).toBe(true);
      expect(item['g:shipping']).toMatchObject({ 'g:country': 'US', 'g:price': expect.stringMatching(/^\d+\.\d{2} USD$/) });
    }
  });

  it('writes a variant’s sale, stock, identifiers, options, images and preselected link, its texts escaped', async () => {
    const { items, raw } = await readFeed();
    expect(raw).toContain('<description>A paddle &lt;with&gt; "markup" &amp; ampersands</description>');
    const blue = byId(items, 'FEED-16-BLU');
    const [blueVariant] = await t.db.select().from(productVariants).where(eq(productVariants.sku, 'FEED-16-BLU'));
    expect(blue).toMatchObject({
      title: 'Feed Paddle - 16 mm, Blue',
      'g:item_group_id': `P${paddleId}`,
      'g:price': '129.00 USD',
      'g:sale_price': '99.00 USD',
      'g:availability': 'in_stock',
      'g:brand': 'Feed Brand',
      'g:gtin': '036000291452',
      'g:color': 'Blue',
      'g:shipping': { 'g:country': 'US', 'g:service': 'Standard', 'g:price': '5.99 USD' },
    });
    expect(String(blue.link)).toMatch(new RegExp(`/products/feed-paddle\\?variant=${blueVariant!.id}$`));
    expect(String(blue['g:image_link'])).toMatch(/\/uploads\/feed-b\.webp$/);
    expect(blue['g:additional_image_link']).toBeDefined();
    expect(blue['g:identifier_exists']).toBeUndefined();
    expect(byId(items, 'FEED-14-RED')).toMatchObject({ 'g:price': '109.00 USD', 'g:availability': 'out_of_stock', 'g:mpn': 'FP-14R', 'g:color': 'Red' });
    expect(byId(items, 'FEED-14-RED')['g:sale_price']).toBeUndefined();
    // from the free-shipping threshold, shipping is free
    expect(byId(items, 'FEED-14-RED')['g:shipping']).toMatchObject({ 'g:price': '0.00 USD' });
    expect(byId(items, 'FEED-BALLS')).toMatchObject({ 'g:identifier_exists': 'no', 'g:price': '12.99 USD' });
  });

  it('is answered from the response cache and shows a change made through the admin at once', async () => {
    const before = await readFeed();
    expect(byId(before.items, 'FEED-BALLS')['g:price']).toBe('12.99 USD');
    const [balls] = await t.db.select().from(productVariants).where(eq(productVariants.sku, 'FEED-BALLS'));
    // a write behind the app's back is not seen while the cached answer lives: the feed comes from the cache
    await t.db.update(productVariants).set({ price: '13.99' }).where(eq(productVariants.sku, 'FEED-BALLS'));
    expect(byId((await readFeed()).items, 'FEED-BALLS')['g:price']).toBe('12.99 USD');
    const saved = await admin.inject({ method: 'PATCH', url: `/api/products/${balls!.productId}`, ...(await multipartBody({ price: '14.49' })) });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(byId((await readFeed()).items, 'FEED-BALLS')['g:price']).toBe('14.49 USD');
  });
});

describe("a variant's GTIN and MPN in the product document", () => {
  const documentUrl = () => `/api/admin/products/${paddleId}/document`;
  async function loaded() {
    const res = await admin.inject({ method: 'GET', url: documentUrl() });
    expect(res.statusCode, res.body).toBe(200);
    const doc = res.json();
    for (const variant of doc.variants) variant.stockWas = variant.stock;
    return doc;
  }

  it('refuses a GTIN whose check digit is wrong, saves a valid one, and keeps it when a sender leaves the field out', async () => {
    const doc = await loaded();
    expect(doc.variants[0]).toMatchObject({ gtin: '036000291452' });
    expect(doc.variants[0].mpn).toBeUndefined();
    doc.variants[0].gtin = '036000291453';
    const refused = await admin.inject({ method: 'PUT', url: documentUrl(), payload: doc });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toContain('GTIN must be 8, 12, 13 or 14 digits with a valid check digit');

    doc.variants[0].gtin = '4006381333931';
    doc.variants[0].mpn = 'FP-16B';
    const saved = await admin.inject({ method: 'PUT', url: documentUrl(), payload: doc });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(byId((await readFeed()).items, 'FEED-16-BLU')).toMatchObject({ 'g:gtin': '4006381333931', 'g:mpn': 'FP-16B' });

    // the product editor's rows do not send identifiers: its save keeps them
    const editorSave = await loaded();
    for (const variant of editorSave.variants) {
      delete variant.gtin;
      delete variant.mpn;
    }
    editorSave.description = 'Saved from the editor';
    expect((await admin.inject({ method: 'PUT', url: documentUrl(), payload: editorSave })).statusCode).toBe(200);
    expect((await loaded()).variants[0]).toMatchObject({ gtin: '4006381333931', mpn: 'FP-16B' });
  });
});
