import { eq } from 'drizzle-orm';
import type { Database } from '#server/db/client.ts';
import { brands, productImages, products, reviewPhotos, siteSettings } from '#server/db/schema.ts';
import { deleteStoredImage, storeImage, uploadFileName } from '#server/modules/media/media-service.ts';
import type { ImageStore } from '#server/modules/media/image-store-service.ts';

/** Every image URL a record points at: products (deleted ones too) and their galleries, brands, the hero image and review photos. */
export async function referencedImageUrls(db: Database): Promise<Set<string>> {
  const rows = await db
    .select({ url: products.imageUrl })
    .from(products)
    .union(db.select({ url: productImages.url }).from(productImages))
    .union(db.select({ url: brands.imageUrl }).from(brands))
    .union(db.select({ url: siteSettings.heroImageUrl }).from(siteSettings))
    .union(db.select({ url: reviewPhotos.url }).from(reviewPhotos));
  return new Set(rows.map((row) => row.url).filter((url): url is string => Boolean(url)));
}

async function isImageReferenced(db: Database, url: string): Promise<boolean> {
  const found = await Promise.all([
    db.select({ id: products.id }).from(products).where(eq(products.imageUrl, url)).limit(1),
    db.select({ id: productImages.id }).from(productImages).where(eq(productImages.url, url)).limit(1),
    db.select({ id: brands.id }).from(brands).where(eq(brands.imageUrl, url)).limit(1),
    db.select({ id: siteSettings.id }).from(siteSettings).where(eq(siteSettings.heroImageUrl, url)).limit(1),
    db.select({ id: reviewPhotos.id }).from(reviewPhotos).where(eq(reviewPhotos.url, url)).limit(1),
  ]);
  return found.some((rows) => rows.length > 0);
}

/**
 * Stores an uploaded image (checked by content, re-encoded to WebP), runs the database write
 * with its URL, and removes the files again when the write fails, so a refused save leaves
 * no orphan. Without an image the write gets undefined.
 */
export async function saveWithImage<T>(
  images: ImageStore,
  image: Buffer | null,
  nameHint: string,
  write: (imageUrl: string | undefined) => Promise<T>,
): Promise<T> {
  const imageUrl = image ? await storeImage(images, image, nameHint) : undefined;
  try {
    return await write(imageUrl);
  } catch (error) {
    // the write's own error is the answer, even when the store is down too (the pair is then an orphan)
    if (imageUrl) await deleteStoredImage(images, imageUrl).catch(() => {});
    throw error;
  }
}

/**
 * Deletes a replaced upload once no record points at it any more; other URLs are left alone.
 * Runs after the record's write is committed: a store that is down then leaves an orphan (which
 * the image manager offers for re-use) rather than turning a saved change into an error.
 */
export async function releaseImage(db: Database, images: ImageStore, url: string | null | undefined): Promise<void> {
  if (!url || !uploadFileName(url)) return;
  if (await isImageReferenced(db, url)) return;
  await deleteStoredImage(images, url).catch(() => {});
}
