import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SavedProductDocument } from '#common/schemas/product-document.ts';
import { optionTypes, optionValues, orderItems, products, productTypes, productVariants } from '#server/db/schema.ts';
import { expectAdminOnly } from '#server/test/admin-test-kit.ts';
import { insertBrands, insertProducts } from '#server/test/catalog-fixtures.ts';
import { checkoutBody, configureShop } from '#server/test/checkout-fixtures.ts';
import { createTestApp, type SignedIn, type TestApp } from '#server/test/test-app.ts';
import { sortValueOf } from './product-document-checks.ts';

let t: TestApp;
let admin: SignedIn;
let brandId: number;
let paddles: number;
let bags: number;
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.signIn({ admin: true });
  await configureShop(t.db);
  const [brand] = await insertBrands(t.db, { name: 'Docs Brand' });
  brandId = brand!.id;
  const types = await t.db.select().from(productTypes);
  paddles = types.find((type) => type.slug === 'paddles')!.id;
  bags = types.find((type) => type.slug === 'bags')!.id;
});
afterAll(() => t.close());

let skuCounter = 0;
const sku = (prefix = 'DOC') => `${prefix}-${(skuCounter += 1)}`;

/** A paddle in 14 and 16 mm by two grip sizes, with a gallery and a spec sheet. */
function paddleDocument(overrides: Record<string, unknown> = {}) {
  return {
    name: 'Vector Pro',
    brandId,
    productTypeId: paddles,
    description: 'Raw carbon, thermoformed',
    images: [
      { url: 'https://img.example/vector-1.jpg', alt: 'Front' },
      { url: 'https://img.example/vector-2.jpg', alt: 'Back' },
    ],
    variants: [
      { sku: sku(), price: '199.99', stock: 3, options: { core_thickness: '14 mm', grip_size: '4 1/4 in' }, image: 0 },
      { sku: sku(), price: '189.99', stock: 4, options: { core_thickness: '16 mm', grip_size: '4 1/4 in' }, image: 1 },
      { sku: sku(), price: '199.99', compareAtPrice: '229.99', stock: 0, options: { core_thickness: '14 mm', grip_size: '4 3/8 in' } },
      { sku: sku(), price: '209.99', stock: 5, options: { core_thickness: '16 mm', grip_size: '4 3/8 in' } },
    ],
    attributes: [
      { key: 'static_weight', value: { min: 7.8, max: 8.2 } },
      { key: 'shape', value: 'Elongated' },
      { key: 'length', value: 16.5 },
      { key: 'static_weight', variant: 1, value: { min: 8.0, max: 8.4 } },
    ],
    ...overrides,
  };
}

const create = (payload: object) => admin.inject({ method: 'POST', url: '/api/admin/products/document', payload });
const put = (id: number, payload: object) => admin.inject({ method: 'PUT', url: `/api/admin/products/${id}/document`, payload });
const read = async (id: number): Promise<SavedProductDocument> => (await admin.inject({ method: 'GET', url: `/api/admin/products/${id}/document` })).json();
const productRow = async (id: number) => (await t.db.select().from(products).where(eq(products.id, id)))[0]!;
const variantRows = (id: number) => t.db.select().from(productVariants).where(eq(productVariants.productId, id)).orderBy(productVariants.position);

/** A saved document as an editor sends it back: every variant's stock as loaded. */
const asLoaded = (doc: SavedProductDocument) => ({ ...doc, variants: doc.variants.map((variant) => ({ ...variant, stockWas: variant.stock })) });

async function created(overrides: Record<string, unknown> = {}): Promise<SavedProductDocument> {
  const res = await create(paddleDocument(overrides));
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}

describe('sort values of option labels', () => {
  it.each([
    ['4 1/4 in', 4.25],
    ['16 mm', 16],
    ['10.5', 10.5],
    ['3-pack', 3],
    ['Black', null],
    ['XL', null],
  ])('%s sorts as %s', (label, value) => expect(sortValueOf(label)).toBe(value));
});

describe('POST /api/admin/products/document', () => {
  it('creates a product with its variants, gallery and spec values, and the derived price, stock, SKU and image', async () => {
    const doc = await created();
    expect(doc).toMatchObject({ name: 'Vector Pro', brandId, productTypeId: paddles, usapaStatus: 'not_stated', isFeatured: false });
    expect(doc.variants.map((variant) => [variant.price, variant.stock, variant.options, variant.image])).toEqual([
      ['199.99', 3, { core_thickness: '14 mm', grip_size: '4 1/4 in' }, 0],
      ['189.99', 4, { core_thickness: '16 mm', grip_size: '4 1/4 in' }, 1],
      ['199.99', 0, { core_thickness: '14 mm', grip_size: '4 3/8 in' }, null],
      ['209.99', 5, { core_thickness: '16 mm', grip_size: '4 3/8 in' }, null],
    ]);
    expect(doc.variants[2]!.compareAtPrice).toBe('229.99');
    expect(doc.attributes).toEqual([
      { key: 'static_weight', value: { min: 7.8, max: 8.2 } },
      { key: 'shape', value: 'Elongated' },
      { key: 'length', value: 16.5 },
      { key: 'static_weight', variant: 1, value: { min: 8, max: 8.4 } },
    ]);
    const row = await productRow(doc.id);
    expect(row).toMatchObject({ price: '189.99', stock: 12, sku: null, imageUrl: 'https://img.example/vector-1.jpg' });
    expect(await read(doc.id)).toEqual(doc);
  });

  it('gives a single-variant product its SKU, and the product page reads it', async () => {
    const only = sku('ONLY');
    const doc = await created({ name: 'Solo', variants: [{ sku: only, price: '99.00', stock: 2 }], attributes: [] });
    expect(await productRow(doc.id)).toMatchObject({ sku: only, price: '99.00', stock: 2 });
    const page = await t.app.inject(`/api/products/${doc.id}`);
    expect(page.json()).toMatchObject({ sku: only, price: '99.00', stock: 2 });
  });

  it('creates a new option value on first use with the number it sorts by, shared afterwards', async () => {
    const label = '15 mm';
    const doc = await created({
      name: 'Fifteen',
      variants: [{ sku: sku(), price: '150', stock: 1, options: { core_thickness: label } }],
      attributes: [],
    });
    const [axis] = await t.db.select().from(optionTypes).where(eq(optionTypes.key, 'core_thickness'));
    const values = await t.db.select().from(optionValues).where(eq(optionValues.optionTypeId, axis!.id));
    expect(values.filter((value) => value.label === label)).toEqual([expect.objectContaining({ sortValue: '15.0000' })]);
    await created({ name: 'Fifteen II', variants: [{ sku: sku(), price: '150', stock: 1, options: { core_thickness: label } }], attributes: [] });
    expect((await t.db.select().from(optionValues).where(eq(optionValues.optionTypeId, axis!.id))).filter((value) => value.label === label)).toHaveLength(1);
    expect(doc.variants[0]!.options).toEqual({ core_thickness: label });
    const types = (await t.app.inject('/api/product-types')).json();
    const thickness = types.find((type: { slug: string }) => type.slug === 'paddles').options[0];
    expect(thickness.key).toBe('core_thickness');
    expect(thickness.values.map((value: { label: string }) => value.label)).toEqual(['13 mm', '14 mm', '15 mm', '16 mm']);
  });
});

describe('GET /api/product-types', () => {
  it('lists every type with its axes (their values in size order) and spec sheet, for anyone', async () => {
    const res = await t.app.inject('/api/product-types');
    expect(res.statusCode).toBe(200);
    const types = res.json();
    expect(types.map((type: { slug: string }) => type.slug).slice(0, 7)).toEqual(['paddles', 'balls', 'shoes', 'bags', 'nets', 'apparel', 'accessories']);
    const paddle = types[0];
    expect(paddle.options.map((option: { key: string }) => option.key)).toEqual(['core_thickness', 'grip_size', 'color']);
    expect(paddle.options[1].values.map((value: { label: string; sortValue: number }) => [value.label, value.sortValue])).toEqual([
      ['4 in', 4],
      ['4 1/8 in', 4.125],
      ['4 1/4 in', 4.25],
      ['4 3/8 in', 4.375],
    ]);
    expect(paddle.attributes[0]).toMatchObject({ key: 'static_weight', kind: 'range', unit: 'oz', isFilter: true });
  });
});

describe('PUT /api/admin/products/:id/document', () => {
  it('saving the document as loaded changes nothing, not even updated_at', async () => {
    const doc = await created();
    const before = await productRow(doc.id);
    const res = await put(doc.id, asLoaded(doc));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual(doc);
    expect((await productRow(doc.id)).updatedAt).toEqual(before.updatedAt);
  });

  it('updates kept variants, adds new ones, deletes missing ones and re-derives the product', async () => {
    const doc = await created();
    const [first, , third] = doc.variants;
    const res = await put(doc.id, {
      ...asLoaded(doc),
      images: [{ url: 'https://img.example/vector-2.jpg', alt: 'Back' }],
      variants: [
        { ...first!, price: '179.00', stockWas: first!.stock, stock: 9, image: 0 },
        { ...third!, stockWas: third!.stock },
        { sku: sku(), price: '250.00', stock: 1, options: { core_thickness: '13 mm', grip_size: '4 in' } },
      ],
      attributes: [{ key: 'shape', value: 'hybrid' }],
    });
    expect(res.statusCode, res.body).toBe(200);
    const saved: SavedProductDocument = res.json();
    expect(saved.variants.map((variant) => variant.id).slice(0, 2)).toEqual([first!.id, third!.id]);
    expect(saved.variants.map((variant) => [variant.price, variant.stock, variant.image])).toEqual([
      ['179.00', 9, 0],
      ['199.99', 0, null],
      ['250.00', 1, null],
    ]);
    // the choice as the sheet spells it
    expect(saved.attributes).toEqual([{ key: 'shape', value: 'Hybrid' }]);
    expect(await productRow(doc.id)).toMatchObject({ price: '179.00', stock: 10, imageUrl: 'https://img.example/vector-2.jpg' });
    expect(await variantRows(doc.id)).toHaveLength(3);
  });

  it('lets two variants swap SKUs and combinations in one save', async () => {
    const doc = await created();
    const [a, b] = doc.variants;
    const res = await put(doc.id, {
      ...asLoaded(doc),
      variants: [{ ...a!, sku: b!.sku, options: b!.options }, { ...b!, sku: a!.sku, options: a!.options }, ...asLoaded(doc).variants.slice(2)],
    });
    expect(res.statusCode, res.body).toBe(200);
    const saved: SavedProductDocument = res.json();
    expect(saved.variants[0]).toMatchObject({ id: a!.id, sku: b!.sku, options: b!.options });
  });

  it('keeps order lines of a deleted variant whose orders were never paid, unlinked', async () => {
    const doc = await created();
    const sold = doc.variants[1]!;
    const checkout = await t.app.inject({
      method: 'POST',
      url: '/api/create-payment-intent',
      payload: checkoutBody([{ productId: doc.id, variantId: sold.id, quantity: 1 } as { productId: number; quantity: number }]),
    });
    expect(checkout.statusCode, checkout.body).toBe(200);
    // declined: the order holds nothing any more (one that does is refused: product-document-variant-guard.test.ts)
    const card = { number: '4000000000000002', expMonth: 12, expYear: new Date().getUTCFullYear() + 1, cvc: '123' };
    const declined = await t.app.inject({
      method: 'POST',
      url: '/api/payments/simulated/confirm',
      payload: { paymentIntentId: checkout.json().paymentIntentId, card },
    });
    expect(declined.json().status).toBe('failed');
    const res = await put(doc.id, { ...asLoaded(doc), variants: asLoaded(doc).variants.filter((variant) => variant.id !== sold.id) });
    expect(res.statusCode, res.body).toBe(200);
    const lines = await t.db.select().from(orderItems).where(eq(orderItems.productId, doc.id));
    expect(lines).toEqual([expect.objectContaining({ variantId: null, sku: sold.sku, quantity: 1 })]);
  });

  it('refuses a changed stock whose stockWas is stale with 409 naming the variant, saving nothing', async () => {
    const doc = await created();
    const variant = doc.variants[0]!;
    await t.db.update(productVariants).set({ stock: 1 }).where(eq(productVariants.id, variant.id));
    const res = await put(doc.id, {
      ...asLoaded(doc),
      name: 'Renamed',
      variants: [{ ...variant, stockWas: 3, stock: 10 }, ...asLoaded(doc).variants.slice(1)],
    });
    expect(res.statusCode).toBe(409);
    const message = `Stock of Vector Pro (${variant.sku}) changed to 1 since you opened this form (a sale or another edit). Nothing was saved: reload to see it, then save again.`;
    expect(res.json()).toEqual({ message, issues: [{ path: 'variants.0.stock', message }] });
    expect((await productRow(doc.id)).name).toBe('Vector Pro');
  });

  it('answers 404 for a product that is not there', async () => {
    const res = await put(999_999, paddleDocument());
    expect(res.statusCode).toBe(404);
    expect((await admin.inject({ method: 'GET', url: '/api/admin/products/999999/document' })).statusCode).toBe(404);
  });

  it('reads and saves a product made the old way (one variant, no options)', async () => {
    const [old] = await insertProducts(t.db, { name: 'Old Grip', price: '9.99', stock: 4, sku: sku('OLD'), brandId, imageUrl: 'https://img.example/g.jpg' });
    const doc = await read(old!.id);
    expect(doc.variants).toEqual([{ id: expect.any(Number), sku: old!.sku, price: '9.99', compareAtPrice: null, stock: 4, options: {}, image: 0 }]);
    const res = await put(old!.id, { ...asLoaded(doc), attributes: [{ key: 'accessory_type', value: 'Grip' }] });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().attributes).toEqual([{ key: 'accessory_type', value: 'Grip' }]);
  });
});

describe('refused documents', () => {
  const refused = async (overrides: Record<string, unknown>, status = 400) => {
    const count = (await t.db.select({ id: products.id }).from(products)).length;
    const res = await create(paddleDocument(overrides));
    expect(res.statusCode, res.body).toBe(status);
    expect((await t.db.select({ id: products.id }).from(products)).length).toBe(count);
    return res.json() as { message: string; issues?: { path: string; message: string }[] };
  };
  const oneVariant = (variant: Record<string, unknown>) => ({ variants: [{ sku: sku(), price: '10', stock: 1, ...variant }], attributes: [] });

  it('an option the type does not have', async () => {
    const body = await refused({ productTypeId: bags, ...oneVariant({ options: { grip_size: '4 in' } }) });
    expect(body.message).toBe('"grip_size" is not an option of Bags (its options are color)');
    expect(body.issues).toEqual([{ path: 'variants.0.options.grip_size', message: body.message }]);
  });

  it('variants that do not all set the same options', async () => {
    const body = await refused({
      variants: [
        { sku: sku(), price: '10', stock: 1, options: { core_thickness: '14 mm', grip_size: '4 in' } },
        { sku: sku(), price: '10', stock: 1, options: { core_thickness: '16 mm' } },
      ],
      attributes: [],
    });
    expect(body.message).toBe('Every variant must set the same options: variant 2 sets core_thickness, variant 1 sets core_thickness, grip_size');
  });

  it('the same combination twice', async () => {
    const options = { core_thickness: '14 mm' };
    const body = await refused({
      variants: [
        { sku: sku(), price: '10', stock: 1, options },
        { sku: sku(), price: '12', stock: 1, options },
      ],
      attributes: [],
    });
    expect(body.message).toBe('Variants 1 and 2 are the same combination (14 mm): each combination is sold once');
  });

  it('a SKU twice in the document, or one another product has (409 naming it)', async () => {
    const twice = sku('TWICE');
    const body = await refused(
      {
        variants: [
          { sku: twice, price: '10', stock: 1, options: { core_thickness: '14 mm' } },
          { sku: twice, price: '12', stock: 1, options: { core_thickness: '16 mm' } },
        ],
        attributes: [],
      },
      409,
    );
    expect(body.message).toBe(`SKU "${twice}" is given to more than one variant`);
    const [other] = await insertProducts(t.db, { name: 'Other', price: '5', sku: sku('TAKEN'), brandId });
    const taken = await refused(oneVariant({ sku: other!.sku }), 409);
    expect(taken.message).toBe(`A product with SKU "${other!.sku}" already exists`);
  });

  it.each([
    [{ key: 'swing_weight_typo', value: 1 }, 'attributes.0.key', '"swing_weight_typo" is not a spec of Paddles'],
    [
      { key: 'static_weight', value: { min: 8.4, max: 7.8 } },
      'attributes.0.value',
      'Spec "static_weight" must be a range {min, max} with min <= max, or a number (in oz)',
    ],
    [{ key: 'length', value: 'long' }, 'attributes.0.value', 'Spec "length" must be a number (in in)'],
    [{ key: 'shape', value: 'Round' }, 'attributes.0.value', 'Spec "shape" must be one of: Elongated, Hybrid, Widebody, Extra-elongated'],
    [{ key: 'shape', value: ['Hybrid'] }, 'attributes.0.value', 'Spec "shape" must be one of'],
  ])('a spec value that does not fit its sheet: %j', async (attribute, path, message) => {
    const body = await refused({ ...oneVariant({}), attributes: [attribute] });
    expect(body.message).toContain(message);
    expect(body.issues![0]!.path).toBe(path);
  });

  it('spec kinds of other types: yes/no, several choices, text', async () => {
    const bag = (attributes: object[]) => ({ productTypeId: bags, ...oneVariant({}), attributes });
    expect((await refused(bag([{ key: 'fence_hook', value: 'maybe' }]))).message).toBe('Spec "fence_hook" must be yes, no or not stated (true, false or null)');
    const ok = await create(
      paddleDocument(
        bag([
          { key: 'fence_hook', value: true },
          { key: 'shoe_compartment', value: null },
        ]),
      ),
    );
    expect(ok.statusCode, ok.body).toBe(201);
    expect(ok.json().attributes).toEqual([{ key: 'fence_hook', value: true }]);
  });

  it('an image or variant index out of range', async () => {
    expect((await refused(oneVariant({ image: 2 }))).issues).toEqual([
      { path: 'variants.0.image', message: 'Variant 1 points at image 3, but the product has 2 images' },
    ]);
    expect((await refused({ ...oneVariant({}), attributes: [{ key: 'shape', variant: 1, value: 'Hybrid' }] })).issues![0]!.path).toBe('attributes.0.variant');
  });

  it('prices with more than 2 decimals, negative stock, no variants, more than 100 variants', async () => {
    expect((await refused(oneVariant({ price: '10.001' }))).issues).toEqual([{ path: 'variants.0.price', message: 'Price can have at most 2 decimal places' }]);
    expect((await refused(oneVariant({ stock: -1 }))).issues).toEqual([{ path: 'variants.0.stock', message: 'Stock cannot be negative' }]);
    expect((await refused({ variants: [] })).message).toBe('Invalid product: variants: A product needs at least one variant');
    const many = Array.from({ length: 101 }, (_, index) => ({ price: '1', stock: 0, options: { color: `C${index}` } }));
    expect((await refused({ variants: many, attributes: [] })).message).toBe('Invalid product: variants: At most 100 variants per product');
  });

  it('an unknown type or brand, or a variant id of another product', async () => {
    expect((await refused({ productTypeId: 999_999 })).message).toBe('Product type not found');
    expect((await refused({ brandId: 999_999 })).message).toBe('Brand not found');
    const other = await created({ name: 'Other paddle' });
    expect((await refused(oneVariant({ id: other.variants[0]!.id }))).message).toBe(
      `Variant ${other.variants[0]!.id} is not a variant of this product (leave the id out for a new variant)`,
    );
  });

  it('admin only', async () => {
    const doc = await created({ name: 'Guarded' });
    await expectAdminOnly(
      t,
      [
        { method: 'GET', url: `/api/admin/products/${doc.id}/document` },
        { method: 'POST', url: '/api/admin/products/document', payload: paddleDocument() },
      ],
      async () => t.db.select().from(products),
    );
    const anonymous = await t.app.inject({
      method: 'PUT',
      url: `/api/admin/products/${doc.id}/document`,
      payload: asLoaded(doc),
      headers: { origin: 'http://localhost:80' },
    });
    expect(anonymous.statusCode).toBe(401);
  });
});

describe('concurrent saves and sales', () => {
  const sumOfVariants = async (id: number) => (await variantRows(id)).reduce((sum, variant) => sum + variant.stock, 0);

  it('two saves of the same product at once leave its stock the sum of its variants', async () => {
    const doc = await created();
    const results = await Promise.all(
      [10, 20].map((stock) => put(doc.id, { ...doc, variants: doc.variants.map((variant) => ({ ...variant, stock, stockWas: variant.stock })) })),
    );
    const codes = results.map((res) => res.statusCode).sort();
    // the second sees the first's stock and refuses (its stockWas is stale)
    expect(codes).toEqual([200, 409]);
    const row = await productRow(doc.id);
    expect(row.stock).toBe(await sumOfVariants(doc.id));
    expect([40, 80]).toContain(row.stock);
  });

  it('saves without stockWas at once: one wins whole, never a mix', async () => {
    const doc = await created();
    const results = await Promise.all([10, 20].map((stock) => put(doc.id, { ...doc, variants: doc.variants.map((variant) => ({ ...variant, stock })) })));
    expect(results.map((res) => res.statusCode)).toEqual([200, 200]);
    const stocks = (await variantRows(doc.id)).map((variant) => variant.stock);
    expect(new Set(stocks).size).toBe(1);
    expect((await productRow(doc.id)).stock).toBe(await sumOfVariants(doc.id));
  });

  it('a save racing checkouts of a variant never loses a sale', async () => {
    const doc = await created();
    const variant = doc.variants[0]!;
    const buy = () =>
      t.app.inject({
        method: 'POST',
        url: '/api/create-payment-intent',
        payload: checkoutBody([{ variantId: variant.id, quantity: 1 } as unknown as { productId: number; quantity: number }]),
      });
    // the editor loaded stock 3 and leaves it as loaded while renaming
    const [save, ...sales] = await Promise.all([put(doc.id, { ...asLoaded(doc), name: 'Vector Pro 2' }), buy(), buy()]);
    expect(save.statusCode, save.body).toBe(200);
    const sold = sales.filter((res) => res.statusCode === 200).length;
    expect(sold).toBe(2);
    const [after] = await t.db.select().from(productVariants).where(eq(productVariants.id, variant.id));
    expect(after!.stock).toBe(variant.stock - sold);
    expect((await productRow(doc.id)).stock).toBe(await sumOfVariants(doc.id));
    expect((await productRow(doc.id)).name).toBe('Vector Pro 2');
  });
});

describe('a variant’s weight, box and identifiers (decision 049)', () => {
  const bag = (variant: object) => ({
    name: 'Tour Duffel',
    brandId,
    productTypeId: bags,
    variants: [{ sku: sku('BAG'), price: '89.00', stock: 2, ...variant }],
  });

  it('are saved in grams and millimetres, kept when a save leaves them out, cleared by null, refused when negative', async () => {
    const created = await create(bag({ weightGrams: 1134, lengthMm: 660, widthMm: 305, heightMm: 305, gtin: '036000291452', mpn: 'TD-1' }));
    expect(created.statusCode).toBe(201);
    const id = created.json().id as number;
    const saved = (await read(id)).variants[0]!;
    expect(saved).toMatchObject({ weightGrams: 1134, lengthMm: 660, widthMm: 305, heightMm: 305, gtin: '036000291452', mpn: 'TD-1' });

    const { weightGrams: _w, lengthMm: _l, widthMm: _wd, heightMm: _h, gtin: _g, mpn: _m, ...bare } = saved;
    const omitted = await put(id, { ...bag({}), variants: [{ ...bare, stockWas: saved.stock }] });
    expect(omitted.statusCode).toBe(200);
    expect((await read(id)).variants[0]).toMatchObject({ weightGrams: 1134, heightMm: 305, gtin: '036000291452' });

    expect((await put(id, { ...bag({}), variants: [{ ...bare, stockWas: saved.stock, weightGrams: null, gtin: null }] })).statusCode).toBe(200);
    const cleared = (await read(id)).variants[0]!;
    expect(cleared).not.toHaveProperty('weightGrams');
    expect(cleared).not.toHaveProperty('gtin');
    expect(cleared).toMatchObject({ lengthMm: 660, mpn: 'TD-1' });

    const negative = await put(id, { ...bag({}), variants: [{ ...bare, stockWas: saved.stock, weightGrams: -5 }] });
    expect(negative.statusCode).toBe(400);
    expect(negative.body).toContain('Weight cannot be negative');
  });
});
