import { asc, eq, inArray, ne } from 'drizzle-orm';
import type { Database } from '#server/db/client.ts';
import { FOREIGN_KEY_VIOLATION, pgErrorCode } from '#server/db/pg-error-code.ts';
import { attributeDefinitions, productAttributeValues, products, productTypes } from '#server/db/schema.ts';
import { conflict, notFound } from '#server/errors/domain-errors.ts';
import type { CatalogReferences } from './catalog-references.ts';
import { namedList } from './named-products.ts';
import { refreshProductTerms } from './product-terms.ts';

/**
 * A type no product on sale has and nothing else names (refs); its spec sheet and axis choice go with it.
 * Deleted products (kept for order history) of the type move to the first type left in the owner's order,
 * without the old type's spec values: products need a type, and their orders keep their own texts.
 */
export async function deleteProductType(db: Database, refs: CatalogReferences, id: number): Promise<void> {
  await db
    .transaction(async (tx) => {
      // the lock waits out, and then holds off, any product being saved with this type
      const [type] = await tx.select().from(productTypes).where(eq(productTypes.id, id)).for('update');
      if (!type) throw notFound('Product type not found');
      const typed = await tx
        .select({ id: products.id, name: products.name, isDeleted: products.isDeleted })
        .from(products)
        .where(eq(products.productTypeId, id))
        .orderBy(asc(products.name), asc(products.id));
      const onSale = typed.filter((product) => !product.isDeleted);
      const places = [
        ...(onSale.length ? [`it is the type of ${namedList(onSale)}`] : []),
        ...(await refs.namedBy(tx, { kind: 'type', slug: type.slug, name: type.name })),
      ];
      if (places.length) throw conflict(`${type.name} cannot be deleted: ${places.join('; ')}`, [{ path: 'id', message: places.join('; ') }]);
      const [successor] = await tx
        .select({ id: productTypes.id })
        .from(productTypes)
        .where(ne(productTypes.id, id))
        .orderBy(asc(productTypes.position), asc(productTypes.id))
        .limit(1);
      if (!successor) throw conflict(`${type.name} is the last product type: a product needs one`);
      const sheet = tx.select({ id: attributeDefinitions.id }).from(attributeDefinitions).where(eq(attributeDefinitions.productTypeId, id));
      await tx.delete(productAttributeValues).where(inArray(productAttributeValues.attributeId, sheet));
      if (typed.length) {
        const hidden = typed.map((product) => product.id);
        await tx.update(products).set({ productTypeId: successor.id }).where(inArray(products.id, hidden));
        await refreshProductTerms(tx, hidden);
      }
      await tx.delete(productTypes).where(eq(productTypes.id, id));
    })
    .catch((error: unknown) => {
      if (pgErrorCode(error) === FOREIGN_KEY_VIOLATION) throw conflict('This product type was just given a product. Try again to see which.');
      throw error;
    });
}
