import { and, asc, eq } from 'drizzle-orm';
import type { BrokenImage, PotentialMatches } from '#common/schemas/admin-images.ts';
import { THUMBNAIL_WIDTH, thumbnailUrl } from '#common/schemas/catalog.ts';
import type { Database, Transaction } from '#server/db/client.ts';
import { products } from '#server/db/schema.ts';
import { invalidInput, notFound } from '#server/errors/domain-errors.ts';
import { type ImageStore, readImageBytes } from '#server/modules/media/image-store-service.ts';
import { loadSharp, shortSlug, UPLOAD_FILE_NAME, uploadFileName, UPLOADS_URL_PREFIX } from '#server/modules/media/media-service.ts';
import { referencedImageUrls } from './uploaded-image-service.ts';

/** The stored bytes when they are there and libvips can read them as an image, else null. */
async function readableImage(images: ImageStore, name: string): Promise<Buffer | null> {
  const bytes = await readImageBytes(images, name);
  if (!bytes) return null;
  try {
    const { format } = await (await loadSharp())(bytes).metadata();
    return format ? bytes : null;
  } catch {
    return null;
  }
}

/**
 * Why a product's image cannot be shown, or null when it can. Only our own /uploads files can
 * be displayed: the content-security policy allows images from this site only.
 */
async function brokenReason(images: ImageStore, imageUrl: string | null): Promise<string | null> {
  if (!imageUrl?.trim()) return 'missing';
  const name = uploadFileName(imageUrl);
  if (!name) return 'not an uploaded image';
  return (await readableImage(images, name)) ? null : 'file missing or unreadable';
}

/** Image-manager: products on sale whose image is missing or cannot be read. */
export async function findBrokenImages(db: Database, images: ImageStore): Promise<BrokenImage[]> {
  const rows = await db
    .select({ id: products.id, name: products.name, imageUrl: products.imageUrl })
    .from(products)
    .where(eq(products.isDeleted, false))
    .orderBy(asc(products.name), asc(products.id));
  const broken: BrokenImage[] = [];
  // a few at a time: each image is fetched and decoded, and a big catalogue should not flood the store or the pool
  for (let start = 0; start < rows.length; start += 8) {
    const batch = rows.slice(start, start + 8);
    const reasons = await Promise.all(batch.map((row) => brokenReason(images, row.imageUrl)));
    batch.forEach((row, i) => reasons[i] && broken.push(row));
  }
  return broken;
}

/** "pro-carbon-16mm-3fa9c01d2b7e.webp" -> ["pro", "carbon", "16mm"]: the random suffix is noise. */
function fileTokens(filename: string): string[] {
  const base = filename.replace(/\.webp$/, '').replace(/-[0-9a-f]{12}$/, '');
  return base.split('-').filter((token) => token.length >= 2);
}

const textTokens = (text: string | null) =>
  text
    ? shortSlug(text)
        .split('-')
        .filter((token) => token.length >= 2)
    : [];

/** Upload files no product, brand or hero image points at (thumbnails are twins, not candidates). */
async function orphanUploads(db: Database, images: ImageStore): Promise<string[]> {
  const [names, used] = await Promise.all([images.list(), referencedImageUrls(db)]);
  return names.filter((name) => !name.endsWith('-thumb.webp') && !used.has(`${UPLOADS_URL_PREFIX}${name}`));
}

async function productOnSale(db: Database, productId: number) {
  const [product] = await db
    .select({ id: products.id, name: products.name, sku: products.sku, imageUrl: products.imageUrl })
    .from(products)
    .where(and(eq(products.id, productId), eq(products.isDeleted, false)))
    .limit(1);
  if (!product) throw notFound('Product not found');
  return product;
}

/** Unused uploads whose names share words with the product's name or SKU, best match first. */
export async function findPotentialMatches(db: Database, images: ImageStore, productId: number): Promise<PotentialMatches> {
  const product = await productOnSale(db, productId);
  const wanted = new Set([...textTokens(product.name), ...textTokens(product.sku)]);
  const scored = (await orphanUploads(db, images))
    .map((filename) => ({ filename, score: new Set(fileTokens(filename).filter((token) => wanted.has(token))).size }))
    .filter((match) => match.score > 0)
    .sort((a, b) => b.score - a.score || a.filename.localeCompare(b.filename));
  return { product, potentialMatches: scored.map(({ filename }) => ({ filename })) };
}

/**
 * The catalogue's write of a product's cover (its image and its gallery's first) in the given transaction,
 * handed in by the composition root: the catalogue imports this module, so this module cannot import it.
 */
export type SetProductCover = (tx: Transaction, productId: number, imageUrl: string) => Promise<{ id: number; name: string }>;

/**
 * Points a product at an existing upload. The name was checked against UPLOAD_FILE_NAME, so it
 * cannot leave the uploads; a missing thumbnail twin is drawn again from the full image.
 */
export async function associateImage(
  { db, images, setProductCover }: { db: Database; images: ImageStore; setProductCover: SetProductCover },
  productId: number,
  filename: string,
) {
  if (!UPLOAD_FILE_NAME.test(filename)) throw invalidInput('filename must be the plain name of an uploaded .webp file');
  if (filename.endsWith('-thumb.webp')) throw invalidInput('Choose the full image, not its thumbnail');
  const bytes = await readableImage(images, filename);
  if (!bytes) throw invalidInput(`No readable uploaded image named "${filename}"`);
  await productOnSale(db, productId);
  const imageUrl = `${UPLOADS_URL_PREFIX}${filename}`;
  const thumb = uploadFileName(thumbnailUrl(imageUrl))!;
  if (!(await images.head(thumb))) {
    await images.put(thumb, await (await loadSharp())(bytes).resize({ width: THUMBNAIL_WIDTH, withoutEnlargement: true }).webp({ quality: 75 }).toBuffer());
  }
  const row = await db.transaction((tx) => setProductCover(tx, productId, imageUrl));
  return { id: row.id, name: row.name, imageUrl };
}
