import { and, asc, eq, notExists } from 'drizzle-orm';
import type { ProductInput, ProductUpdateInput } from '#common/schemas/admin-catalog.ts';
import type { Product } from '#common/schemas/catalog.ts';
import type { Database, Transaction } from '#server/db/client.ts';
import { restocksOf, type OnRestock } from '#server/modules/stock/stock-service.ts';
import { editChanges, recordStockChanges } from '#server/modules/stock/stock-ledger-service.ts';
import { FOREIGN_KEY_VIOLATION, pgErrorCode, UNIQUE_VIOLATION } from '#server/db/pg-error-code.ts';
import { brands, orderItems, productImages, products, productTypes, productVariants } from '#server/db/schema.ts';
import { conflict, invalidInput, notFound } from '#server/errors/domain-errors.ts';
import { releaseImage, saveWithImage } from '#server/modules/image-manager/uploaded-image-service.ts';
import { toProductView, type ProductRow, brandColumns } from '#server/modules/catalog/catalog-model-service.ts';
import { guessProductTypeSlug } from './product-type-guess.ts';
import { withoutUndefined } from './without-undefined.ts';
import { refreshProductTerms } from './product-terms.ts';
import { forgetSlugs, freeSlug, recordSlug } from './slug-records.ts';
import type { ImageStore } from '#server/modules/media/image-store-service.ts';

interface Deps {
  db: Database;
  images: ImageStore;
  /** a variant brought back from 0 stock by the stock field: the back-in-stock alerts */
  onRestock?: OnRestock;
}

const notFoundProduct = (): never => {
  throw notFound('Product not found');
};

const unknownBrand = () => invalidInput('Brand not found', [{ path: 'brandId', message: 'Brand not found' }]);

async function assertBrandExists(db: Database, brandId: number | undefined): Promise<void> {
  if (brandId === undefined) return;
  const [brand] = await db.select({ id: brands.id }).from(brands).where(eq(brands.id, brandId)).limit(1);
  if (!brand) throw unknownBrand();
}

function writeError(error: unknown, sku: string | null | undefined): never {
  const code = pgErrorCode(error);
  if (code === UNIQUE_VIOLATION) throw conflict(`A product with SKU "${sku}" already exists`);
  // the brand was deleted between our check and the write
  if (code === FOREIGN_KEY_VIOLATION) throw unknownBrand();
  throw error;
}

const unknownProductType = () => invalidInput('Product type not found', [{ path: 'productTypeId', message: 'Product type not found' }]);

/** The type a product is saved with: the one named (it must exist), or the one its name suggests. */
async function productTypeFor(
  db: Database,
  input: { productTypeId?: number | undefined; name: string; thickness?: string | null | undefined },
): Promise<number> {
  const where =
    input.productTypeId === undefined ? eq(productTypes.slug, guessProductTypeSlug(input.name, input.thickness)) : eq(productTypes.id, input.productTypeId);
  const [type] = await db.select({ id: productTypes.id }).from(productTypes).where(where).limit(1);
  if (!type) throw unknownProductType();
  return type.id;
}

async function withBrand(db: Database, row: ProductRow): Promise<Product> {
  const [brand] = row.brandId === null ? [] : await db.select(brandColumns).from(brands).where(eq(brands.id, row.brandId)).limit(1);
  return toProductView(row, brand ?? null);
}

function columnsOf({ stockWas: _stockWas, ...input }: ProductUpdateInput) {
  return {
    ...input,
    releaseDate: input.releaseDate === undefined ? undefined : input.releaseDate === null ? null : new Date(input.releaseDate),
  };
}

/**
 * A product as the spec's form saves it: one variant carrying its SKU, price and stock, and its
 * image as the first of its gallery (docs/decisions/017).
 */
export async function createProduct({ db, images }: Deps, input: ProductInput, image: Buffer | null, actorUserId: number | null): Promise<Product> {
  await assertBrandExists(db, input.brandId);
  const productTypeId = await productTypeFor(db, input);
  const row = await saveWithImage(images, image, input.name, (imageUrl) =>
    db
      .transaction(async (tx) => {
        const slug = await freeSlug(tx, 'product', input.name);
        const [created] = await tx
          .insert(products)
          .values({ ...columnsOf(input), productTypeId, slug, name: input.name, price: input.price, imageUrl: imageUrl ?? input.imageUrl ?? null })
          .returning();
        await recordSlug(tx, 'product', created!.id, slug, null);
        const [variant] = await tx
          .insert(productVariants)
          .values({ productId: created!.id, sku: created!.sku, price: created!.price, stock: created!.stock })
          .returning({ id: productVariants.id });
        await recordStockChanges(tx, editChanges({ reason: 'admin_edit', actorUserId }, [{ variantId: variant!.id, before: 0, after: created!.stock }]));
        if (created!.imageUrl) await setGalleryCover(tx, created!.id, created!.imageUrl, created!.name, variant!.id);
        await refreshProductTerms(tx, [created!.id]);
        return created!;
      })
      .catch((error: unknown) => writeError(error, input.sku)),
  );
  return withBrand(db, row);
}

/**
 * The product form's one image is its gallery's first: replaced in place (so variants pointing at
 * it keep pointing), or added when the gallery is empty.
 */
async function setGalleryCover(tx: Transaction, productId: number, url: string, alt: string, variantId?: number): Promise<void> {
  const [cover] = await tx
    .select()
    .from(productImages)
    .where(eq(productImages.productId, productId))
    .orderBy(asc(productImages.position), asc(productImages.id))
    .limit(1);
  if (cover) {
    await tx.update(productImages).set({ url }).where(eq(productImages.id, cover.id));
    return;
  }
  const [added] = await tx.insert(productImages).values({ productId, url, alt, position: 0 }).returning({ id: productImages.id });
  if (variantId !== undefined) await tx.update(productVariants).set({ imageId: added!.id }).where(eq(productVariants.id, variantId));
}

/**
 * A form that left stock as it loaded it is not changing stock: dropping both fields keeps the
 * rest of the save from failing (or undoing a sale) when checkouts moved stock meanwhile.
 */
function withoutUntouchedStock(input: ProductUpdateInput): ProductUpdateInput {
  if (input.stockWas === undefined || input.stock !== input.stockWas) return input;
  const { stock: _stock, stockWas: _stockWas, ...rest } = input;
  return rest;
}

/** The answer to a save whose `stockWas` no longer matches: what stock is now, and what to do. */
async function staleStock(db: Database | Transaction, id: number): Promise<never> {
  const [now] = await db
    .select({ name: products.name, stock: products.stock })
    .from(products)
    .where(and(eq(products.id, id), eq(products.isDeleted, false)))
    .limit(1);
  if (!now) throw notFound('Product not found');
  const message = `Stock of ${now.name} changed to ${now.stock} since you opened this form (a sale or another edit). Nothing was saved: reload to see it, then save again.`;
  // the issue puts the message under the form's Stock field
  throw conflict(message, [{ path: 'stock', message }]);
}

/**
 * Changes the given fields of a product on sale; a new image replaces the old one. A stock change
 * sent with `stockWas` is one conditional update (`... WHERE stock = stockWas`), so it never
 * overwrites a sale made since the form was opened.
 */
export async function updateProduct(
  { db, images, onRestock }: Deps,
  id: number,
  update: ProductUpdateInput,
  image: Buffer | null,
  actorUserId: number | null,
): Promise<Product> {
  const input = withoutUntouchedStock(update);
  const [before] = await db
    .select()
    .from(products)
    .where(and(eq(products.id, id), eq(products.isDeleted, false)))
    .limit(1);
  if (!before) throw notFound('Product not found');
  await assertBrandExists(db, input.brandId);
  if (input.productTypeId !== undefined) await productTypeFor(db, { ...before, productTypeId: input.productTypeId });
  const row = await saveWithImage(images, image, input.name ?? before.name, (imageUrl) =>
    db
      .transaction(async (tx) => {
        const changes = withoutUndefined({ ...columnsOf(input), ...(imageUrl && { imageUrl }) });
        if (Object.keys(changes).length === 0) return before;
        // the product row first, as every writer of its variants locks it (stock-service.ts)
        const [updated] = await tx
          .update(products)
          .set({ ...changes, updatedAt: new Date() })
          .where(and(eq(products.id, id), eq(products.isDeleted, false), input.stockWas === undefined ? undefined : eq(products.stock, input.stockWas)))
          .returning();
        if (!updated) return input.stockWas === undefined ? notFoundProduct() : staleStock(tx, id);
        await mirrorOntoOnlyVariant(tx, updated, input, { onRestock, actorUserId });
        if (input.productTypeId !== undefined) await refreshProductTerms(tx, [id]);
        if (imageUrl) await setGalleryCover(tx, id, imageUrl, updated.name);
        return updated;
      })
      .catch((error: unknown) => writeError(error, input.sku)),
  );
  if (row.imageUrl !== before.imageUrl) await releaseImage(db, images, before.imageUrl);
  return withBrand(db, row);
}

/**
 * The spec's form edits SKU, price and stock on the product: for a product with one variant they
 * are that variant's. A product with several variants has them per variant, so the form may only
 * send them back unchanged.
 */
async function mirrorOntoOnlyVariant(
  tx: Transaction,
  product: ProductRow,
  input: ProductUpdateInput,
  { onRestock, actorUserId }: { onRestock: OnRestock | undefined; actorUserId: number | null },
): Promise<void> {
  const variants = await tx
    .select({ id: productVariants.id, stock: productVariants.stock })
    .from(productVariants)
    .where(eq(productVariants.productId, product.id))
    .limit(2);
  const changes = withoutUndefined({ sku: input.sku, price: input.price, stock: input.stock });
  if (Object.keys(changes).length === 0) return;
  if (variants.length === 1) {
    await tx
      .update(productVariants)
      .set({ ...changes, updatedAt: new Date() })
      .where(eq(productVariants.id, variants[0]!.id));
    const moves = input.stock === undefined ? [] : [{ variantId: variants[0]!.id, before: variants[0]!.stock, after: input.stock }];
    await recordStockChanges(tx, editChanges({ reason: 'admin_edit', actorUserId }, moves));
    const restocks = restocksOf(moves);
    if (onRestock && restocks.length) await onRestock(tx, restocks);
    return;
  }
  const message = `${product.name} has several variants: set SKU, price and stock per variant`;
  throw invalidInput(message, [{ path: Object.keys(changes)[0]!, message }]);
}

/**
 * A product that was ever ordered is only marked deleted, so order history keeps pointing
 * at it; its SKU is freed for a successor. A product never ordered is removed with its image.
 * Both are single conditional statements: an order placed meanwhile cannot be orphaned.
 */
export async function deleteProduct({ db, images }: Deps, id: number): Promise<{ mode: 'hard' | 'soft' }> {
  const [removed] = await db
    .delete(products)
    .where(and(eq(products.id, id), notExists(db.select({ id: orderItems.id }).from(orderItems).where(eq(orderItems.productId, id)))))
    .returning();
  if (removed) {
    await forgetSlugs(db, 'product', id);
    // its gallery went with it (on delete cascade)
    await releaseImage(db, images, removed.imageUrl);
    return { mode: 'hard' };
  }
  const [hidden] = await db
    .update(products)
    .set({ isDeleted: true, isFeatured: false, sku: null, updatedAt: new Date() })
    .where(and(eq(products.id, id), eq(products.isDeleted, false)))
    .returning({ id: products.id });
  if (!hidden) throw notFound('Product not found');
  await db.update(productVariants).set({ sku: null, updatedAt: new Date() }).where(eq(productVariants.productId, id));
  return { mode: 'soft' };
}

export async function setProductFeatured(db: Database, id: number, isFeatured: boolean): Promise<Product> {
  const [row] = await db
    .update(products)
    .set({ isFeatured, updatedAt: new Date() })
    .where(and(eq(products.id, id), eq(products.isDeleted, false)))
    .returning();
  if (!row) throw notFound('Product not found');
  return withBrand(db, row);
}
