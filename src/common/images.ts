// Kept free of zod so the storefront's first bundle can use it without pulling in the schema library.

/** Uploaded images have a "-thumb" twin; srcset uses both. */
export function thumbnailUrl(imageUrl: string | null | undefined): string | null {
  if (!imageUrl || !imageUrl.startsWith('/uploads/') || !imageUrl.endsWith('.webp')) return null;
  return imageUrl.replace(/\.webp$/, '-thumb.webp');
}

export const THUMBNAIL_WIDTH = 400;
export const FULL_IMAGE_WIDTH = 1200;

/** The srcset a catalogue <img> uses (product-image.tsx). */
export function catalogImageSrcSet(imageUrl: string | null | undefined): string | undefined {
  const thumb = thumbnailUrl(imageUrl);
  return thumb ? `${thumb} ${THUMBNAIL_WIDTH}w, ${imageUrl} ${FULL_IMAGE_WIDTH}w` : undefined;
}

// `sizes` of the images that can be a page's largest (LCP).
/** Home hero: drawn about 240 px tall on phones and 480 px on wider screens (square images). */
export const HERO_IMAGE_SIZES = '(max-width: 767px) 240px, 480px';
/** Product page: full width on phones, half the grid above. */
export const PRODUCT_PAGE_IMAGE_SIZES = '(max-width: 767px) 100vw, 50vw';
/** Product card: a 128 px column on phones, then 2, 3 or 4 columns. */
export const PRODUCT_CARD_IMAGE_SIZES = '(max-width: 639px) 128px, (max-width: 1023px) 50vw, 25vw';
