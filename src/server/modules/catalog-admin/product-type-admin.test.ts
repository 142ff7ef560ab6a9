import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ProductTypeCatalog } from '#common/schemas/admin-product-types.ts';
import { AdminProductRow } from '#common/schemas/admin-product-list.ts';
import {
  attributeDefinitions,
  optionTypes,
  optionValues,
  productAttributeValues,
  productTypes,
  productVariants,
  products,
  variantOptionValues,
} from '#server/db/schema.ts';
import { expectAdminOnly, multipartBody, pngFile, productTypeCatalog } from '#server/test/admin-test-kit.ts';
import { insertBrands, insertProducts } from '#server/test/catalog-fixtures.ts';
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

describe('product type admin', () => {
  it('is for admins only', async () => {
    const paddles = await typeBySlug('paddles');
    await expectAdminOnly(
      t,
      [
        { method: 'GET', url: '/api/admin/product-types' },
        { method: 'POST', url: '/api/admin/product-types', payload: { name: 'Ghost' } },
        { method: 'PATCH', url: `/api/admin/product-types/${paddles.id}`, payload: { name: 'Ghost' } },
        { method: 'PUT', url: '/api/admin/product-types/order', payload: { ids: [paddles.id] } },
        { method: 'PUT', url: `/api/admin/product-types/${paddles.id}/options`, payload: { optionTypeIds: [] } },
        { method: 'POST', url: `/api/admin/product-types/${paddles.id}/attributes`, payload: { name: 'Ghost', kind: 'text' } },
        { method: 'PATCH', url: `/api/admin/attributes/${paddles.attributes[0]!.id}`, payload: { name: 'Ghost' } },
        { method: 'DELETE', url: `/api/admin/attributes/${paddles.attributes[0]!.id}` },
        { method: 'GET', url: '/api/admin/products' },
        { method: 'POST', url: '/api/admin/images', form: { image: await pngFile() } },
      ],
      async () => [await t.db.select().from(productTypes), await t.db.select().from(attributeDefinitions)],
    );
  });

  it('lists the standard types with their spec sheets, axes and every axis with its values', async () => {
    const { types, optionTypes: axes } = await catalog();
    expect(types.map((type) => type.slug)).toEqual(['paddles', 'balls', 'shoes', 'bags', 'nets', 'apparel', 'accessories', 'gift-card']);
    const paddles = types[0]!;
    expect(paddles.options.map((axis) => axis.key)).toEqual(['core_thickness', 'grip_size', 'color']);
    expect(paddles.attributes[0]).toMatchObject({ key: 'static_weight', kind: 'range', unit: 'oz', isFilter: true });
    const grips = axes.find((axis) => axis.key === 'grip_size')!;
    expect(grips.values.map((value) => value.label)).toEqual(['4 in', '4 1/8 in', '4 1/4 in', '4 3/8 in']);
  });

  it('adds, renames and reorders types; a taken name is 409', async () => {
    const created = await admin.inject({ method: 'POST', url: '/api/admin/product-types', payload: { name: 'Ball machines' } });
    expect(created.statusCode).toBe(201);
    const machines = ProductTypeCatalog.parse(created.json()).types.find((type) => type.name === 'Ball machines')!;
    expect(machines).toMatchObject({ slug: 'ball-machines', productCount: 0, attributes: [], options: [] });
    const taken = await admin.inject({ method: 'POST', url: '/api/admin/product-types', payload: { name: 'Paddles' } });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().message).toBe('A product type named "Paddles" already exists');
    const blank = await admin.inject({ method: 'POST', url: '/api/admin/product-types', payload: { name: '  ' } });
    expect(blank.statusCode).toBe(400);
    expect(blank.json().message).toBe('Invalid product type: name: Name is required');

    const renamed = await admin.inject({ method: 'PATCH', url: `/api/admin/product-types/${machines.id}`, payload: { name: 'Ball launchers' } });
    expect(ProductTypeCatalog.parse(renamed.json()).types.find((type) => type.id === machines.id)).toMatchObject({
      name: 'Ball launchers',
      slug: 'ball-machines',
    });

    const ids = (await catalog()).types.map((type) => type.id);
    const reversed = [...ids].reverse();
    const reordered = await admin.inject({ method: 'PUT', url: '/api/admin/product-types/order', payload: { ids: reversed } });
    expect(ProductTypeCatalog.parse(reordered.json()).types.map((type) => type.id)).toEqual(reversed);
    const partial = await admin.inject({ method: 'PUT', url: '/api/admin/product-types/order', payload: { ids: reversed.slice(1) } });
    expect(partial.statusCode).toBe(400);
    expect(partial.json().message).toBe('The new order must list every product type once');
    await admin.inject({ method: 'PUT', url: '/api/admin/product-types/order', payload: { ids } });
  });

  it('adds, changes and reorders attributes; kind rules are checked', async () => {
    const bags = await typeBySlug('bags');
    const added = await admin.inject({
      method: 'POST',
      url: `/api/admin/product-types/${bags.id}/attributes`,
      payload: { name: 'Volume (litres)', kind: 'number', isFilter: true },
    });
    expect(added.statusCode).toBe(201);
    expect(added.json()).toMatchObject({ key: 'volume_litres', kind: 'number', unit: null, isFilter: true, position: 5 });
    const again = await admin.inject({
      method: 'POST',
      url: `/api/admin/product-types/${bags.id}/attributes`,
      payload: { name: 'Volume litres', kind: 'text' },
    });
    expect(again.statusCode).toBe(409);
    const noChoices = await admin.inject({ method: 'POST', url: `/api/admin/product-types/${bags.id}/attributes`, payload: { name: 'Strap', kind: 'choice' } });
    expect(noChoices.statusCode).toBe(400);
    expect(noChoices.json().message).toBe('Invalid attribute: choices: A choice field needs at least one choice');
    const textUnit = await admin.inject({
      method: 'POST',
      url: `/api/admin/product-types/${bags.id}/attributes`,
      payload: { name: 'Strap', kind: 'text', unit: 'mm' },
    });
    expect(textUnit.json().message).toBe('Invalid attribute: unit: Only numbers and ranges have a unit');

    const id = added.json().id as number;
    const changed = await admin.inject({ method: 'PATCH', url: `/api/admin/attributes/${id}`, payload: { name: 'Volume', kind: 'range', unit: 'in' } });
    expect(changed.json()).toMatchObject({ name: 'Volume', kind: 'range', unit: 'in', key: 'volume_litres' });

    const order = (await typeBySlug('bags')).attributes.map((attribute) => attribute.id).reverse();
    const reordered = await admin.inject({ method: 'PUT', url: `/api/admin/product-types/${bags.id}/attributes/order`, payload: { ids: order } });
    expect(
      ProductTypeCatalog.parse(reordered.json())
        .types.find((type) => type.id === bags.id)!
        .attributes.map((attribute) => attribute.id),
    ).toEqual(order);
    const foreign = await admin.inject({
      method: 'PUT',
      url: `/api/admin/product-types/${bags.id}/attributes/order`,
      payload: { ids: [...order.slice(1), (await typeBySlug('paddles')).attributes[0]!.id] },
    });
    expect(foreign.statusCode).toBe(400);

    const deleted = await admin.inject({ method: 'DELETE', url: `/api/admin/attributes/${id}` });
    expect(deleted.json()).toEqual({ id, deleted: true });
    expect((await admin.inject({ method: 'DELETE', url: `/api/admin/attributes/${id}` })).statusCode).toBe(404);
  });

  it('an attribute in use cannot be deleted, change kind or unit, or lose a used choice: 409 naming the products', async () => {
    const paddles = await typeBySlug('paddles');
    const weight = paddles.attributes.find((attribute) => attribute.key === 'static_weight')!;
    const shape = paddles.attributes.find((attribute) => attribute.key === 'shape')!;
    const names = ['Reset Pro 16', 'Vanguard 14', 'Alpha', 'Bravo', 'Charlie', 'Delta', 'Echo'];
    const rows = await insertProducts(
      t.db,
      names.map((name) => ({ name, price: '99.00', productTypeId: paddles.id })),
    );
    await t.db.insert(productAttributeValues).values(rows.map((row) => ({ productId: row.id, attributeId: weight.id, numberMin: '7.7', numberMax: '8.1' })));
    await t.db.insert(productAttributeValues).values({ productId: rows[0]!.id, attributeId: shape.id, choices: ['Hybrid'] });

    const refused = await admin.inject({ method: 'DELETE', url: `/api/admin/attributes/${weight.id}` });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe('Static weight is set on 7 products: Alpha, Bravo, Charlie, Delta, Echo and 2 more. Clear it there first.');
    const kind = await admin.inject({ method: 'PATCH', url: `/api/admin/attributes/${weight.id}`, payload: { kind: 'number' } });
    expect(kind.statusCode).toBe(409);
    expect(kind.json().issues[0]).toMatchObject({ path: 'kind' });
    const unit = await admin.inject({ method: 'PATCH', url: `/api/admin/attributes/${weight.id}`, payload: { unit: 'mm' } });
    expect(unit.json().message).toMatch(/^The unit of Static weight cannot change: it is set on 7 products/);
    // a rename and the filter flag are fine
    expect((await admin.inject({ method: 'PATCH', url: `/api/admin/attributes/${weight.id}`, payload: { name: 'Weight', isFilter: false } })).statusCode).toBe(
      200,
    );
    await admin.inject({ method: 'PATCH', url: `/api/admin/attributes/${weight.id}`, payload: { name: 'Static weight', isFilter: true } });

    const choices = shape.choices.filter((choice) => choice !== 'Hybrid' && choice !== 'Widebody');
    const lost = await admin.inject({ method: 'PATCH', url: `/api/admin/attributes/${shape.id}`, payload: { choices } });
    expect(lost.statusCode).toBe(409);
    expect(lost.json().message).toBe('Hybrid, Widebody of Shape cannot go: it is set on 1 product: Reset Pro 16');
    const unused = await admin.inject({
      method: 'PATCH',
      url: `/api/admin/attributes/${shape.id}`,
      payload: { choices: [...shape.choices.filter((c) => c !== 'Widebody'), 'Teardrop'] },
    });
    expect(unused.statusCode).toBe(200);
    expect(unused.json().choices).toContain('Teardrop');

    // a deleted product (kept for order history) does not hold a field
    await t.db.update(products).set({ isDeleted: true }).where(eq(products.id, rows[0]!.id));
    const fewer = await admin.inject({ method: 'DELETE', url: `/api/admin/attributes/${weight.id}` });
    expect(fewer.json().message).toMatch(/^Static weight is set on 6 products/);
  });

  it('chooses up to three axes; an axis used by variants stays', async () => {
    const balls = await typeBySlug('balls');
    const { optionTypes: axes } = await catalog();
    const key = (name: string) => axes.find((axis) => axis.key === name)!.id;
    const four = await admin.inject({
      method: 'PUT',
      url: `/api/admin/product-types/${balls.id}/options`,
      payload: { optionTypeIds: [key('pack_size'), key('court'), key('color'), key('width')] },
    });
    expect(four.statusCode).toBe(400);
    expect(four.json().message).toBe('Invalid option axes: optionTypeIds: A product type has at most 3 option axes');
    const unknown = await admin.inject({ method: 'PUT', url: `/api/admin/product-types/${balls.id}/options`, payload: { optionTypeIds: [999999] } });
    expect(unknown.statusCode).toBe(400);

    const [ball] = await insertProducts(t.db, { name: 'Dura Fast 40', price: '12.00', productTypeId: balls.id });
    const [variant] = await t.db.select().from(productVariants).where(eq(productVariants.productId, ball!.id));
    const [pack] = await t.db
      .select()
      .from(optionValues)
      .where(eq(optionValues.optionTypeId, key('pack_size')))
      .limit(1);
    await t.db.insert(variantOptionValues).values({ variantId: variant!.id, optionTypeId: key('pack_size'), optionValueId: pack!.id });

    const dropped = await admin.inject({ method: 'PUT', url: `/api/admin/product-types/${balls.id}/options`, payload: { optionTypeIds: [key('court')] } });
    expect(dropped.statusCode).toBe(409);
    expect(dropped.json().message).toBe('Pack size is used by the variants of 1 product: Dura Fast 40');
    const moved = await admin.inject({
      method: 'PUT',
      url: `/api/admin/product-types/${balls.id}/options`,
      payload: { optionTypeIds: [key('court'), key('pack_size')] },
    });
    expect(
      ProductTypeCatalog.parse(moved.json())
        .types.find((type) => type.id === balls.id)!
        .options.map((axis) => axis.key),
    ).toEqual(['court', 'pack_size']);

    const axis = await admin.inject({ method: 'POST', url: '/api/admin/option-types', payload: { name: 'Handle colour' } });
    expect(axis.statusCode).toBe(201);
    expect(ProductTypeCatalog.parse(axis.json()).optionTypes.find((candidate) => candidate.key === 'handle_colour')).toMatchObject({ values: [] });
    expect((await admin.inject({ method: 'POST', url: '/api/admin/option-types', payload: { name: 'Handle colour' } })).statusCode).toBe(409);
    expect(await t.db.select().from(optionTypes).where(eq(optionTypes.key, 'handle_colour'))).toHaveLength(1);
  });
});

describe('GET /api/admin/products', () => {
  it('pages, searches by name and any variant SKU, and filters by type, brand, stock and featured', async () => {
    const [brand] = await insertBrands(t.db, { name: 'Listwise' });
    const shoes = await typeBySlug('shoes');
    const made = await insertProducts(t.db, [
      { name: 'Listwise Court Runner', price: '90.00', stock: 0, brandId: brand!.id, productTypeId: shoes.id, sku: 'LW-CR' },
      { name: 'Listwise Glide', price: '80.00', stock: 4, brandId: brand!.id, productTypeId: shoes.id, isFeatured: true },
      { name: 'Listwise Towel', price: '8.00', stock: 9, brandId: brand!.id },
    ]);
    await t.db.update(productVariants).set({ sku: 'LW-GLIDE-10W' }).where(eq(productVariants.productId, made[1]!.id));
    const list = async (query: string) => {
      const res = await admin.inject({ method: 'GET', url: `/api/admin/products?${query}` });
      expect(res.statusCode).toBe(200);
      return {
        names: (res.json() as unknown[]).map((row) => AdminProductRow.parse(row).name),
        total: res.headers['x-total-count'],
        rows: res.json() as AdminProductRow[],
      };
    };
    expect((await list(`brandId=${brand!.id}`)).names).toEqual(['Listwise Towel', 'Listwise Glide', 'Listwise Court Runner']);
    expect((await list(`brandId=${brand!.id}&typeId=${shoes.id}`)).names).toEqual(['Listwise Glide', 'Listwise Court Runner']);
    expect((await list(`brandId=${brand!.id}&stock=out`)).names).toEqual(['Listwise Court Runner']);
    expect((await list(`brandId=${brand!.id}&stock=in&featured=true`)).names).toEqual(['Listwise Glide']);
    expect((await list(`brandId=${brand!.id}&featured=false&stock=`)).names).toEqual(['Listwise Towel', 'Listwise Court Runner']);
    expect((await list('q=glide-10')).names).toEqual(['Listwise Glide']);
    expect((await list('q=100%25')).names).toEqual([]);
    const page = await list(`brandId=${brand!.id}&pageSize=2&page=2`);
    expect(page).toMatchObject({ names: ['Listwise Court Runner'], total: '3' });
    expect(page.rows[0]).toMatchObject({ productTypeName: 'Shoes', variantCount: 1, brand: { name: 'Listwise' } });
    expect((await list(`brandId=${brand!.id}&page=9`)).names).toEqual([]);

    const bad = await admin.inject({ method: 'GET', url: '/api/admin/products?stock=maybe' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('Invalid list query: stock: stock must be in or out');
  });
});

describe('POST /api/admin/images', () => {
  it('stores an image and answers its URL; no file is 400, not an image 415', async () => {
    const res = await admin.inject({ method: 'POST', url: '/api/admin/images', ...(await multipartBody({ name: 'Aurora Pro', image: await pngFile() })) });
    expect(res.statusCode).toBe(201);
    expect(res.json().url).toMatch(/^\/uploads\/aurora-pro-[a-f0-9]+\.webp$/);
    const none = await admin.inject({ method: 'POST', url: '/api/admin/images', ...(await multipartBody({ name: 'x' })) });
    expect(none.statusCode).toBe(400);
    expect(none.json().message).toBe('Choose an image to upload');
    const text = await admin.inject({
      method: 'POST',
      url: '/api/admin/images',
      ...(await multipartBody({ image: { bytes: Buffer.from('not an image'), filename: 'a.png', type: 'image/png' } })),
    });
    // the media service's own answer to bytes that are no image it takes
    expect(text.statusCode).toBe(415);
  });
});
