import { and, eq, sql } from 'drizzle-orm';
import type { Database } from '#server/db/client.ts';
import {
  attributeDefinitions,
  brands,
  optionTypes,
  optionValues,
  productAttributeValues,
  productImages,
  products,
  productTypes,
  productVariants,
  variantOptionValues,
} from '#server/db/schema.ts';
import { refreshProductTerms } from '#server/modules/catalog-admin/product-terms.ts';
import { freeSlug } from '#server/modules/catalog-admin/slug-records.ts';

// a slug from the name unless given, as the product service makes one
type ProductValues = Omit<typeof products.$inferInsert, 'productTypeId' | 'slug'> & { productTypeId?: number; slug?: string };

/** Brand rows as tests write them: a slug from the name unless given. */
export async function insertBrands(db: Database, values: BrandValues | BrandValues[]): Promise<(typeof brands.$inferSelect)[]> {
  const rows: (typeof brands.$inferSelect)[] = [];
  for (const value of Array.isArray(values) ? values : [values]) {
    const [row] = await db
      .insert(brands)
      .values({ ...value, slug: value.slug ?? (await freeSlug(db, 'brand', value.name)) })
      .returning();
    rows.push(row!);
  }
  return rows;
}
type BrandValues = Omit<typeof brands.$inferInsert, 'slug'> & { slug?: string };

/**
 * Products written straight into the tables, as tests set up a catalogue, each with the one variant
 * and gallery image the product service would give it (type "Accessories" unless named).
 */
export async function insertProducts(db: Database, values: ProductValues | ProductValues[]): Promise<(typeof products.$inferSelect)[]> {
  const list = Array.isArray(values) ? values : [values];
  const [accessories] = await db.select({ id: productTypes.id }).from(productTypes).where(eq(productTypes.slug, 'accessories'));
  const rows: (typeof products.$inferSelect)[] = [];
  for (const value of list) {
    const slug = value.slug ?? (await freeSlug(db, 'product', value.name));
    const [row] = await db
      .insert(products)
      .values({ productTypeId: accessories!.id, ...value, slug })
      .returning();
    rows.push(row!);
  }
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

/** A spec value as tests write it: a number, a [min, max] range, a choice or choices, yes/no, or text. */
type SpecValue = number | [number, number] | string | string[] | boolean;

interface VariantFixture {
  sku: string;
  price: string;
  compareAtPrice?: string | null;
  stock: number;
  /** option key -> label ("core_thickness": "16 mm"); a label the axis lacks is added to it */
  options?: Record<string, string>;
  /** index into the product's images */
  image?: number;
  /** spec values of this variant only, overriding the product's */
  specs?: Record<string, SpecValue>;
}

export interface ProductWithVariantsFixture {
  name: string;
  /** product type slug; "paddles" unless named */
  type?: string;
  brandId?: number | null;
  description?: string | null;
  isFeatured?: boolean;
  usapaStatus?: (typeof products.$inferInsert)['usapaStatus'];
  usapaCheckedOn?: string | null;
  images?: { url: string; alt?: string }[];
  variants: VariantFixture[];
  /** spec values of the product by attribute key */
  specs?: Record<string, SpecValue>;
}

function specColumns(value: SpecValue) {
  if (typeof value === 'number') return { numberMin: String(value), numberMax: String(value) };
  if (typeof value === 'boolean') return { flag: value };
  if (Array.isArray(value) && typeof value[0] === 'number') return { numberMin: String(value[0]), numberMax: String(value[1]) };
  if (Array.isArray(value)) return { choices: value as string[] };
  return { choices: [value], text: value };
}

/**
 * A product with its gallery, variants (by option labels) and spec values written straight into the
 * tables, with the product's derived price (lowest), stock (sum), SKU (the only variant's) and image
 * (the first) as the catalogue service keeps them.
 */
export async function insertProductWithVariants(db: Database, fixture: ProductWithVariantsFixture) {
  const [type] = await db
    .select({ id: productTypes.id })
    .from(productTypes)
    .where(eq(productTypes.slug, fixture.type ?? 'paddles'));
  if (!type) throw new Error(`no product type ${fixture.type}`);
  const lowest = Math.min(...fixture.variants.map((variant) => Number(variant.price)));
  const [product] = await db
    .insert(products)
    .values({
      name: fixture.name,
      slug: await freeSlug(db, 'product', fixture.name),
      brandId: fixture.brandId ?? null,
      description: fixture.description ?? null,
      isFeatured: fixture.isFeatured ?? false,
      productTypeId: type.id,
      usapaStatus: fixture.usapaStatus ?? 'not_stated',
      usapaCheckedOn: fixture.usapaCheckedOn ?? null,
      price: lowest.toFixed(2),
      stock: fixture.variants.reduce((sum, variant) => sum + variant.stock, 0),
      sku: fixture.variants.length === 1 ? fixture.variants[0]!.sku : null,
      imageUrl: fixture.images?.[0]?.url ?? null,
    })
    .returning();
  const images = fixture.images?.length
    ? await db
        .insert(productImages)
        .values(fixture.images.map((image, position) => ({ productId: product!.id, url: image.url, alt: image.alt ?? '', position })))
        .returning()
    : [];
  const variants = [];
  for (const [position, variant] of fixture.variants.entries()) {
    const values = [];
    for (const [key, label] of Object.entries(variant.options ?? {})) {
      const [axis] = await db.select().from(optionTypes).where(eq(optionTypes.key, key));
      if (!axis) throw new Error(`no option type ${key}`);
      await db.insert(optionValues).values({ optionTypeId: axis.id, label }).onConflictDoNothing();
      const [value] = await db
        .select()
        .from(optionValues)
        .where(and(eq(optionValues.optionTypeId, axis.id), eq(optionValues.label, label)));
      values.push({ optionTypeId: axis.id, optionValueId: value!.id });
    }
    const [row] = await db
      .insert(productVariants)
      .values({
        productId: product!.id,
        sku: variant.sku,
        price: variant.price,
        compareAtPrice: variant.compareAtPrice ?? null,
        stock: variant.stock,
        position,
        imageId: variant.image === undefined ? (images[0]?.id ?? null) : images[variant.image]!.id,
        optionKey: values
          .map((value) => value.optionValueId)
          .sort((a, b) => a - b)
          .join(','),
      })
      .returning();
    if (values.length) await db.insert(variantOptionValues).values(values.map((value) => ({ variantId: row!.id, ...value })));
    variants.push(row!);
  }
  const specRows = async (specs: Record<string, SpecValue> | undefined, variantId: number | null) => {
    for (const [key, value] of Object.entries(specs ?? {})) {
      const [attribute] = await db
        .select()
        .from(attributeDefinitions)
        .where(and(eq(attributeDefinitions.productTypeId, type.id), eq(attributeDefinitions.key, key)));
      if (!attribute) throw new Error(`no attribute ${key}`);
      const columns = specColumns(value);
      const typed = attribute.kind === 'text' ? { text: String(value) } : 'text' in columns ? { choices: columns.choices } : columns;
      await db.insert(productAttributeValues).values({ productId: product!.id, variantId, attributeId: attribute.id, ...typed });
    }
  };
  await specRows(fixture.specs, null);
  for (const [index, variant] of fixture.variants.entries()) await specRows(variant.specs, variants[index]!.id);
  return { product: product!, images, variants };
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
        slug: await freeSlug(db, 'product', spec.name),
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
