import { and, asc, eq } from 'drizzle-orm';
import type { Transaction } from '#server/db/client.ts';
import { productImages, products } from '#server/db/schema.ts';
import { notFound } from '#server/errors/domain-errors.ts';

/**
 * Makes an image the cover of a product on sale, in the caller's transaction: the product's image and
 * its gallery's first (docs/decisions/017: the storefront shows the gallery), added when the gallery is empty.
 */
export async function setProductCover(tx: Transaction, productId: number, imageUrl: string): Promise<{ id: number; name: string }> {
  const [updated] = await tx
    .update(products)
    .set({ imageUrl, updatedAt: new Date() })
    .where(and(eq(products.id, productId), eq(products.isDeleted, false)))
    .returning({ id: products.id, name: products.name });
  if (!updated) throw notFound('Product not found');
  const [cover] = await tx
    .select({ id: productImages.id })
    .from(productImages)
    .where(eq(productImages.productId, productId))
    .orderBy(asc(productImages.position), asc(productImages.id))
    .limit(1);
  if (cover) await tx.update(productImages).set({ url: imageUrl }).where(eq(productImages.id, cover.id));
  else await tx.insert(productImages).values({ productId, url: imageUrl, alt: updated.name, position: 0 });
  return updated;
}
