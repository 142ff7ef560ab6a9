import { eq, sql } from 'drizzle-orm';
import type { Database } from '#server/db/client.ts';
import {
  attributeDefinitions,
  optionTypes,
  optionValues,
  productAttributeValues,
  productImages,
  products,
  productTypes,
  productVariants,
  variantOptionValues,
} from '#server/db/schema.ts';
import { refreshProductTerms } from '#server/modules/catalog/product-terms.ts';

type ProductValues = Omit<typeof products.$inferInsert, 'productTypeId'> & { productTypeId?: number };

/**
 * Products written straight into the tables, as tests set up a catalogue, each with the one variant
 * and gallery image the product service would give it (type "Accessories" unless named).
 */
export async function insertProducts(db: Database, values: ProductValues | ProductValues[]): Promise<(typeof products.$inferSelect)[]> {
  const list = Array.isArray(values) ? values : [values];
  const [accessories] = await db.select({ id: productTypes.id }).from(productTypes).where(eq(productTypes.slug, 'accessories'));
  const rows = await db
    .insert(products)
    .values(list.map((value) => ({ productTypeId: accessories!.id, ...value })))
    .returning();
  for (const row of rows) {
    const [image] = row.imageUrl ? await db.insert(productImages).values({ productId: row.id, url: row.imageUrl, alt: row.name }).returning() : [];
    await db.insert(productVariants).values({ productId: row.id, sku: row.sku, price: row.price, stock: row.stock, imageId: image?.id ?? null });
  }
  return rows;
}

/** Sets the price of a single-variant product straight in the tables (the product shows its variant's). */
export async function setProductPrice(db: Database, productId: number, price: string): Promise<void> {
  await db.update(productVariants).set({ price }).where(eq(productVariants.productId, productId));
  await db.update(products).set({ price }).where(eq(products.id, productId));
}

/** Takes units of a single-variant product's stock, as a sale elsewhere would. */
export async function takeStock(db: Database, productId: number, units: number): Promise<void> {
  await db
    .update(productVariants)
    .set({ stock: sql`${productVariants.stock} - ${units}` })
    .where(eq(productVariants.productId, productId));
  await db
    .update(products)
    .set({ stock: sql`${products.stock} - ${units}` })
    .where(eq(products.id, productId));
}

export interface FacetProductSpec {
  name: string;
  type: string;
  brandId?: number | null;
  /** one variant per entry: its price, stock and option labels by option key */
  variants: { price: string; stock: number; options?: Record<string, string> }[];
  /** spec values by attribute key: choices, a number range [min, max] or a flag */
  specs?: Record<string, string[] | [number, number] | boolean>;
  usapa?: boolean;
  isFeatured?: boolean;
  description?: string;
  releaseDate?: Date;
}

/**
 * Products with variants, option values and spec values written straight into the tables, with the
 * derived price (lowest), stock (sum) and search terms the services keep: a catalogue to filter.
 */
export async function insertCatalogueForFacets(db: Database, specs: FacetProductSpec[]): Promise<(typeof products.$inferSelect)[]> {
  const types = await db.select().from(productTypes);
  const definitions = await db.select().from(attributeDefinitions);
  const values = await db
    .select({ id: optionValues.id, label: optionValues.label, typeId: optionTypes.id, key: optionTypes.key })
    .from(optionValues)
    .innerJoin(optionTypes, eq(optionTypes.id, optionValues.optionTypeId));
  const made: (typeof products.$inferSelect)[] = [];
  let sku = 0;
  for (const spec of specs) {
    const type = types.find((row) => row.slug === spec.type)!;
    const prices = spec.variants.map((variant) => Number(variant.price));
    const [product] = await db
      .insert(products)
      .values({
        name: spec.name,
        brandId: spec.brandId ?? null,
        productTypeId: type.id,
        price: Math.min(...prices).toFixed(2),
        stock: spec.variants.reduce((sum, variant) => sum + variant.stock, 0),
        usapaStatus: spec.usapa ? 'approved' : 'not_stated',
        isFeatured: spec.isFeatured ?? false,
        description: spec.description ?? null,
        releaseDate: spec.releaseDate ?? null,
      })
      .returning();
    for (const [index, variant] of spec.variants.entries()) {
      const chosen = Object.entries(variant.options ?? {}).map(([key, label]) => values.find((value) => value.key === key && value.label === label)!);
      const optionKey = chosen
        .map((value) => value.id)
        .sort((a, b) => a - b)
        .join(',');
      sku += 1;
      const [row] = await db
        .insert(productVariants)
        .values({ productId: product!.id, sku: `FX-${product!.id}-${sku}`, price: variant.price, stock: variant.stock, position: index, optionKey })
        .returning();
      if (chosen.length)
        await db.insert(variantOptionValues).values(chosen.map((value) => ({ variantId: row!.id, optionTypeId: value.typeId, optionValueId: value.id })));
    }
    for (const [key, value] of Object.entries(spec.specs ?? {})) {
      const definition = definitions.find((row) => row.productTypeId === type.id && row.key === key)!;
      const typed =
        typeof value === 'boolean'
          ? { flag: value }
          : typeof value[0] === 'number'
            ? { numberMin: String(value[0]), numberMax: String(value[1]) }
            : { choices: value as string[] };
      await db.insert(productAttributeValues).values({ productId: product!.id, attributeId: definition.id, ...typed });
    }
    made.push(product!);
  }
  await refreshProductTerms(
    db,
    made.map((row) => row.id),
  );
  return made;
}
