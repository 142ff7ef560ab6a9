import { and, asc, eq, inArray, ne, sql } from 'drizzle-orm';
import { toCents } from '#common/money.ts';
import { parseVideoUrl, videoWatchUrl } from '#common/product-video.ts';
import type { ProductDocument, SavedProductDocument, SavedVariant } from '#common/schemas/product-document.ts';
import type { Database, Transaction } from '#server/db/client.ts';
import { pgErrorCode, UNIQUE_VIOLATION } from '#server/db/pg-error-code.ts';
import { brands, productAttributeValues, productImages, products, productVariants, variantOptionValues } from '#server/db/schema.ts';
import { conflict, DomainError, invalidInput, notFound } from '#server/errors/domain-errors.ts';
import { releaseImage } from '#server/modules/image-manager/uploaded-image-service.ts';
import { lockProducts, restocksOf, type OnRestock } from '#server/modules/stock/stock-service.ts';
import { editChanges, recordStockChanges, type StockEditSource } from '#server/modules/stock/stock-ledger-service.ts';
import { checkAttributes, checkIndexes, checkVariantAxes, duplicateSku, type SpecRow } from './product-document-checks.ts';
import { resolveOptionValues, type ResolvedOptions } from './product-document-options.ts';
import { refuseDeletingOrderedVariants } from './product-document-variant-guard.ts';
import { attributeValueOf, readDocument } from './product-document-read.ts';
import { loadTypeSheet, type TypeSheet } from '#server/modules/catalog/catalog-model-service.ts';
import { refreshProductTerms } from './product-terms.ts';
import { checkSlugFree, freeSlug, isSlugViolation, recordSlug, slugNotIn, slugTaken } from './slug-records.ts';
import type { ImageStore } from '#server/modules/media/image-store-service.ts';

// The one write path for whole products (docs/decisions/017): the admin's editor, the CSV import and
// the demo catalogue save a ProductDocument here, so one set of rules holds for all three.

interface Deps {
  db: Database;
  /** where uploads live: a gallery image no record points at any more is deleted after the save */
  images?: ImageStore;
  /** variants brought back from 0 stock: the back-in-stock alerts, in this save's transaction */
  onRestock?: OnRestock;
}

interface SaveResult {
  document: SavedProductDocument;
  created: boolean;
  /** false when the document was what the product already is: nothing was written, updated_at stays */
  changed: boolean;
  /** uploaded gallery images the save dropped; released here unless the caller passed its own transaction */
  droppedImageUrls: string[];
}

/** A product as one document, with its id and its variants' ids; 404 when there is none on sale. */
export async function readProductDocument(db: Database | Transaction, id: number): Promise<SavedProductDocument> {
  const document = await readDocument(db, id);
  if (!document) throw notFound('Product not found');
  return document;
}

export function skuTaken(doc: ProductDocument, sku: string): DomainError {
  const message = `A product with SKU "${sku}" already exists`;
  return conflict(message, [{ path: `variants.${doc.variants.findIndex((variant) => variant.sku === sku)}.sku`, message }]);
}

/**
 * Creates (no id) or replaces product `id` from a document, in one transaction (the caller's, when
 * given: the CSV import saves many products in one). The product row is locked first, as every
 * writer of its variants does (stock-service.ts), so a checkout of one of its variants waits for the
 * save or the save for it, and the product's derived price, stock, SKU and image are written with
 * the variants they come from.
 */
export async function saveProductDocument(
  deps: Deps,
  doc: ProductDocument,
  target: { id?: number; source: StockEditSource },
  tx?: Transaction,
): Promise<SaveResult> {
  const run = async (handle: Transaction): Promise<SaveResult> => {
    const { productId, before, ...written } = await writeDocument(handle, doc, target.id, target.source, deps.onRestock);
    if (!written.changed) return { document: before!, ...written };
    await refreshProductTerms(handle, [productId]);
    return { document: (await readDocument(handle, productId))!, ...written };
  };
  if (tx) return run(tx);
  const result = await deps.db.transaction(run);
  if (deps.images) for (const url of result.droppedImageUrls) await releaseImage(deps.db, deps.images, url);
  return result;
}

/**
 * What a batch of saves in one transaction (the CSV import) reads once for all of them, instead of
 * every save reading it again: the type sheets and brands, the option values there were, and the
 * product slugs and redirected old slugs, which each save that succeeds brings up to date.
 */
export interface SaveBatch {
  sheets: Map<number, TypeSheet>;
  brandIds: Set<number>;
  /** option value ids by `${axis id}:${label}` */
  optionValueIds: Map<string, number>;
  productSlugs: Set<string>;
  redirectedSlugs: Set<string>;
}

interface BatchSaveResult extends Omit<SaveResult, 'document'> {
  productId: number;
}

/**
 * saveProductDocument for one of a batch of documents saved in the caller's transaction, with what
 * `batch` holds instead of reading it. The saved product is not read back, and its search terms and
 * facets are not written: the caller runs refreshProductTerms once for every changed product, before
 * its transaction ends.
 */
export async function saveInBatch(
  tx: Transaction,
  batch: SaveBatch,
  doc: ProductDocument,
  id: number | undefined,
  source: StockEditSource,
  onRestock?: OnRestock,
): Promise<BatchSaveResult> {
  const { before: _before, ...written } = await writeDocument(tx, doc, id, source, onRestock, batch);
  return written;
}

interface Written extends BatchSaveResult {
  before: SavedProductDocument | undefined;
}

function uniqueViolation(error: unknown, doc: ProductDocument): never {
  // a slug taken by a save that committed after our check
  if (isSlugViolation(error, 'product')) throw slugTaken(doc.slug ?? '', 'product');
  // a SKU taken by a save that committed after our check
  if (pgErrorCode(error) === UNIQUE_VIOLATION) {
    const skus = doc.variants.flatMap((variant) => (variant.sku ? [`"${variant.sku}"`] : []));
    throw conflict(`A product with one of the SKUs ${skus.join(', ')} already exists`);
  }
  throw error;
}

async function writeDocument(
  tx: Transaction,
  doc: ProductDocument,
  id: number | undefined,
  source: StockEditSource,
  onRestock: OnRestock | undefined,
  batch?: SaveBatch,
): Promise<Written> {
  return writeChecked(tx, doc, id, source, onRestock, batch).catch((error: unknown) => uniqueViolation(error, doc));
}

async function writeChecked(
  tx: Transaction,
  doc: ProductDocument,
  id: number | undefined,
  source: StockEditSource,
  onRestock: OnRestock | undefined,
  batch?: SaveBatch,
): Promise<Written> {
  let before: SavedProductDocument | undefined;
  if (id !== undefined) {
    await lockProducts(tx, [id]);
    before = await readDocument(tx, id);
    if (!before) throw notFound('Product not found');
  }
  const sheet = batch ? batch.sheets.get(doc.productTypeId) : await loadTypeSheet(tx, doc.productTypeId);
  if (!sheet) throw invalidInput('Product type not found', [{ path: 'productTypeId', message: 'Product type not found' }]);
  if (!(batch ? batch.brandIds.has(doc.brandId) : await brandExists(tx, doc.brandId)))
    throw invalidInput('Brand not found', [{ path: 'brandId', message: 'Brand not found' }]);
  checkIndexes(doc);
  checkVariantIds(doc, before);
  const axes = checkVariantAxes(sheet, doc);
  const specs = checkAttributes(sheet, doc);
  const repeated = duplicateSku(doc);
  if (repeated) {
    const message = `SKU "${repeated}" is given to more than one variant`;
    throw conflict(message, [{ path: `variants.${doc.variants.findLastIndex((variant) => variant.sku === repeated)}.sku`, message }]);
  }
  await checkSkusFree(tx, doc, id);
  if (doc.slug) await checkSlugFree(tx, 'product', doc.slug, id);
  const options = await resolveOptionValues(tx, axes, doc, batch?.optionValueIds);
  const effective = withUntouchedStock(doc, before);
  if (before && sameDocument(before, effective, sheet, specs)) return { productId: before.id, before, created: false, changed: false, droppedImageUrls: [] };

  const { productId, slug } = await writeProductRow(tx, effective, id, before?.slug ?? null, batch);
  const imageIds = await writeGallery(tx, productId, effective, before);
  const variantIds = await writeVariants(tx, productId, effective, options, imageIds, before);
  // `before` was read under the product's lock, so its stock is what this save changed
  const moves = effective.variants.map((variant, index) => ({
    variantId: variantIds[index]!,
    before: before?.variants.find((old) => old.id === variant.id)?.stock ?? 0,
    after: variant.stock,
  }));
  await recordStockChanges(tx, editChanges(source, moves));
  const restocks = restocksOf(moves.filter((move) => effective.variants.some((variant) => variant.id === move.variantId)));
  if (onRestock && restocks.length) await onRestock(tx, restocks);
  await writeSpecs(tx, productId, specs, variantIds, before);
  const droppedImageUrls = (before?.images ?? []).map((image) => image.url).filter((url) => !effective.images.some((image) => image.url === url));
  if (batch) noteSlug(batch, slug, before?.slug);
  return { productId, before, created: id === undefined, changed: true, droppedImageUrls };
}

/** A saved product's slug in the batch's sets, as recordSlug left the redirects. */
function noteSlug(batch: SaveBatch, slug: string, previous: string | undefined): void {
  batch.productSlugs.add(slug);
  batch.redirectedSlugs.delete(slug);
  if (previous === undefined || previous === slug) return;
  batch.productSlugs.delete(previous);
  batch.redirectedSlugs.add(previous);
}

async function brandExists(tx: Transaction, brandId: number): Promise<boolean> {
  const [brand] = await tx.select({ id: brands.id }).from(brands).where(eq(brands.id, brandId)).limit(1);
  return brand !== undefined;
}

function checkVariantIds(doc: ProductDocument, before: SavedProductDocument | undefined): void {
  const known = new Set(before?.variants.map((variant) => variant.id));
  const seen = new Set<number>();
  doc.variants.forEach((variant, index) => {
    if (variant.id === undefined) return;
    const message = seen.has(variant.id)
      ? `Variant ${variant.id} is given twice`
      : known.has(variant.id)
        ? null
        : `Variant ${variant.id} is not a variant of this product (leave the id out for a new variant)`;
    if (message) throw invalidInput(message, [{ path: `variants.${index}.id`, message }]);
    seen.add(variant.id);
  });
}

async function checkSkusFree(tx: Transaction, doc: ProductDocument, id: number | undefined): Promise<void> {
  const skus = doc.variants.flatMap((variant) => (variant.sku ? [variant.sku] : []));
  if (skus.length === 0) return;
  const [taken] = await tx
    .select({ sku: productVariants.sku })
    .from(productVariants)
    .where(and(inArray(productVariants.sku, skus), id === undefined ? undefined : ne(productVariants.productId, id)))
    .limit(1);
  if (taken?.sku) throw skuTaken(doc, taken.sku);
}

/**
 * A variant sent back with the stock it loaded (`stockWas` = `stock`) is not changing stock: it keeps
 * what sales made of it meanwhile, and the rest of the save goes through.
 */
function withUntouchedStock(doc: ProductDocument, before: SavedProductDocument | undefined): ProductDocument {
  return {
    ...doc,
    variants: doc.variants.map((variant) => {
      const current = before?.variants.find((existing) => existing.id === variant.id);
      if (!current || variant.stockWas === undefined || variant.stock !== variant.stockWas) return variant;
      const { stockWas: _stockWas, ...rest } = variant;
      return { ...rest, stock: current.stock };
    }),
  };
}

export const orNull = <T>(value: T | null | undefined): T | null => value ?? null;

/** A variant's own columns as the document gives them: a field the document leaves out keeps what the row has. */
export const variantFields = (variant: ProductDocument['variants'][number]) => ({
  sku: orNull(variant.sku),
  price: variant.price,
  compareAtPrice: orNull(variant.compareAtPrice),
  ...(variant.gtin !== undefined && { gtin: variant.gtin }),
  ...(variant.mpn !== undefined && { mpn: variant.mpn }),
  ...(variant.costPrice !== undefined && { costPrice: variant.costPrice }),
  ...(variant.weightGrams !== undefined && { weightGrams: variant.weightGrams }),
  ...(variant.lengthMm !== undefined && { lengthMm: variant.lengthMm }),
  ...(variant.widthMm !== undefined && { widthMm: variant.widthMm }),
  ...(variant.heightMm !== undefined && { heightMm: variant.heightMm }),
});
export const releaseDateOf = (doc: ProductDocument) => (doc.releaseDate ? new Date(doc.releaseDate) : null);

/** The video columns a save writes: none when the document leaves the video out (it keeps the product's), else the parsed video or nulls. */
export function videoColumnsOf(doc: ProductDocument) {
  if (doc.videoUrl === undefined) return {};
  const video = doc.videoUrl === null ? null : parseVideoUrl(doc.videoUrl);
  return { videoProvider: video?.provider ?? null, videoId: video?.id ?? null };
}

/** The video's address as the document's read will answer it after saving `doc`. */
function videoUrlAsRead(doc: ProductDocument, before: SavedProductDocument): string | null {
  if (doc.videoUrl === undefined) return before.videoUrl;
  const video = doc.videoUrl === null ? null : parseVideoUrl(doc.videoUrl);
  return video ? videoWatchUrl(video) : null;
}

const KEPT_VARIANT_FIELDS = ['gtin', 'mpn', 'costPrice', 'weightGrams', 'lengthMm', 'widthMm', 'heightMm'] as const;

/**
 * A variant's identifiers, cost and measures as the document's read will answer them after this save (present
 * when set): a field the sender left out keeps what the variant has (an older client or script sends none of them).
 */
function identifiersAsRead(variant: ProductDocument['variants'][number], before: SavedProductDocument) {
  const saved = before.variants.find((candidate) => candidate.id === variant.id);
  const kept = Object.fromEntries(
    KEPT_VARIANT_FIELDS.map((field) => [field, variant[field] === undefined ? saved?.[field] : variant[field]]).filter(([, value]) => value != null),
  );
  return kept as Pick<SavedVariant, (typeof KEPT_VARIANT_FIELDS)[number]>;
}

/** Whether saving `doc` would leave the product as it is (ids, stock as it is now and spec order aside). */
function sameDocument(before: SavedProductDocument, doc: ProductDocument, sheet: TypeSheet, specs: SpecRow[]): boolean {
  const kindOf = new Map(sheet.attributes.map((definition) => [definition.id, definition]));
  const specKey = (spec: { key: string; variant?: number | undefined }) => `${spec.variant ?? -1}:${spec.key}`;
  const sortSpecs = <T extends { key: string; variant?: number | undefined }>(list: T[]) => [...list].sort((a, b) => specKey(a).localeCompare(specKey(b)));
  const next = {
    name: doc.name,
    slug: doc.slug ?? before.slug,
    brandId: doc.brandId,
    productTypeId: doc.productTypeId,
    description: orNull(doc.description),
    thickness: orNull(doc.thickness),
    color: orNull(doc.color),
    releaseDate: releaseDateOf(doc)?.toISOString() ?? null,
    isFeatured: doc.isFeatured,
    usapaStatus: doc.usapaStatus,
    usapaCheckedOn: doc.usapaCheckedOn,
    videoUrl: videoUrlAsRead(doc, before),
    images: doc.images.map(({ url, alt }) => ({ url, alt })),
    variants: doc.variants.map((variant) => ({
      id: variant.id ?? null,
      sku: orNull(variant.sku),
      price: variant.price,
      compareAtPrice: orNull(variant.compareAtPrice),
      // absent identifiers keep what the variant has (keptIdentifier): the editor's rows do not carry them yet
      ...identifiersAsRead(variant, before),
      stock: variant.stock,
      options: sortedRecord(variant.options),
      image: orNull(variant.image),
    })),
    attributes: sortSpecs(
      specs.map((spec) => {
        const definition = kindOf.get(spec.attributeId)!;
        return { key: definition.key, ...(spec.variant !== null && { variant: spec.variant }), value: attributeValueOf(definition.kind, spec) };
      }),
    ),
  };
  const current = {
    ...before,
    id: undefined,
    variants: before.variants.map((variant) => ({ ...variant, options: sortedRecord(variant.options) })),
    attributes: sortSpecs(before.attributes),
  };
  return JSON.stringify({ ...next, id: undefined }) === JSON.stringify(current);
}

const sortedRecord = (record: Record<string, string>) => Object.fromEntries(Object.entries(record).sort(([a], [b]) => a.localeCompare(b)));

/** The product's lowest price, total stock, SKU (its only variant's) and cover image: what its variants and gallery are about to be. */
export function derivedOf(doc: ProductDocument) {
  const lowest = doc.variants.reduce((low, variant) => (toCents(variant.price) < toCents(low) ? variant.price : low), doc.variants[0]!.price);
  return {
    price: lowest,
    stock: doc.variants.reduce((sum, variant) => sum + variant.stock, 0),
    sku: doc.variants.length === 1 ? orNull(doc.variants[0]!.sku) : null,
    imageUrl: doc.images[0]?.url ?? null,
    updatedAt: new Date(),
  };
}

/**
 * The product row, with what it derives from its variants and gallery (derivedOf); a new product's slug
 * comes from its name unless given, a changed one leaves a redirect (decision 024).
 */
async function writeProductRow(
  tx: Transaction,
  doc: ProductDocument,
  id: number | undefined,
  slugBefore: string | null,
  batch: SaveBatch | undefined,
): Promise<{ productId: number; slug: string }> {
  const fields = {
    ...derivedOf(doc),
    name: doc.name,
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
  };
  if (id !== undefined) {
    const slug = doc.slug ?? slugBefore!;
    await tx
      .update(products)
      .set({ ...fields, slug })
      .where(eq(products.id, id));
    await recordSlug(tx, 'product', id, slug, slugBefore, batch?.redirectedSlugs);
    return { productId: id, slug };
  }
  const slug = doc.slug ?? (batch ? slugNotIn('product', doc.name, batch.productSlugs) : await freeSlug(tx, 'product', doc.name));
  const [created] = await tx
    .insert(products)
    .values({ ...fields, slug })
    .returning({ id: products.id });
  await recordSlug(tx, 'product', created!.id, slug, null, batch?.redirectedSlugs);
  return { productId: created!.id, slug };
}

/** The gallery in the document's order, reusing the rows already there (their ids stay, so do links to them). */
async function writeGallery(tx: Transaction, productId: number, doc: ProductDocument, before: SavedProductDocument | undefined): Promise<number[]> {
  const rows = before
    ? await tx
        .select({ id: productImages.id })
        .from(productImages)
        .where(eq(productImages.productId, productId))
        .orderBy(asc(productImages.position), asc(productImages.id))
    : [];
  const ids: number[] = [];
  for (const [position, image] of doc.images.entries()) {
    const existing = rows[position];
    if (existing) {
      await tx.update(productImages).set({ url: image.url, alt: image.alt, position }).where(eq(productImages.id, existing.id));
      ids.push(existing.id);
    } else {
      const [added] = await tx.insert(productImages).values({ productId, url: image.url, alt: image.alt, position }).returning({ id: productImages.id });
      ids.push(added!.id);
    }
  }
  const surplus = rows.slice(doc.images.length).map((row) => row.id);
  if (surplus.length) await tx.delete(productImages).where(inArray(productImages.id, surplus));
  return ids;
}

/** The answer to a save whose `stockWas` no longer matches: named as the editor knew the variant, with its stock now. */
async function staleVariantStock(tx: Transaction, before: SavedProductDocument, variantId: number, index: number): Promise<never> {
  const [now] = await tx.select({ stock: productVariants.stock }).from(productVariants).where(eq(productVariants.id, variantId));
  const loaded = before.variants.find((variant) => variant.id === variantId);
  const which = loaded?.sku ? `${before.name} (${loaded.sku})` : before.name;
  const message = `Stock of ${which} changed to ${now?.stock ?? 0} since you opened this form (a sale or another edit). Nothing was saved: reload to see it, then save again.`;
  throw conflict(message, [{ path: `variants.${index}.stock`, message }]);
}

/**
 * Variants matched by id are updated (in id order, the lock order), the others inserted, the ones
 * the document no longer has deleted, unless an unpaid order holds one or a paid order sold it
 * (409 naming the orders: product-document-variant-guard.ts). Answers the variants' ids in the
 * document's order.
 */
async function writeVariants(
  tx: Transaction,
  productId: number,
  doc: ProductDocument,
  options: ResolvedOptions,
  imageIds: number[],
  before: SavedProductDocument | undefined,
): Promise<number[]> {
  const kept = new Set(doc.variants.flatMap((variant) => (variant.id === undefined ? [] : [variant.id])));
  const gone = (before?.variants ?? []).filter((variant) => !kept.has(variant.id)).map((variant) => variant.id);
  if (before) await refuseDeletingOrderedVariants(tx, before, gone);
  if (gone.length) await tx.delete(productVariants).where(and(eq(productVariants.productId, productId), inArray(productVariants.id, gone)));
  const columns = (index: number) => {
    const variant = doc.variants[index]!;
    return {
      ...variantFields(variant),
      position: index,
      imageId: variant.image == null ? null : imageIds[variant.image]!,
      optionKey: options.keys[index]!,
      updatedAt: new Date(),
    };
  };
  const matched = doc.variants.flatMap((variant, index) => (variant.id === undefined ? [] : [{ id: variant.id, index }])).sort((a, b) => a.id - b.id);
  // SKUs and combinations may move between variants of this product: park the kept ones first, so
  // no row written in between clashes with a unique index
  if (matched.length) {
    await tx
      .update(productVariants)
      .set({ sku: null, optionKey: sql`'parked:' || ${productVariants.id}` })
      .where(
        inArray(
          productVariants.id,
          matched.map(({ id }) => id),
        ),
      );
  }
  const ids: number[] = new Array<number>(doc.variants.length);
  for (const { id, index } of matched) {
    const variant = doc.variants[index]!;
    // a changed stock is saved only if it is still the one the editor loaded
    const [updated] = await tx
      .update(productVariants)
      .set({ ...columns(index), stock: variant.stock })
      .where(and(eq(productVariants.id, id), variant.stockWas === undefined ? undefined : eq(productVariants.stock, variant.stockWas)))
      .returning({ id: productVariants.id });
    if (!updated) await staleVariantStock(tx, before!, id, index);
    ids[index] = id;
  }
  const added = doc.variants.flatMap((variant, index) => (variant.id === undefined ? [{ productId, stock: variant.stock, ...columns(index) }] : []));
  if (added.length) {
    const rows = await tx.insert(productVariants).values(added).returning({ id: productVariants.id, position: productVariants.position });
    for (const row of rows) ids[row.position] = row.id;
  }
  const matchedIds = matched.map(({ id }) => id);
  if (matchedIds.length) await tx.delete(variantOptionValues).where(inArray(variantOptionValues.variantId, matchedIds));
  const rows = options.values.flatMap((pairs, index) =>
    pairs.map(([optionTypeId, optionValueId]) => ({ variantId: ids[index]!, optionTypeId, optionValueId })),
  );
  if (rows.length) await tx.insert(variantOptionValues).values(rows);
  return ids;
}

async function writeSpecs(tx: Transaction, productId: number, specs: SpecRow[], variantIds: number[], before: SavedProductDocument | undefined): Promise<void> {
  if (before) await tx.delete(productAttributeValues).where(eq(productAttributeValues.productId, productId));
  if (specs.length === 0) return;
  await tx.insert(productAttributeValues).values(
    specs.map(({ variant, ...spec }) => ({
      ...spec,
      productId,
      variantId: variant === null ? null : variantIds[variant]!,
    })),
  );
}
