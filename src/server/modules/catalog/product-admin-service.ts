import { and, eq, notExists } from 'drizzle-orm';
import type { ProductInput, ProductUpdateInput } from '#common/schemas/admin-catalog.ts';
import type { Product } from '#common/schemas/catalog.ts';
import type { Database } from '#server/db/client.ts';
import { FOREIGN_KEY_VIOLATION, pgErrorCode, UNIQUE_VIOLATION } from '#server/db/pg-error-code.ts';
import { brands, orderItems, products } from '#server/db/schema.ts';
import { badRequest, conflict, HttpError, notFound } from '#server/http/errors.ts';
import { releaseImage, saveWithImage } from '#server/modules/image-manager/uploaded-image-service.ts';
import { toProductView, type ProductRow } from './catalog-views.ts';
import { withoutUndefined } from './without-undefined.ts';

interface Deps {
  db: Database;
  dataDir: string;
}

const notFoundProduct = (): never => {
  throw notFound('Product not found');
};

const unknownBrand = () => badRequest('Brand not found', [{ path: 'brandId', message: 'Brand not found' }]);

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

async function withBrand(db: Database, row: ProductRow): Promise<Product> {
  const [brand] = row.brandId === null ? [] : await db.select().from(brands).where(eq(brands.id, row.brandId)).limit(1);
  return toProductView(row, brand ?? null);
}

function columnsOf({ stockWas: _stockWas, ...input }: ProductUpdateInput) {
  return {
    ...input,
    releaseDate: input.releaseDate === undefined ? undefined : input.releaseDate === null ? null : new Date(input.releaseDate),
  };
}

export async function createProduct({ db, dataDir }: Deps, input: ProductInput, image: Buffer | null): Promise<Product> {
  await assertBrandExists(db, input.brandId);
  const row = await saveWithImage(dataDir, image, input.name, async (imageUrl) => {
    const [created] = await db
      .insert(products)
      .values({ ...columnsOf(input), name: input.name, price: input.price, imageUrl: imageUrl ?? input.imageUrl ?? null })
      .returning()
      .catch((error: unknown) => writeError(error, input.sku));
    return created!;
  });
  return withBrand(db, row);
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
async function staleStock(db: Database, id: number): Promise<never> {
  const [now] = await db
    .select({ name: products.name, stock: products.stock })
    .from(products)
    .where(and(eq(products.id, id), eq(products.isDeleted, false)))
    .limit(1);
  if (!now) throw notFound('Product not found');
  const message = `Stock of ${now.name} changed to ${now.stock} since you opened this form (a sale or another edit). Nothing was saved: reload to see it, then save again.`;
  // the issue puts the message under the form's Stock field
  throw new HttpError(409, message, [{ path: 'stock', message }]);
}

/**
 * Changes the given fields of a product on sale; a new image replaces the old one. A stock change
 * sent with `stockWas` is one conditional update (`... WHERE stock = stockWas`), so it never
 * overwrites a sale made since the form was opened.
 */
export async function updateProduct({ db, dataDir }: Deps, id: number, update: ProductUpdateInput, image: Buffer | null): Promise<Product> {
  const input = withoutUntouchedStock(update);
  const [before] = await db
    .select()
    .from(products)
    .where(and(eq(products.id, id), eq(products.isDeleted, false)))
    .limit(1);
  if (!before) throw notFound('Product not found');
  await assertBrandExists(db, input.brandId);
  const row = await saveWithImage(dataDir, image, input.name ?? before.name, async (imageUrl) => {
    const changes = withoutUndefined({ ...columnsOf(input), ...(imageUrl && { imageUrl }) });
    if (Object.keys(changes).length === 0) return before;
    const [updated] = await db
      .update(products)
      .set({ ...changes, updatedAt: new Date() })
      .where(and(eq(products.id, id), eq(products.isDeleted, false), input.stockWas === undefined ? undefined : eq(products.stock, input.stockWas)))
      .returning()
      .catch((error: unknown) => writeError(error, input.sku));
    if (!updated) return input.stockWas === undefined ? notFoundProduct() : staleStock(db, id);
    return updated;
  });
  if (row.imageUrl !== before.imageUrl) await releaseImage(db, dataDir, before.imageUrl);
  return withBrand(db, row);
}

/**
 * A product that was ever ordered is only marked deleted, so order history keeps pointing
 * at it; its SKU is freed for a successor. A product never ordered is removed with its image.
 * Both are single conditional statements: an order placed meanwhile cannot be orphaned.
 */
export async function deleteProduct({ db, dataDir }: Deps, id: number): Promise<{ mode: 'hard' | 'soft' }> {
  const [removed] = await db
    .delete(products)
    .where(and(eq(products.id, id), notExists(db.select({ id: orderItems.id }).from(orderItems).where(eq(orderItems.productId, id)))))
    .returning();
  if (removed) {
    await releaseImage(db, dataDir, removed.imageUrl);
    return { mode: 'hard' };
  }
  const [hidden] = await db
    .update(products)
    .set({ isDeleted: true, isFeatured: false, sku: null, updatedAt: new Date() })
    .where(and(eq(products.id, id), eq(products.isDeleted, false)))
    .returning({ id: products.id });
  if (!hidden) throw notFound('Product not found');
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
