import { and, count, desc, eq, exists, gt, ilike, or, sql } from 'drizzle-orm';
import type { AdminProductListQuery, AdminProductRow } from '#common/schemas/admin-product-list.ts';
import type { Page } from '#common/schemas/admin-lists.ts';
import type { Database } from '#server/db/client.ts';
import { likePattern } from '#server/db/like-pattern.ts';
import { brands, products, productTypes, productVariants } from '#server/db/schema.ts';
import { offsetOf } from '#server/http/page-headers.ts';
import { brandColumns, productColumns, toProductView } from '#server/modules/catalog/catalog-model-service.ts';

/**
 * One page of the products on sale, newest first, matching a name or SKU (any variant's) and the
 * filters; and how many match. Stock is the derived sum, so "out" is every variant sold out.
 */
export async function listAdminProducts(db: Database, query: AdminProductListQuery): Promise<Page<AdminProductRow>> {
  const pattern = query.q === undefined ? undefined : likePattern(query.q);
  const where = and(
    eq(products.isDeleted, false),
    pattern === undefined
      ? undefined
      : or(
          ilike(products.name, pattern),
          exists(
            db
              .select({ one: sql`1` })
              .from(productVariants)
              .where(and(eq(productVariants.productId, products.id), ilike(productVariants.sku, pattern))),
          ),
        ),
    query.typeId === undefined ? undefined : eq(products.productTypeId, query.typeId),
    query.brandId === undefined ? undefined : eq(products.brandId, query.brandId),
    query.stock === undefined ? undefined : query.stock === 'in' ? gt(products.stock, 0) : eq(products.stock, 0),
    query.featured === undefined ? undefined : eq(products.isFeatured, query.featured),
  );
  const variantCount = db.select({ n: count() }).from(productVariants).where(eq(productVariants.productId, products.id));
  const [rows, [counted]] = await Promise.all([
    db
      .select({ product: productColumns, brand: brandColumns, typeName: productTypes.name, variantCount: sql<number>`(${variantCount})::int` })
      .from(products)
      .innerJoin(productTypes, eq(productTypes.id, products.productTypeId))
      .leftJoin(brands, eq(brands.id, products.brandId))
      .where(where)
      .orderBy(desc(products.id))
      .limit(query.pageSize)
      .offset(offsetOf(query)),
    db.select({ total: count() }).from(products).where(where),
  ]);
  return {
    items: rows.map((row) => ({ ...toProductView(row.product, row.brand), productTypeName: row.typeName, variantCount: Number(row.variantCount) })),
    total: counted?.total ?? 0,
  };
}
