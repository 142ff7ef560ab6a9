import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ProductDocument } from '#common/schemas/product-document.ts';
import { orderItems, products, productTypes, productVariants } from '#server/db/schema.ts';
import { saveProductDocument } from '#server/modules/catalog-admin/catalog-admin-service.ts';
import { addProduct, checkoutBody, configureShop } from '#server/test/checkout-fixtures.ts';
import { createTestApp, type TestApp } from '#server/test/test-app.ts';
import { insertBrands } from '#server/test/catalog-fixtures.ts';

// Stock, prices and order lines per variant (docs/decisions/017). Runs on PGlite, and on PostgreSQL
// (real row locks, pooled connections) when DATABASE_URL is set.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await configureShop(t.db);
});
afterAll(() => t.close());

const create = (payload: object) => t.app.inject({ method: 'POST', url: '/api/create-payment-intent', payload });

let skuCounter = 0;

/** A paddle in 14 and 16 mm: the 14 mm costs more, each variant with its own stock. */
async function twoThicknessPaddle(stock: { thin: number; thick: number }) {
  skuCounter += 1;
  const [paddles] = await t.db.select({ id: productTypes.id }).from(productTypes).where(eq(productTypes.slug, 'paddles'));
  const [brand] = await insertBrands(t.db, { name: `Split Brand ${skuCounter}` });
  const { document } = await saveProductDocument(
    { db: t.db },
    ProductDocument.parse({
      name: `Split Paddle ${skuCounter}`,
      brandId: brand!.id,
      productTypeId: paddles!.id,
      variants: [
        { sku: `SP-${skuCounter}-14`, price: '209.00', stock: stock.thin, options: { core_thickness: '14 mm' } },
        { sku: `SP-${skuCounter}-16`, price: '199.00', stock: stock.thick, options: { core_thickness: '16 mm' } },
      ],
    }),
    { source: { reason: 'variant_edit', actorUserId: null } },
  );
  const [thin, thick] = document.variants;
  return { product: { id: document.id, name: document.name }, thin: thin!, thick: thick! };
}

async function stocks(productId: number) {
  const [product] = await t.db.select({ stock: products.stock }).from(products).where(eq(products.id, productId));
  const variants = await t.db
    .select({ id: productVariants.id, stock: productVariants.stock })
    .from(productVariants)
    .where(eq(productVariants.productId, productId))
    .orderBy(productVariants.id);
  return { product: product!.stock, variants: variants.map((variant) => variant.stock) };
}

describe('checkout of a product with several variants', () => {
  it('charges the variant price and keeps its SKU and option values on the order line', async () => {
    const { product, thin } = await twoThicknessPaddle({ thin: 3, thick: 3 });
    const res = await create(checkoutBody([{ productId: product.id, variantId: thin.id, quantity: 2 }]));
    expect(res.statusCode).toBe(200);
    expect(res.json().totals.subtotal).toBe(41_800);
    const [line] = await t.db.select().from(orderItems).where(eq(orderItems.orderId, res.json().orderId));
    expect(line).toMatchObject({ productId: product.id, variantId: thin.id, sku: thin.sku, variantName: '14 mm', price: '209.00', quantity: 2 });
    expect(await stocks(product.id)).toEqual({ product: 4, variants: [1, 3] });
  });

  it('refuses {productId} alone with 400 naming the product, and a variant of another product', async () => {
    const { product, thin } = await twoThicknessPaddle({ thin: 3, thick: 3 });
    const alone = await create(checkoutBody([{ productId: product.id, quantity: 1 }]));
    expect(alone.statusCode).toBe(400);
    expect(alone.json().message).toBe(`Please choose an option of ${product.name} (it comes in 2 variants)`);
    const other = await addProduct(t.db);
    const mixed = await create(checkoutBody([{ productId: other.id, variantId: thin.id, quantity: 1 }]));
    expect(mixed.statusCode).toBe(400);
    expect(mixed.json().message).toBe(`Variant ${thin.id} is not a variant of product ${other.id}`);
    const unknown = await create(checkoutBody([{ variantId: 2_000_000_000, quantity: 1 }]));
    expect(unknown.statusCode).toBe(400);
    expect(await stocks(product.id)).toEqual({ product: 6, variants: [3, 3] });
  });

  it('sells the last units of one variant exactly once under 60 concurrent checkouts, the other variant untouched by the losers', async () => {
    const { product, thin, thick } = await twoThicknessPaddle({ thin: 5, thick: 5 });
    const results = await Promise.all(
      Array.from({ length: 60 }, (_, i) =>
        create(checkoutBody([{ variantId: i % 2 === 0 ? thin.id : thick.id, quantity: 1 }], { customerEmail: `racer${i}@example.com` })),
      ),
    );
    const codes = results.map((res) => res.statusCode);
    expect(codes.filter((code) => code === 200)).toHaveLength(10);
    expect(codes.filter((code) => code === 409)).toHaveLength(50);
    expect(await stocks(product.id)).toEqual({ product: 0, variants: [0, 0] });
    const sold = await t.db
      .select({ variantId: orderItems.variantId, units: sql<number>`sum(${orderItems.quantity})::int` })
      .from(orderItems)
      .where(eq(orderItems.productId, product.id))
      .groupBy(orderItems.variantId);
    expect(Object.fromEntries(sold.map((row) => [row.variantId, row.units]))).toEqual({ [thin.id]: 5, [thick.id]: 5 });
  });

  it('gives a cancelled order’s units back to its variant and to the product total', async () => {
    const { product, thick } = await twoThicknessPaddle({ thin: 2, thick: 2 });
    const res = await create(checkoutBody([{ variantId: thick.id, quantity: 2 }], { cartToken: 'cart-variant-giveback-0001' }));
    expect(res.statusCode).toBe(200);
    expect(await stocks(product.id)).toEqual({ product: 2, variants: [2, 0] });
    // a newer checkout of the same cart closes the first, which gives its stock back
    const again = await create(checkoutBody([{ variantId: thick.id, quantity: 1 }], { cartToken: 'cart-variant-giveback-0001' }));
    expect(again.statusCode).toBe(200);
    expect(await stocks(product.id)).toEqual({ product: 3, variants: [2, 1] });
  });
});
