import { and, eq, inArray } from 'drizzle-orm';
import type { ProductDocument } from '#common/schemas/product-document.ts';
import type { Transaction } from '#server/db/client.ts';
import { productAttributeValues, productImages, products, productVariants, slugRedirects, variantOptionValues } from '#server/db/schema.ts';
import { conflict, invalidInput } from '#server/errors/domain-errors.ts';
import { editChanges, recordStockChanges, type StockEditSource } from '#server/modules/stock/stock-ledger-service.ts';
import { checkAttributes, checkIndexes, checkVariantAxes, duplicateSku, type SpecRow } from './product-document-checks.ts';
import { resolveOptionValues, type ResolvedOptions } from './product-document-options.ts';
import { derivedOf, orNull, releaseDateOf, skuTaken, variantFields, videoColumnsOf, type SaveBatch } from './product-document-service.ts';
import { slugNotIn, slugTaken } from './slug-records.ts';

// New products of the CSV import saved as a set (issue 35): saveInBatch's rules for a product without an
// id, each checked in memory as it checks them, then every table written once for the whole set
// (multi-row INSERT ... RETURNING) instead of about a dozen statements per product. Only new products:
// replacing one reads and locks what it was, which stays saveInBatch's, one product at a time.

/** A new product the set refused, as saveInBatch would have refused it. */
interface SetRefusal {
  index: number;
  error: unknown;
}

export interface SetSaveResult {
  /** the saved products' ids, by their index in the set */
  productIds: Map<number, number>;
  refused: SetRefusal[];
}

interface Checked {
  index: number;
  doc: ProductDocument;
  specs: SpecRow[];
  options: ResolvedOptions;
  slug: string;
}

interface Unresolved extends Omit<Checked, 'options'> {
  axes: ReturnType<typeof checkVariantAxes>;
}

/** saveInBatch's checks of a new product that need no statement, in its order. */
function checkNew(batch: SaveBatch, doc: ProductDocument): Pick<Unresolved, 'doc' | 'specs' | 'axes'> {
  const sheet = batch.sheets.get(doc.productTypeId);
  if (!sheet) throw invalidInput('Product type not found', [{ path: 'productTypeId', message: 'Product type not found' }]);
  if (!batch.brandIds.has(doc.brandId)) throw invalidInput('Brand not found', [{ path: 'brandId', message: 'Brand not found' }]);
  checkIndexes(doc);
  const given = doc.variants.findIndex((variant) => variant.id !== undefined);
  if (given >= 0) {
    const message = `Variant ${doc.variants[given]!.id} is not a variant of this product (leave the id out for a new variant)`;
    throw invalidInput(message, [{ path: `variants.${given}.id`, message }]);
  }
  const axes = checkVariantAxes(sheet, doc);
  const specs = checkAttributes(sheet, doc);
  const repeated = duplicateSku(doc);
  if (repeated) {
    const message = `SKU "${repeated}" is given to more than one variant`;
    throw conflict(message, [{ path: `variants.${doc.variants.findLastIndex((variant) => variant.sku === repeated)}.sku`, message }]);
  }
  return { doc, specs, axes };
}

/**
 * Creates the products of `docs` (none has an id) in the caller's transaction, as saveInBatch would one
 * by one: a product its checks refuse is left out and answered in `refused`, the others written. A
 * statement that fails (a slug or SKU taken by a save that committed meanwhile, a brand deleted) is
 * thrown: the caller rolls the set back and saves its products one at a time, to put the failure on
 * its product. The batch's slugs are brought up to date only for a set that was written.
 */
export async function saveNewInSet(tx: Transaction, batch: SaveBatch, docs: ProductDocument[], source: StockEditSource): Promise<SetSaveResult> {
  const refused: SetRefusal[] = [];
  const unresolved: Unresolved[] = [];
  const chosen = new Set<string>();
  for (const [index, doc] of docs.entries()) {
    try {
      const slug = doc.slug ?? slugNotIn('product', doc.name, { has: (slug: string) => batch.productSlugs.has(slug) || chosen.has(slug) });
      unresolved.push({ index, slug, ...checkNew(batch, doc) });
      chosen.add(slug);
    } catch (error) {
      refused.push({ index, error });
    }
  }
  const checked: Checked[] = [];
  // option values last, as saveInBatch resolves them (no statement for the labels the batch knows)
  for (const { axes, ...item } of await withoutTaken(tx, unresolved, refused)) {
    try {
      checked.push({ ...item, options: await resolveOptionValues(tx, axes, item.doc, batch.optionValueIds) });
    } catch (error) {
      refused.push({ index: item.index, error });
    }
  }
  const productIds = new Map<number, number>();
  if (checked.length === 0) return { productIds, refused };

  const created = await tx
    .insert(products)
    .values(
      checked.map(({ doc, slug }) => ({
        ...derivedOf(doc),
        name: doc.name,
        slug,
        brandId: doc.brandId,
        productTypeId: doc.productTypeId,
        description: orNull(doc.description),
        thickness: orNull(doc.thickness),
        color: orNull(doc.color),
        releaseDate: releaseDateOf(doc),
        isFeatured: doc.isFeatured,
        usapaStatus: doc.usapaStatus,
        usapaCheckedOn: doc.usapaCheckedOn,
        ...videoColumnsOf(doc),
      })),
    )
    .returning({ id: products.id, slug: products.slug });
  // slugs are unique: they say which row is whose, whatever order RETURNING answers in
  const idOfSlug = new Map(created.map((row) => [row.slug, row.id]));
  for (const item of checked) productIds.set(item.index, idOfSlug.get(item.slug)!);
  const idOf = (item: Checked) => productIds.get(item.index)!;
  // a redirect that pointed a new product's slug elsewhere goes (recordSlug)
  const redirected = checked.filter((item) => batch.redirectedSlugs.has(item.slug)).map((item) => item.slug);
  if (redirected.length) await tx.delete(slugRedirects).where(and(eq(slugRedirects.kind, 'product'), inArray(slugRedirects.oldSlug, redirected)));

  const imageRows = checked.flatMap((item) => item.doc.images.map((image, position) => ({ productId: idOf(item), url: image.url, alt: image.alt, position })));
  const imageIds = new Map<string, number>();
  if (imageRows.length) {
    const rows = await tx
      .insert(productImages)
      .values(imageRows)
      .returning({ id: productImages.id, productId: productImages.productId, position: productImages.position });
    for (const row of rows) imageIds.set(`${row.productId}:${row.position}`, row.id);
  }

  const variantRows = checked.flatMap((item) =>
    item.doc.variants.map((variant, index) => ({
      productId: idOf(item),
      stock: variant.stock,
      ...variantFields(variant),
      position: index,
      imageId: variant.image == null ? null : imageIds.get(`${idOf(item)}:${variant.image}`)!,
      optionKey: item.options.keys[index]!,
      updatedAt: new Date(),
    })),
  );
  const variants = await tx
    .insert(productVariants)
    .values(variantRows)
    .returning({ id: productVariants.id, productId: productVariants.productId, position: productVariants.position });
  const variantIds = new Map(variants.map((row) => [`${row.productId}:${row.position}`, row.id]));
  const variantOf = (item: Checked, index: number) => variantIds.get(`${idOf(item)}:${index}`)!;

  const optionRows = checked.flatMap((item) =>
    item.options.values.flatMap((pairs, index) =>
      pairs.map(([optionTypeId, optionValueId]) => ({ variantId: variantOf(item, index), optionTypeId, optionValueId })),
    ),
  );
  if (optionRows.length) await tx.insert(variantOptionValues).values(optionRows);
  // a new variant was at 0: its stock is the ledger's first entry (saveInBatch's editChanges)
  await recordStockChanges(
    tx,
    editChanges(
      source,
      checked.flatMap((item) => item.doc.variants.map((variant, index) => ({ variantId: variantOf(item, index), before: 0, after: variant.stock }))),
    ),
  );
  const specRows = checked.flatMap((item) =>
    item.specs.map(({ variant, ...spec }) => ({ ...spec, productId: idOf(item), variantId: variant === null ? null : variantOf(item, variant) })),
  );
  if (specRows.length) await tx.insert(productAttributeValues).values(specRows);
  for (const item of checked) {
    batch.productSlugs.add(item.slug);
    batch.redirectedSlugs.delete(item.slug);
  }
  return { productIds, refused };
}

/** The checked products less those whose chosen slug or a SKU another product has now (one statement each for the set): refused as saveInBatch refuses them. */
async function withoutTaken(tx: Transaction, checked: Unresolved[], refused: SetRefusal[]): Promise<Unresolved[]> {
  const skus = checked.flatMap((item) => item.doc.variants.flatMap((variant) => (variant.sku ? [variant.sku] : [])));
  const takenSkus = new Set(
    skus.length ? (await tx.select({ sku: productVariants.sku }).from(productVariants).where(inArray(productVariants.sku, skus))).map((row) => row.sku) : [],
  );
  const slugs = checked.flatMap((item) => (item.doc.slug ? [item.doc.slug] : []));
  const takenSlugs = new Set(
    slugs.length ? (await tx.select({ slug: products.slug }).from(products).where(inArray(products.slug, slugs))).map((row) => row.slug) : [],
  );
  return checked.filter((item) => {
    const sku = item.doc.variants.find((variant) => variant.sku && takenSkus.has(variant.sku))?.sku;
    const error = sku ? skuTaken(item.doc, sku) : item.doc.slug && takenSlugs.has(item.doc.slug) ? slugTaken(item.doc.slug, 'product') : undefined;
    if (error) refused.push({ index: item.index, error });
    return !error;
  });
}
