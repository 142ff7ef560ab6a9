import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ProductTypeCatalog } from '#common/schemas/admin-product-types.ts';
import { CatalogListing } from '#common/schemas/catalog-listing.ts';
import { ProductDetail } from '#common/schemas/catalog.ts';
import { FinderRulesView } from '#common/schemas/paddle-finder.ts';
import {
  attributeDefinitions,
  optionTypes,
  optionValues,
  orderItems,
  paddleFinderRules,
  productAttributeValues,
  products,
  productTypeOptions,
  productTypes,
  variantOptionValues,
} from '#server/db/schema.ts';
import { expectAdminOnly, productTypeCatalog } from '#server/test/admin-test-kit.ts';
import { insertBrands, insertProductWithVariants } from '#server/test/catalog-fixtures.ts';
import { checkoutBody, configureShop } from '#server/test/checkout-fixtures.ts';
import { createTestApp, type SignedIn, type TestApp } from '#server/test/test-app.ts';

let t: TestApp;
let admin: SignedIn;
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.signIn({ admin: true });
});
afterAll(() => t.close());

const catalog = () => productTypeCatalog(admin).catalog();
const typeBySlug = (slug: string) => productTypeCatalog(admin).typeBySlug(slug);
const axisByKey = async (key: string) => (await catalog()).optionTypes.find((axis) => axis.key === key)!;
const valueOf = async (key: string, label: string) => (await axisByKey(key)).values.find((value) => value.label === label)!;
const detail = async (id: number) => ProductDetail.parse((await t.app.inject({ method: 'GET', url: `/api/products/${id}` })).json());
const listing = async (query: string) => CatalogListing.parse((await t.app.inject({ method: 'GET', url: `/api/catalog?${query}` })).json());
const send = (method: 'PATCH' | 'PUT' | 'DELETE', url: string, payload?: object) =>
  admin.inject({ method, url, ...(payload === undefined ? {} : { payload }) });

/** A paddle on sale selling some grip labels (created on the grip axis when new). */
const paddle = (name: string, grips: string[], sku = name) =>
  insertProductWithVariants(t.db, {
    name,
    variants: grips.map((grip, index) => ({ sku: `${sku}-${index}`, price: '100.00', stock: 3, options: { grip_size: grip } })),
  });

describe('option axis admin', () => {
  it('is for admins only', async () => {
    const grips = await axisByKey('grip_size');
    const paddles = await typeBySlug('paddles');
    await expectAdminOnly(
      t,
      [
        { method: 'PATCH', url: `/api/admin/option-types/${grips.id}`, payload: { name: 'Ghost' } },
        { method: 'DELETE', url: `/api/admin/option-types/${grips.id}` },
        { method: 'PUT', url: `/api/admin/option-types/${grips.id}/values/order`, payload: { ids: grips.values.map((value) => value.id) } },
        { method: 'PATCH', url: `/api/admin/option-values/${grips.values[0]!.id}`, payload: { label: 'Ghost' } },
        { method: 'DELETE', url: `/api/admin/option-values/${grips.values[0]!.id}` },
        { method: 'DELETE', url: `/api/admin/product-types/${paddles.id}` },
      ],
      async () => [await t.db.select().from(optionTypes), await t.db.select().from(optionValues), await t.db.select().from(productTypes)],
    );
  });

  it('renames an axis; its key stays; bad input is 400, an unknown axis 404', async () => {
    const grips = await axisByKey('grip_size');
    const renamed = await send('PATCH', `/api/admin/option-types/${grips.id}`, { name: ' Grip circumference ' });
    expect(renamed.statusCode).toBe(200);
    expect(ProductTypeCatalog.parse(renamed.json()).optionTypes.find((axis) => axis.id === grips.id)).toMatchObject({
      key: 'grip_size',
      name: 'Grip circumference',
    });
    expect((await typeBySlug('paddles')).options.find((axis) => axis.id === grips.id)!.name).toBe('Grip circumference');

    const blank = await send('PATCH', `/api/admin/option-types/${grips.id}`, { name: '  ' });
    expect([blank.statusCode, blank.json().message]).toEqual([400, 'Invalid option axis: name: Name is required']);
    const long = await send('PATCH', `/api/admin/option-types/${grips.id}`, { name: 'x'.repeat(61) });
    expect([long.statusCode, long.json().message]).toEqual([400, 'Invalid option axis: name: Name must be at most 60 characters']);
    expect((await send('PATCH', `/api/admin/option-types/${grips.id}`, { name: 7 })).statusCode).toBe(400);
    expect((await send('PATCH', `/api/admin/option-types/${grips.id}`, {})).statusCode).toBe(400);
    expect((await send('PATCH', '/api/admin/option-types/abc', { name: 'Grip' })).statusCode).toBe(400);
    const unknown = await send('PATCH', '/api/admin/option-types/999999', { name: 'Grip' });
    expect([unknown.statusCode, unknown.json().message]).toEqual([404, 'Option axis not found']);
    await send('PATCH', `/api/admin/option-types/${grips.id}`, { name: 'Grip size' });
  });

  it('renames a shared value everywhere it is sold, orders keep their label; a taken label is 409 naming it', async () => {
    await configureShop(t.db);
    const { product, variants } = await paddle('Rename Rider', ['4 5/16', '4 3/8 in'], 'RR');
    const { product: other } = await paddle('Rename Twin', ['4 5/16'], 'RT');
    const order = await t.app.inject({
      method: 'POST',
      url: '/api/create-payment-intent',
      payload: checkoutBody([{ variantId: variants[0]!.id, quantity: 1 }]),
    });
    expect(order.statusCode).toBe(200);
    const [sold] = await t.db.select().from(orderItems).where(eq(orderItems.variantId, variants[0]!.id));
    expect(sold!.variantName).toBe('4 5/16');

    const value = await valueOf('grip_size', '4 5/16');
    const renamed = await send('PATCH', `/api/admin/option-values/${value.id}`, { label: '4 5/16 in' });
    expect(renamed.statusCode).toBe(200);
    const grips = ProductTypeCatalog.parse(renamed.json()).optionTypes.find((axis) => axis.key === 'grip_size')!;
    expect(grips.values.find((entry) => entry.id === value.id)).toMatchObject({ label: '4 5/16 in', sortValue: 4.3125 });
    for (const id of [product.id, other.id])
      expect((await detail(id)).options.find((axis) => axis.key === 'grip_size')!.values.map((entry) => entry.label)).toContain('4 5/16 in');
    // the shop's facet and search words follow
    const filtered = await listing(`type=paddles&o.grip_size=${encodeURIComponent('4 5/16 in')}`);
    expect(filtered.items.map((item) => item.name).sort()).toEqual(['Rename Rider', 'Rename Twin']);
    const facet = filtered.facets.find((entry) => entry.key === 'o.grip_size')!;
    expect(facet.values.find((entry) => entry.label === '4 5/16 in')).toMatchObject({ count: 2 });
    expect(facet.values.some((entry) => entry.label === '4 5/16')).toBe(false);
    const [words] = await t.db.select({ terms: products.searchTerms }).from(products).where(eq(products.id, product.id));
    expect(words!.terms).toContain('4 5/16 in');
    // the order keeps the label it was sold with
    const [kept] = await t.db.select().from(orderItems).where(eq(orderItems.id, sold!.id));
    expect(kept!.variantName).toBe('4 5/16');

    const taken = await send('PATCH', `/api/admin/option-values/${value.id}`, { label: '4 3/8 in' });
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toMatchObject({ message: 'Grip size already has a value "4 3/8 in"', issues: [{ path: 'label' }] });
    // its own label again is no change, not a clash
    expect((await send('PATCH', `/api/admin/option-values/${value.id}`, { label: '4 5/16 in' })).statusCode).toBe(200);

    const blank = await send('PATCH', `/api/admin/option-values/${value.id}`, { label: ' ' });
    expect([blank.statusCode, blank.json().message]).toEqual([400, 'Invalid option value: label: Option value is required']);
    const long = await send('PATCH', `/api/admin/option-values/${value.id}`, { label: 'x'.repeat(61) });
    expect([long.statusCode, long.json().message]).toEqual([400, 'Invalid option value: label: Option value must be at most 60 characters']);
    const number = await send('PATCH', `/api/admin/option-values/${value.id}`, { label: 4 });
    expect([number.statusCode, number.json().message]).toEqual([400, 'Invalid option value: label: Option value must be text']);
    expect((await send('PATCH', '/api/admin/option-values/0', { label: 'x' })).statusCode).toBe(400);
    const unknown = await send('PATCH', '/api/admin/option-values/999999', { label: 'x' });
    expect([unknown.statusCode, unknown.json().message]).toEqual([404, 'Option value not found']);
  });

  it("a rename follows into the paddle finder's rules (defaults become the owner's rules with the new label)", async () => {
    const sixteen = await valueOf('core_thickness', '16 mm');
    expect((await send('PATCH', `/api/admin/option-values/${sixteen.id}`, { label: '16 mm core' })).statusCode).toBe(200);
    const view = FinderRulesView.parse((await admin.inject({ method: 'GET', url: '/api/admin/paddle-finder' })).json());
    expect(view.isDefault).toBe(false);
    const cores = view.rules.rules.flatMap((rule) => rule.prefers).filter((preference) => preference.key === 'o.core_thickness');
    expect(cores.flatMap((preference) => preference.values)).toContain('16 mm core');
    expect(cores.flatMap((preference) => preference.values)).not.toContain('16 mm');
    expect((await send('PATCH', `/api/admin/option-values/${sixteen.id}`, { label: '16 mm' })).statusCode).toBe(200);
    await t.db.delete(paddleFinderRules);
  });

  it("reorders an axis' values: the order the catalogue, product pickers and shop facets show", async () => {
    const { product } = await paddle('Order Ace', ['4 in', '4 1/4 in'], 'OA');
    const grips = await axisByKey('grip_size');
    const ids = grips.values.map((value) => value.id).reverse();
    const reordered = await send('PUT', `/api/admin/option-types/${grips.id}/values/order`, { ids });
    expect(reordered.statusCode).toBe(200);
    const labels = ProductTypeCatalog.parse(reordered.json())
      .optionTypes.find((axis) => axis.id === grips.id)!
      .values.map((value) => value.label);
    expect(labels).toEqual(grips.values.map((value) => value.label).reverse());
    const picker = (await detail(product.id)).options.find((axis) => axis.key === 'grip_size')!.values.map((value) => value.label);
    expect(picker).toEqual(['4 1/4 in', '4 in']);
    const facet = (await listing('type=paddles')).facets.find((entry) => entry.key === 'o.grip_size')!;
    expect(facet.values.map((value) => value.label)).toEqual(labels.filter((label) => facet.values.some((value) => value.label === label)));

    // a value new to the axis takes its place by number among the owner's order: after the last smaller one
    await send('PUT', `/api/admin/option-types/${grips.id}/values/order`, { ids: [...ids].reverse() });
    const [brand] = await insertBrands(t.db, { name: 'Slotwise' });
    const saved = await admin.inject({
      method: 'POST',
      url: '/api/admin/products/document',
      payload: {
        name: 'Order Slot',
        brandId: brand!.id,
        productTypeId: (await typeBySlug('paddles')).id,
        variants: [{ sku: 'OS-1', price: '90.00', stock: 1, options: { grip_size: '4 3/16 in' } }],
      },
    });
    expect(saved.statusCode).toBe(201);
    const after = (await axisByKey('grip_size')).values.map((value) => value.label);
    expect(after.indexOf('4 3/16 in')).toBe(after.indexOf('4 1/8 in') + 1);
    expect(after.at(-1)).not.toBe('4 3/16 in');

    const partial = await send('PUT', `/api/admin/option-types/${grips.id}/values/order`, { ids: ids.slice(1) });
    expect([partial.statusCode, partial.json().message]).toEqual([400, 'The new order must list every value of this axis once']);
    const foreign = (await axisByKey('court')).values[0]!.id;
    expect((await send('PUT', `/api/admin/option-types/${grips.id}/values/order`, { ids: [...ids.slice(1), foreign] })).statusCode).toBe(400);
    const repeated = await send('PUT', `/api/admin/option-types/${grips.id}/values/order`, { ids: [ids[0], ids[0]] });
    expect([repeated.statusCode, repeated.json().message]).toEqual([400, 'Invalid order: ids: ids must not repeat']);
    expect((await send('PUT', `/api/admin/option-types/${grips.id}/values/order`, { ids: 'all' })).statusCode).toBe(400);
    expect((await send('PUT', '/api/admin/option-types/999999/values/order', { ids })).statusCode).toBe(404);
  });

  it('deletes a value nothing sells; one sold on products on sale is 409 naming up to 5 and the count', async () => {
    const names = ['Zeta', 'Alpha', 'Bravo', 'Charlie', 'Delta', 'Echo'];
    const made = [];
    for (const name of names) made.push(await paddle(`${name} Grip`, ['4 7/16 in'], `DV-${name}`));
    const value = await valueOf('grip_size', '4 7/16 in');
    const refused = await send('DELETE', `/api/admin/option-values/${value.id}`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(
      'Grip size 4 7/16 in cannot be deleted: the variants of 6 products: Alpha Grip, Bravo Grip, Charlie Grip, Delta Grip, Echo Grip and 1 more use it',
    );
    // deleted products (kept for order history) let go of it
    await t.db.update(products).set({ isDeleted: true }).where(eq(products.name, 'Zeta Grip'));
    for (const { product } of made.slice(1)) await t.db.update(products).set({ isDeleted: true }).where(eq(products.id, product.id));
    const deleted = await send('DELETE', `/api/admin/option-values/${value.id}`);
    expect(deleted.json()).toEqual({ id: value.id, deleted: true });
    expect(await t.db.select().from(variantOptionValues).where(eq(variantOptionValues.optionValueId, value.id))).toEqual([]);
    expect((await send('DELETE', `/api/admin/option-values/${value.id}`)).statusCode).toBe(404);
    expect((await send('DELETE', '/api/admin/option-values/x')).statusCode).toBe(400);

    const sixteen = await valueOf('core_thickness', '16 mm');
    const named = await send('DELETE', `/api/admin/option-values/${sixteen.id}`);
    expect([named.statusCode, named.json().message]).toEqual([409, "Core thickness 16 mm cannot be deleted: The paddle finder's default rules use 16 mm"]);
  });

  it('deletes an axis no type, product on sale or finder rule uses, with its values; 409 says where', async () => {
    const width = await axisByKey('width');
    const inUse = await send('DELETE', `/api/admin/option-types/${width.id}`);
    expect([inUse.statusCode, inUse.json().message]).toEqual([409, 'Width cannot be deleted: it is an axis of Shoes']);
    const shoes = await typeBySlug('shoes');
    const [shoe] = [
      await insertProductWithVariants(t.db, {
        name: 'Court Wide',
        type: 'shoes',
        variants: [{ sku: 'CW-1', price: '80.00', stock: 1, options: { width: 'Wide' } }],
      }),
    ];
    await t.db.delete(productTypeOptions).where(eq(productTypeOptions.optionTypeId, width.id));
    const sold = await send('DELETE', `/api/admin/option-types/${width.id}`);
    expect([sold.statusCode, sold.json().message]).toEqual([409, 'Width cannot be deleted: the variants of 1 product: Court Wide use it']);
    await t.db.update(products).set({ isDeleted: true }).where(eq(products.id, shoe!.product.id));
    const deleted = await send('DELETE', `/api/admin/option-types/${width.id}`);
    expect(deleted.json()).toEqual({ id: width.id, deleted: true });
    expect(await t.db.select().from(optionValues).where(eq(optionValues.optionTypeId, width.id))).toEqual([]);
    expect((await typeBySlug('shoes')).options.map((axis) => axis.key)).toEqual(shoes.options.map((axis) => axis.key).filter((key) => key !== 'width'));
    expect((await send('DELETE', `/api/admin/option-types/${width.id}`)).statusCode).toBe(404);

    const cores = await axisByKey('core_thickness');
    await t.db.delete(productTypeOptions).where(eq(productTypeOptions.optionTypeId, cores.id));
    const named = await send('DELETE', `/api/admin/option-types/${cores.id}`);
    expect(named.json().message).toMatch(/^Core thickness cannot be deleted: .*The paddle finder's default rules use Core thickness$/);
  });
});

describe('DELETE /api/admin/product-types/:id', () => {
  it('deletes a type no product on sale has, with its spec sheet; deleted products move to the first type left', async () => {
    const created = await admin.inject({ method: 'POST', url: '/api/admin/product-types', payload: { name: 'Ball machines' } });
    const machines = ProductTypeCatalog.parse(created.json()).types.find((type) => type.name === 'Ball machines')!;
    const added = await admin.inject({
      method: 'POST',
      url: `/api/admin/product-types/${machines.id}/attributes`,
      payload: { name: 'Capacity', kind: 'number' },
    });
    const capacity = added.json().id as number;
    const names = ['Lobster Elite', 'Slinger', 'Tutor', 'Spinshot', 'Simon', 'Pickle Pro'];
    const made = [];
    for (const name of names)
      made.push(
        (
          await insertProductWithVariants(t.db, {
            name,
            type: 'ball-machines',
            variants: [{ sku: `BM-${name}`, price: '500.00', stock: 1 }],
            specs: { capacity: 120 },
          })
        ).product,
      );

    const refused = await send('DELETE', `/api/admin/product-types/${machines.id}`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(
      'Ball machines cannot be deleted: it is the type of 6 products: Lobster Elite, Pickle Pro, Simon, Slinger, Spinshot and 1 more',
    );

    await t.db.update(products).set({ isDeleted: true }).where(eq(products.productTypeId, machines.id));
    const deleted = await send('DELETE', `/api/admin/product-types/${machines.id}`);
    expect(deleted.json()).toEqual({ id: machines.id, deleted: true });
    expect((await catalog()).types.some((type) => type.id === machines.id)).toBe(false);
    expect(await t.db.select().from(attributeDefinitions).where(eq(attributeDefinitions.id, capacity))).toEqual([]);
    expect(await t.db.select().from(productAttributeValues).where(eq(productAttributeValues.attributeId, capacity))).toEqual([]);
    const first = (await catalog()).types[0]!;
    const [moved] = await t.db.select().from(products).where(eq(products.id, made[0]!.id));
    expect(moved).toMatchObject({ productTypeId: first.id, isDeleted: true });

    expect((await send('DELETE', `/api/admin/product-types/${machines.id}`)).statusCode).toBe(404);
    expect((await send('DELETE', '/api/admin/product-types/-1')).statusCode).toBe(400);
  });

  it('a spec field the paddle finder uses cannot be deleted either', async () => {
    const shape = (await typeBySlug('paddles')).attributes.find((attribute) => attribute.key === 'shape')!;
    const named = await send('DELETE', `/api/admin/attributes/${shape.id}`);
    expect([named.statusCode, named.json().message]).toEqual([409, "Shape cannot be deleted: The paddle finder's default rules use Shape"]);
  });

  it('refuses the type the paddle finder recommends, and the last type', async () => {
    const paddles = await typeBySlug('paddles');
    await t.db.update(products).set({ isDeleted: true }).where(eq(products.productTypeId, paddles.id));
    const named = await send('DELETE', `/api/admin/product-types/${paddles.id}`);
    expect([named.statusCode, named.json().message]).toEqual([
      409,
      "Paddles cannot be deleted: The paddle finder's default rules recommend Paddles: point them at another type first",
    ]);

    const others = (await catalog()).types.filter((type) => type.id !== paddles.id);
    for (const type of others) {
      await t.db.update(products).set({ isDeleted: true }).where(eq(products.productTypeId, type.id));
      expect((await send('DELETE', `/api/admin/product-types/${type.id}`)).statusCode).toBe(200);
    }
    await t.db.insert(paddleFinderRules).values({ id: 1, rules: { productType: 'gone', rules: [] } });
    const last = await send('DELETE', `/api/admin/product-types/${paddles.id}`);
    expect([last.statusCode, last.json().message]).toEqual([409, 'Paddles is the last product type: a product needs one']);
  });
});
