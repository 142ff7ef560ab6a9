import { and, asc, eq, inArray } from 'drizzle-orm';
import type { AttributeKind } from '#common/schemas/catalog-model.ts';
import { videoWatchUrl } from '#common/product-video.ts';
import type { SavedAttributeValue, SavedProductDocument, SavedVariant } from '#common/schemas/product-document.ts';
import type { Database, Transaction } from '#server/db/client.ts';
import {
  attributeDefinitions,
  optionTypes,
  optionValues,
  productAttributeValues,
  productImages,
  products,
  productVariants,
  variantOptionValues,
} from '#server/db/schema.ts';

type Reader = Database | Transaction;

/** A spec row as the document names it: by the attribute's kind. */
export function attributeValueOf(
  kind: AttributeKind,
  row: { numberMin: string | null; numberMax: string | null; choices: string[] | null; flag: boolean | null; text: string | null },
): SavedAttributeValue['value'] {
  switch (kind) {
    case 'number':
      return row.numberMin === null ? null : Number(row.numberMin);
    case 'range':
      return row.numberMin === null || row.numberMax === null ? null : { min: Number(row.numberMin), max: Number(row.numberMax) };
    case 'choice':
      return row.choices?.[0] ?? null;
    case 'multi_choice':
      return row.choices ?? null;
    case 'tristate':
      return row.flag;
    case 'text':
      return row.text;
  }
}

/**
 * A product (deleted ones excluded) as one document: the format the editor loads, the CSV export
 * writes and a save takes back. Variants in their position order, gallery in order, spec values in
 * their sheet's order (the product's first, then each variant's).
 */
export async function readDocument(db: Reader, id: number): Promise<SavedProductDocument | undefined> {
  const [product] = await db
    .select()
    .from(products)
    .where(and(eq(products.id, id), eq(products.isDeleted, false)))
    .limit(1);
  if (!product) return undefined;
  const images = await db
    .select({ id: productImages.id, url: productImages.url, alt: productImages.alt })
    .from(productImages)
    .where(eq(productImages.productId, id))
    .orderBy(asc(productImages.position), asc(productImages.id));
  const variantRows = await db
    .select()
    .from(productVariants)
    .where(eq(productVariants.productId, id))
    .orderBy(asc(productVariants.position), asc(productVariants.id));
  const variantIds = variantRows.map((variant) => variant.id);
  const options = variantIds.length
    ? await db
        .select({ variantId: variantOptionValues.variantId, key: optionTypes.key, label: optionValues.label })
        .from(variantOptionValues)
        .innerJoin(optionTypes, eq(optionTypes.id, variantOptionValues.optionTypeId))
        .innerJoin(optionValues, eq(optionValues.id, variantOptionValues.optionValueId))
        .where(inArray(variantOptionValues.variantId, variantIds))
        .orderBy(asc(optionTypes.position), asc(optionTypes.id))
    : [];
  const specs = await db
    .select({ value: productAttributeValues, key: attributeDefinitions.key, kind: attributeDefinitions.kind })
    .from(productAttributeValues)
    .innerJoin(attributeDefinitions, eq(attributeDefinitions.id, productAttributeValues.attributeId))
    .where(eq(productAttributeValues.productId, id))
    .orderBy(asc(attributeDefinitions.position), asc(attributeDefinitions.id));
  return documentOf(product, images, variantRows, options, specs);
}

/** Rows grouped by a key, each group in the rows' order. */
function groupBy<T>(rows: T[], keyOf: (row: T) => number): Map<number, T[]> {
  const groups = new Map<number, T[]>();
  for (const row of rows) {
    const key = keyOf(row);
    const group = groups.get(key);
    if (group) group.push(row);
    else groups.set(key, [row]);
  }
  return groups;
}

/**
 * A page of products (deleted ones left out) as documents, in id order: readDocument's answer for each,
 * read in five statements for the whole page instead of five per product (the CSV export).
 */
export async function readDocuments(db: Reader, ids: readonly number[]): Promise<SavedProductDocument[]> {
  if (ids.length === 0) return [];
  const productRows = await db
    .select()
    .from(products)
    .where(and(inArray(products.id, [...ids]), eq(products.isDeleted, false)))
    .orderBy(asc(products.id));
  if (productRows.length === 0) return [];
  const found = productRows.map((product) => product.id);
  const images = await db
    .select({ productId: productImages.productId, id: productImages.id, url: productImages.url, alt: productImages.alt })
    .from(productImages)
    .where(inArray(productImages.productId, found))
    .orderBy(asc(productImages.productId), asc(productImages.position), asc(productImages.id));
  const variantRows = await db
    .select()
    .from(productVariants)
    .where(inArray(productVariants.productId, found))
    .orderBy(asc(productVariants.productId), asc(productVariants.position), asc(productVariants.id));
  const options = variantRows.length
    ? await db
        .select({ productId: productVariants.productId, variantId: variantOptionValues.variantId, key: optionTypes.key, label: optionValues.label })
        .from(variantOptionValues)
        .innerJoin(productVariants, eq(productVariants.id, variantOptionValues.variantId))
        .innerJoin(optionTypes, eq(optionTypes.id, variantOptionValues.optionTypeId))
        .innerJoin(optionValues, eq(optionValues.id, variantOptionValues.optionValueId))
        .where(inArray(productVariants.productId, found))
        .orderBy(asc(optionTypes.position), asc(optionTypes.id))
    : [];
  const specs = await db
    .select({ value: productAttributeValues, key: attributeDefinitions.key, kind: attributeDefinitions.kind })
    .from(productAttributeValues)
    .innerJoin(attributeDefinitions, eq(attributeDefinitions.id, productAttributeValues.attributeId))
    .where(inArray(productAttributeValues.productId, found))
    .orderBy(asc(attributeDefinitions.position), asc(attributeDefinitions.id));
  const imagesOf = groupBy(images, (image) => image.productId);
  const variantsOf = groupBy(variantRows, (variant) => variant.productId);
  const optionsOf = groupBy(options, (option) => option.productId);
  const specsOf = groupBy(specs, (spec) => spec.value.productId);
  return productRows.map((product) =>
    documentOf(product, imagesOf.get(product.id) ?? [], variantsOf.get(product.id) ?? [], optionsOf.get(product.id) ?? [], specsOf.get(product.id) ?? []),
  );
}

type ProductRow = typeof products.$inferSelect;
type VariantRow = typeof productVariants.$inferSelect;
type ImageRow = { id: number; url: string; alt: string };
type OptionRow = { variantId: number; key: string; label: string };
type SpecRow = { value: typeof productAttributeValues.$inferSelect; key: string; kind: AttributeKind };

/** One product's rows as its document (images, variants, options and specs already in their orders). */
function documentOf(product: ProductRow, images: ImageRow[], variantRows: VariantRow[], options: OptionRow[], specs: SpecRow[]): SavedProductDocument {
  const variantIds = variantRows.map((variant) => variant.id);
  const imageIndex = new Map(images.map((image, index) => [image.id, index]));
  const variantIndex = new Map(variantIds.map((variantId, index) => [variantId, index]));
  const variants: SavedVariant[] = variantRows.map((row) => ({
    id: row.id,
    sku: row.sku,
    price: row.price,
    compareAtPrice: row.compareAtPrice,
    ...(row.gtin !== null && { gtin: row.gtin }),
    ...(row.mpn !== null && { mpn: row.mpn }),
    ...(row.costPrice !== null && { costPrice: row.costPrice }),
    ...(row.weightGrams !== null && { weightGrams: row.weightGrams }),
    ...(row.lengthMm !== null && { lengthMm: row.lengthMm }),
    ...(row.widthMm !== null && { widthMm: row.widthMm }),
    ...(row.heightMm !== null && { heightMm: row.heightMm }),
    stock: row.stock,
    options: Object.fromEntries(options.filter((option) => option.variantId === row.id).map((option) => [option.key, option.label])),
    image: row.imageId === null ? null : (imageIndex.get(row.imageId) ?? null),
  }));
  const attributes: SavedAttributeValue[] = [
    ...specs.filter((spec) => spec.value.variantId === null),
    ...specs.filter((spec) => spec.value.variantId !== null).sort((a, b) => variantIndex.get(a.value.variantId!)! - variantIndex.get(b.value.variantId!)!),
  ].map((spec) => ({
    key: spec.key,
    ...(spec.value.variantId !== null && { variant: variantIndex.get(spec.value.variantId)! }),
    value: attributeValueOf(spec.kind, spec.value),
  }));
  return {
    id: product.id,
    name: product.name,
    slug: product.slug,
    brandId: product.brandId,
    productTypeId: product.productTypeId,
    description: product.description,
    thickness: product.thickness,
    color: product.color,
    releaseDate: product.releaseDate ? product.releaseDate.toISOString() : null,
    isFeatured: product.isFeatured,
    usapaStatus: product.usapaStatus,
    usapaCheckedOn: product.usapaCheckedOn,
    videoUrl: product.videoProvider && product.videoId ? videoWatchUrl({ provider: product.videoProvider, id: product.videoId }) : null,
    images: images.map(({ url, alt }) => ({ url, alt })),
    variants,
    attributes,
  };
}
