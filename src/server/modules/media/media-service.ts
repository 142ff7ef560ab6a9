import { randomBytes } from 'node:crypto';
import path from 'node:path';
import type { Sharp } from 'sharp';
import { FULL_IMAGE_WIDTH, THUMBNAIL_WIDTH } from '#common/schemas/catalog.ts';
import { MAX_UPLOAD_BYTES } from '#common/constants.ts';
import { UPLOAD_FILE_NAME } from '#common/schemas/admin-images.ts';
import { hyphenate } from '#common/slug.ts';
import { tooLarge, unsupportedMedia } from '#server/errors/domain-errors.ts';
import type { ImageStore } from './image-store.ts';

export const UPLOADS_URL_PREFIX = '/uploads/';

let sharpLoading: Promise<typeof import('sharp')> | undefined;

/** libvips, loaded with the first image the shop reads or writes: most starts and requests never touch one. */
export async function loadSharp(): Promise<typeof import('sharp')> {
  sharpLoading ??= import('sharp').then((module) => module.default);
  return sharpLoading;
}

// Names we write and serve (the rule the admin's image form checks too): nothing else can be asked for, so
// no path can leave the folder. The media module's service is how the stores, its routes and other modules reach it.
export { UPLOAD_FILE_NAME };

/** Every store checks the names it is given: whatever a caller passes, no key or path can leave the uploads. */
export function assertUploadName(name: string): string {
  if (!UPLOAD_FILE_NAME.test(name)) throw new Error(`not an upload file name: ${JSON.stringify(name)}`);
  return name;
}

type AcceptedImageFormat = 'jpeg' | 'png' | 'webp' | 'gif' | 'avif';

/** Where the local image store keeps its files (decision 029), as shops always have. */
export function uploadsDir(dataDir: string): string {
  return path.join(dataDir, 'uploads');
}

/** "Pro Carbon 16mm!" -> "pro-carbon-16mm": an upload's name before its random part, a product type's slug and key; never empty, never long. */
export function shortSlug(nameHint: string): string {
  return hyphenate(nameHint).slice(0, 48).replace(/-+$/, '') || 'image';
}

/**
 * What the bytes are, read from their header by libvips (not from a file name or a
 * client's content type): one of the five formats we accept, or null. SVG is refused
 * because it can carry script.
 */
export async function detectImageFormat(image: Buffer): Promise<AcceptedImageFormat | null> {
  try {
    const { format, compression } = await (await loadSharp())(image).metadata();
    if (format === 'jpeg' || format === 'png' || format === 'webp' || format === 'gif') return format;
    // libvips reads AVIF through libheif and calls it heif with AV1 compression
    if (format === 'heif' && compression === 'av1') return 'avif';
    return null;
  } catch {
    return null;
  }
}

/** Upload check: at most 5 MB (413), and really a JPEG/PNG/WebP/GIF/AVIF image (415). */
export async function assertUploadableImage(image: Buffer): Promise<AcceptedImageFormat> {
  if (image.length > MAX_UPLOAD_BYTES) throw tooLarge('File is too large (at most 5 MB)');
  const format = await detectImageFormat(image);
  if (!format) throw unsupportedMedia('Only JPEG, PNG, WebP, GIF or AVIF images are accepted');
  return format;
}

/**
 * Checks the image, re-encodes it to WebP without its metadata (EXIF, GPS, ICC comments)
 * at most 1200 px wide plus a 400 px "-thumb" twin, and answers its public URL
 * "/uploads/<slug>-<random>.webp".
 */
export async function storeImage(images: ImageStore, image: Buffer, nameHint: string): Promise<string> {
  await assertUploadableImage(image);
  return writeWebpPair(images, (await loadSharp())(image), nameHint);
}

/**
 * For images we draw ourselves (demo catalogue): same files and names as uploads. At effort 0 a
 * studio render encodes in about a third of effort 2's time for ~12 % more bytes (~27 KB at 800 px):
 * the demo is drawn on a shop's first start, where time counts more than a few kilobytes.
 */
export async function storeRenderedImage(images: ImageStore, rendered: Sharp, nameHint: string): Promise<string> {
  return writeWebpPair(images, rendered, nameHint, 0);
}

// effort 6 (libwebp's slowest, best search) at the same quality: photos come out ~15 % smaller than
// at effort 4, within the 70 %-of-the-JPEG budget (docs/performance.md); an upload takes a few hundred ms longer.
async function writeWebpPair(images: ImageStore, source: Sharp, nameHint: string, effort = 6): Promise<string> {
  const base = `${shortSlug(nameHint)}-${randomBytes(6).toString('hex')}`;
  const full = `${base}.webp`;
  const thumb = `${base}-thumb.webp`;
  let encoded: [Buffer, Buffer];
  try {
    // rotate() applies the EXIF orientation before the metadata is dropped (sharp drops it by default)
    encoded = await Promise.all([
      source
        .clone()
        .rotate()
        .resize({ width: FULL_IMAGE_WIDTH, withoutEnlargement: true })
        // 78: at most ~70% of the bytes of a JPEG at equal size even for a q75 JPEG (docs/performance.md)
        .webp({ quality: 78, effort })
        .toBuffer(),
      source.clone().rotate().resize({ width: THUMBNAIL_WIDTH, withoutEnlargement: true }).webp({ quality: 75, effort }).toBuffer(),
    ]);
  } catch {
    // the header looked like an image but the pixels do not decode
    throw unsupportedMedia('The image could not be read');
  }
  try {
    await Promise.all([images.put(full, encoded[0]), images.put(thumb, encoded[1])]);
  } catch (error) {
    // one of the pair may have been written: a half pair is an orphan nothing would ever point at
    await images.delete([full, thumb]).catch(() => {});
    throw error;
  }
  return `${UPLOADS_URL_PREFIX}${full}`;
}

/** The file name inside the uploads folder of one of our URLs, or null for any other URL. */
export function uploadFileName(url: string | null | undefined): string | null {
  if (!url?.startsWith(UPLOADS_URL_PREFIX)) return null;
  const name = url.slice(UPLOADS_URL_PREFIX.length);
  return UPLOAD_FILE_NAME.test(name) ? name : null;
}

/** Removes a stored image and its thumbnail; other URLs (external, missing) are left alone. */
export async function deleteStoredImage(images: ImageStore, url: string | null | undefined): Promise<void> {
  const name = uploadFileName(url);
  if (!name) return;
  await images.delete([name, name.replace(/\.webp$/, '-thumb.webp')]);
}
