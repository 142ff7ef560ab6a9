// Kept free of zod so the storefront's first bundle can use it without pulling in the schema library.

/** Uploaded images have a "-thumb" twin (DESIGN.md §2, images); srcset uses both. */
export function thumbnailUrl(imageUrl: string | null | undefined): string | null {
  if (!imageUrl || !imageUrl.startsWith('/uploads/') || !imageUrl.endsWith('.webp')) return null;
  return imageUrl.replace(/\.webp$/, '-thumb.webp');
}

export const THUMBNAIL_WIDTH = 400;
export const FULL_IMAGE_WIDTH = 1200;
