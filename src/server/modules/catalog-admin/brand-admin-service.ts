import { and, eq, sql } from 'drizzle-orm';
import { MAX_FEATURED_BRANDS } from '#common/constants.ts';
import type { BrandInput } from '#common/schemas/admin-catalog.ts';
import type { Brand } from '#common/schemas/catalog.ts';
import type { Database } from '#server/db/client.ts';
import { FOREIGN_KEY_VIOLATION, pgErrorCode, UNIQUE_VIOLATION } from '#server/db/pg-error-code.ts';
import { brands, products } from '#server/db/schema.ts';
import { conflict, notFound } from '#server/errors/domain-errors.ts';
import { releaseImage, saveWithImage } from '#server/modules/image-manager/uploaded-image-service.ts';
import { brandColumns, toBrandView } from '#server/modules/catalog/catalog-model-service.ts';
import { checkSlugFree, forgetSlugs, freeSlug, isSlugViolation, recordSlug, slugTaken } from './slug-records.ts';
import { withoutUndefined } from './without-undefined.ts';
import type { ImageStore } from '#server/modules/media/image-store-service.ts';

interface Deps {
  db: Database;
  images: ImageStore;
}

// any fixed number: serialises "feature a brand" so the limit holds under concurrent requests
const FEATURED_BRANDS_LOCK = 7_331_004;

const FEATURED_LIMIT_MESSAGE = `You can only have up to ${MAX_FEATURED_BRANDS} featured brands.`;

function duplicateName(error: unknown, name: string | undefined, slug: string | undefined): never {
  if (isSlugViolation(error, 'brand')) throw slugTaken(slug ?? '', 'brand');
  if (pgErrorCode(error) === UNIQUE_VIOLATION) throw conflict(`A brand named "${name}" already exists`);
  throw error;
}

export async function createBrand({ db, images }: Deps, input: BrandInput, image: Buffer | null): Promise<Brand> {
  return saveWithImage(images, image, input.name, (imageUrl) => insertBrand(db, { ...input, imageUrl: imageUrl ?? null }));
}

/**
 * A new brand whose image, if any, is stored already: the admin's create (after its upload) and the
 * demo catalogue (images drawn before its transaction) both add brands through it.
 */
export async function insertBrand(db: Database, brand: Omit<BrandInput, 'slug'> & { slug?: string | undefined; imageUrl: string | null }): Promise<Brand> {
  const created = await db
    .transaction(async (tx) => {
      if (brand.slug) await checkSlugFree(tx, 'brand', brand.slug, undefined);
      const slug = brand.slug ?? (await freeSlug(tx, 'brand', brand.name));
      const [row] = await tx
        .insert(brands)
        .values({ name: brand.name, slug, description: brand.description ?? null, imageUrl: brand.imageUrl })
        .returning(brandColumns);
      await recordSlug(tx, 'brand', row!.id, slug, null);
      return row!;
    })
    .catch((error: unknown) => duplicateName(error, brand.name, brand.slug));
  return toBrandView(created);
}

/** Changes the given fields; a new image replaces the old one, whose file goes when unused. */
export async function updateBrand({ db, images }: Deps, id: number, input: Partial<BrandInput>, image: Buffer | null): Promise<Brand> {
  const [before] = await db.select(brandColumns).from(brands).where(eq(brands.id, id)).limit(1);
  if (!before) throw notFound('Brand not found');
  const row = await saveWithImage(images, image, input.name ?? before.name, async (imageUrl) => {
    const slug = input.slug === before.slug ? undefined : input.slug;
    const changes = withoutUndefined({ name: input.name, description: input.description, imageUrl, slug });
    if (Object.keys(changes).length === 0) return before;
    return db
      .transaction(async (tx) => {
        if (slug) await checkSlugFree(tx, 'brand', slug, id);
        const [updated] = await tx
          .update(brands)
          .set({ ...changes, updatedAt: new Date() })
          .where(eq(brands.id, id))
          .returning(brandColumns);
        if (!updated) throw notFound('Brand not found');
        // a renamed address: the old one answers 301 to the new (decision 024)
        if (slug) await recordSlug(tx, 'brand', id, slug, before.slug);
        return updated;
      })
      .catch((error: unknown) => duplicateName(error, input.name, slug));
  });
  if (row.imageUrl !== before.imageUrl) await releaseImage(db, images, before.imageUrl);
  return toBrandView(row);
}

/**
 * A brand with products on sale cannot go (409). Products already deleted (kept only for
 * order history) let go of the brand first, so history stays intact.
 */
export async function deleteBrand({ db, images }: Deps, id: number): Promise<void> {
  const deleted = await db
    .transaction(async (tx) => {
      const [brand] = await tx.select(brandColumns).from(brands).where(eq(brands.id, id)).limit(1).for('update');
      if (!brand) throw notFound('Brand not found');
      const [inUse] = await tx
        .select({ count: sql<number>`count(*)::int` })
        .from(products)
        .where(and(eq(products.brandId, id), eq(products.isDeleted, false)));
      const count = inUse?.count ?? 0;
      if (count > 0) {
        throw conflict(`This brand still has ${count} product${count === 1 ? '' : 's'}; delete or move ${count === 1 ? 'it' : 'them'} first.`);
      }
      await tx
        .update(products)
        .set({ brandId: null })
        .where(and(eq(products.brandId, id), eq(products.isDeleted, true)));
      await tx.delete(brands).where(eq(brands.id, id));
      await forgetSlugs(tx, 'brand', id);
      return brand;
    })
    .catch((error: unknown) => {
      // a product added for this brand while we were deleting it
      if (pgErrorCode(error) === FOREIGN_KEY_VIOLATION) throw conflict('This brand still has products; delete or move them first.');
      throw error;
    });
  await releaseImage(db, images, deleted.imageUrl);
}

/**
 * At most 4 featured brands. The count and the update run under one
 * transaction-scoped advisory lock, so concurrent requests cannot each see 3 and make 5.
 */
export async function setBrandFeatured(db: Database, id: number, isFeatured: boolean): Promise<Brand> {
  const row = await db.transaction(async (tx) => {
    if (isFeatured) await tx.execute(sql`select pg_advisory_xact_lock(${FEATURED_BRANDS_LOCK})`);
    const [brand] = await tx.select(brandColumns).from(brands).where(eq(brands.id, id)).limit(1);
    if (!brand) throw notFound('Brand not found');
    if (isFeatured && !brand.isFeatured) {
      const [featured] = await tx
        .select({ count: sql<number>`count(*)::int` })
        .from(brands)
        .where(eq(brands.isFeatured, true));
      if ((featured?.count ?? 0) >= MAX_FEATURED_BRANDS) throw conflict(FEATURED_LIMIT_MESSAGE);
    }
    const [updated] = await tx.update(brands).set({ isFeatured, updatedAt: new Date() }).where(eq(brands.id, id)).returning(brandColumns);
    return updated!;
  });
  return toBrandView(row);
}
