import type { Readable } from 'node:stream';
import { eq, inArray, sql } from 'drizzle-orm';
import type { ProductTypeWithValues } from '#common/schemas/catalog-model.ts';
import type { CsvImportError as CsvError, CsvImportResult } from '#common/schemas/product-csv.ts';
import { ProductDocument } from '#common/schemas/product-document.ts';
import type { Database, Transaction } from '#server/db/client.ts';
import { FOREIGN_KEY_VIOLATION, pgErrorCode } from '#server/db/pg-error-code.ts';
import { brands, products, productVariants, slugRedirects } from '#server/db/schema.ts';
import { DomainError } from '#server/errors/domain-errors.ts';
import { releaseImage } from '#server/modules/image-manager/uploaded-image-service.ts';
import type { ImageStore } from '#server/modules/media/image-store-service.ts';
import type { OnRestock } from '#server/modules/stock/stock-service.ts';
import type { StockEditSource } from '#server/modules/stock/stock-ledger-service.ts';
import { pacer, turnForOthers } from '#server/pace.ts';
import { CSV_PACE_MS, place, readCsvDocuments, type Pending, type Report } from './product-csv-read.ts';
import { saveInBatch, type SaveBatch } from './product-document-service.ts';
import { saveNewInSet, type SetSaveResult } from './product-document-set.ts';
import { refreshProductTerms } from './product-terms.ts';
import { listProductTypes } from '#server/modules/catalog/catalog-service.ts';

// The CSV import (docs/product-csv.md, decision 037). The file is read into one document per
// product; every document is then saved through saveProductDocument's rules (saveInBatch: types,
// brands and option values read once for the file) in short transactions of about BATCH_MS each,
// with a turn for others between them (server/pace.ts): on the embedded database (one
// connection) a long transaction would hold every shopper's read until it ended. First the check:
// each product saved in its own savepoint so every product's problems are found, each batch rolled
// back. That is all a preview does, and all a file with any error gets. A commit then writes the
// same documents, batch after batch, each committed; should one fail now (a product changed or
// deleted since the check), the import stops there and says which rows were written.

const BATCH_MS = 10;
// a set of new products: its time, and at most this many (its multi-row statements stay far below PostgreSQL's 65,535 parameters)
const SET_MS = 20;
const MAX_SET = 200;
// at least this many: a set of 25 takes about the statements one product took alone, so on a busy machine
// (every statement slow) a set still holds shoppers' reads no longer than a batch of one product did
const MIN_SET = 25;
const MAX_SET_ROWS = 2000;
/** The rows a set's largest statements write: its variants, spec values and images. */
const rowsOf = (set: Ready[]) => set.reduce((sum, { doc }) => sum + doc.variants.length + doc.attributes.length + doc.images.length, 0);
const MAX_ERRORS = 200;
// SKUs looked up by one statement
const SKU_CHUNK = 500;

interface Deps {
  db: Database;
  images: ImageStore;
  onRestock?: OnRestock;
}

/** A product the check saved with changes: the commit writes it. */
interface Ready {
  item: Pending;
  doc: ProductDocument;
}

class Rollback extends Error {}
class Stopped extends Error {}

/** Reads, checks and (with `commit`, when nothing is wrong) writes a product CSV. */
export async function importProductCsv(
  deps: Deps,
  input: Readable,
  options: { commit: boolean; /** the admin importing: the stock ledger's actor */ actorUserId: number | null },
): Promise<CsvImportResult> {
  const source: StockEditSource = { reason: 'csv_import', actorUserId: options.actorUserId };
  const types = await listProductTypes(deps.db);
  const brandIds = new Map((await deps.db.select({ id: brands.id, name: brands.name }).from(brands)).map((brand) => [brand.name.toLowerCase(), brand.id]));
  const errors: CsvError[] = [];
  const report: Report = (row, column, message) => void (errors.length < MAX_ERRORS && errors.push({ row, column, message }));
  const pending = await readCsvDocuments(input, types, brandIds, report);
  const result: CsvImportResult = {
    products: pending.length,
    variants: pending.reduce((sum, item) => sum + item.raw.variants.length, 0),
    creates: 0,
    updates: 0,
    unchanged: 0,
    errors,
    committed: false,
  };
  const owners = await matchProducts(deps.db, pending, report);
  checkAcrossFile(pending, owners, report);
  const chosenSlugs = pending.flatMap((item) => (typeof item.raw.slug === 'string' ? [item.raw.slug] : []));
  // the check's batches are rolled back, its slugs never: see KeptSlugs
  const checking = await batchOf(deps.db, types, brandIds, chosenSlugs, new KeptSlugs());
  const ready = await check(deps, source, checking, pending, report, result);
  if (options.commit && errors.length === 0) await write(deps, source, await batchOf(deps.db, types, brandIds, chosenSlugs, new Set()), ready, report, result);
  errors.sort((a, b) => a.row - b.row);
  return result;
}

/**
 * The check's product slugs: a slug once taken stays taken. A product that gives up its slug hands
 * it to a later new product of that name in one transaction (the commit), but the check rolls that
 * product back with its batch: had the later product been given the slug, its insert would meet the
 * slug still in use. So, in the check, the later product is named as if the slug were still in use
 * (which only changes the name the preview does not show).
 */
class KeptSlugs extends Set<string> {
  override delete(): boolean {
    return false;
  }
}

/** Every product saved as the commit would save it, batch by batch, each batch rolled back; answers those with changes. */
async function check(deps: Deps, source: StockEditSource, batch: SaveBatch, pending: Pending[], report: Report, result: CsvImportResult): Promise<Ready[]> {
  const ready: Ready[] = [];
  const sizer = setSizer();
  let next = 0;
  const parse = (item: Pending): ProductDocument | undefined => {
    if (item.broken) return undefined;
    const parsed = ProductDocument.safeParse(item.raw);
    if (parsed.success) return parsed.data;
    for (const issue of parsed.error.issues.slice(0, 3)) report(...place(item, issue.path.join('.')), issue.message);
    return undefined;
  };
  const saveOne = async (tx: Transaction, item: Pending, doc: ProductDocument) => {
    try {
      const saved = await tx.transaction((savepoint) => saveInBatch(savepoint, batch, doc, item.productId, source, deps.onRestock));
      if (saved.created) result.creates += 1;
      else if (saved.changed) result.updates += 1;
      else result.unchanged += 1;
      if (saved.changed) ready.push({ item, doc });
    } catch (error) {
      reportRefusal(item, error, report);
    }
  };
  while (next < pending.length) {
    try {
      await deps.db.transaction(async (tx) => {
        // timed from its start, not from the wait for it: every batch saves at least one product
        const started = performance.now();
        if (isNew(pending[next]!)) {
          // a run of new products: saved as one set
          const set: Ready[] = [];
          while (next < pending.length && set.length < sizer.size && rowsOf(set) < MAX_SET_ROWS && isNew(pending[next]!)) {
            const item = pending[next++]!;
            const doc = parse(item);
            if (doc) set.push({ item, doc });
          }
          const saved = await savedAsSet(tx, batch, set, source);
          if (saved) {
            for (const { index, error } of saved.refused) reportRefusal(set[index]!.item, error, report);
            for (const index of saved.productIds.keys()) ready.push(set[index]!);
            result.creates += saved.productIds.size;
          } else for (const { item, doc } of set) await saveOne(tx, item, doc);
          sizer.took(performance.now() - started);
        } else {
          while (next < pending.length && performance.now() - started < BATCH_MS && !isNew(pending[next]!)) {
            const item = pending[next++]!;
            const doc = parse(item);
            if (doc) await saveOne(tx, item, doc);
          }
        }
        throw new Rollback();
      });
    } catch (error) {
      if (!(error instanceof Rollback)) throw error;
    }
    await turnForOthers();
  }
  return ready;
}

/** A product of the file that is new to the shop (and readable so far): saved with others as a set. */
const isNew = (item: Pending) => !item.broken && item.productId === undefined;

/**
 * How many new products a set saves: as many as take about SET_MS, learnt from the sets before
 * (a set's statements cost about the same whatever its size, its rows in proportion).
 */
function setSizer() {
  return {
    size: MIN_SET,
    took(ms: number) {
      this.size = Math.max(MIN_SET, Math.min(MAX_SET, Math.round((this.size * SET_MS) / Math.max(ms, 1))));
    },
  };
}

class SetRefused extends Error {}

/**
 * New products saved as one set, in a savepoint: undefined when a statement failed or (`whole`) a
 * product was refused, the savepoint rolled back; the caller then saves them one by one, as before,
 * to put the failure on its product.
 */
async function savedAsSet(tx: Transaction, batch: SaveBatch, set: Ready[], source: StockEditSource, whole = false): Promise<SetSaveResult | undefined> {
  if (set.length === 0) return { productIds: new Map(), refused: [] };
  try {
    return await tx.transaction(async (savepoint) => {
      const saved = await saveNewInSet(
        savepoint,
        batch,
        set.map(({ doc }) => doc),
        source,
      );
      if (whole && saved.refused.length) throw new SetRefused();
      return saved;
    });
  } catch (error) {
    if (error instanceof SetRefused || pgErrorCode(error) !== null) return undefined;
    throw error;
  }
}

/**
 * The checked products written, batch by batch, each batch committed with its products' search terms
 * and facets. A save refused now ends the import at that product: its batch is rolled back, and the
 * answer's `written` says what had been written before it.
 */
async function write(deps: Deps, source: StockEditSource, batch: SaveBatch, ready: Ready[], report: Report, result: CsvImportResult): Promise<void> {
  result.creates = 0;
  result.updates = 0;
  const sizer = setSizer();
  let next = 0;
  let written = 0;
  while (next < ready.length) {
    const first = next;
    const counts = { creates: 0, updates: 0, unchanged: 0 };
    const changed: number[] = [];
    const dropped: string[] = [];
    try {
      await deps.db.transaction(async (tx) => {
        const started = performance.now();
        const saveOne = async ({ item, doc }: Ready) => {
          const saved = await saveInBatch(tx, batch, doc, item.productId, source, deps.onRestock).catch((error: unknown) => {
            reportRefusal(item, error, report);
            throw new Stopped();
          });
          next += 1;
          if (saved.created) counts.creates += 1;
          else if (saved.changed) counts.updates += 1;
          else counts.unchanged += 1;
          if (saved.changed) changed.push(saved.productId);
          dropped.push(...saved.droppedImageUrls);
        };
        if (ready[next]!.item.productId === undefined) {
          // a run of new products: written as one set; should any fail, one by one, to stop at it
          const set: Ready[] = [];
          for (
            let index = next;
            index < ready.length && set.length < sizer.size && rowsOf(set) < MAX_SET_ROWS && ready[index]!.item.productId === undefined;
            index += 1
          )
            set.push(ready[index]!);
          const saved = await savedAsSet(tx, batch, set, source, true);
          if (saved) {
            next += set.length;
            counts.creates += set.length;
            changed.push(...saved.productIds.values());
          } else for (const item of set) await saveOne(item);
          sizer.took(performance.now() - started);
        } else {
          while (next < ready.length && performance.now() - started < BATCH_MS && ready[next]!.item.productId !== undefined) await saveOne(ready[next]!);
        }
        await refreshProductTerms(tx, changed);
      });
    } catch (error) {
      // nothing written yet: an unexpected error is the server's, as for any request
      if (!(error instanceof Stopped) && written === 0) throw error;
      if (!(error instanceof Stopped)) report(ready[first]!.item.firstRow, '', `The import stopped on an unexpected error: ${String(error)}`);
      result.written = { products: written, throughRow: ready[first]!.item.firstRow - 1 };
      return;
    }
    written += next - first;
    result.creates += counts.creates;
    result.updates += counts.updates;
    result.unchanged += counts.unchanged;
    for (const url of dropped) await releaseImage(deps.db, deps.images, url);
    await turnForOthers();
  }
  result.committed = true;
}

/** A save's refusal at the row and column it is about; anything but a refusal is thrown on. */
function reportRefusal(item: Pending, error: unknown, report: Report): void {
  // the brands, types and option values were read once for the file: one deleted meanwhile fails its row
  if (pgErrorCode(error) === FOREIGN_KEY_VIOLATION) {
    report(...place(item, ''), 'A brand, type or option value this row names was deleted during the import. Import the file again.');
    return;
  }
  if (!(error instanceof DomainError)) throw error;
  const path = error.issues?.[0]?.path ?? (error.kind === 'not-found' ? 'id' : '');
  report(...place(item, path), error.kind === 'not-found' ? `Product ${item.productId} not found` : error.message);
}

/**
 * What every save of the file would otherwise read again: the types (as their sheets), brands, option
 * values and slugs. The slugs the file chooses count as taken from the start, so a slug made from a
 * product's name never takes one a later row chooses.
 */
async function batchOf(
  db: Database,
  types: ProductTypeWithValues[],
  brandIds: Map<string, number>,
  chosenSlugs: string[],
  productSlugs: Set<string>,
): Promise<SaveBatch> {
  await addProductSlugs(db, productSlugs);
  for (const slug of chosenSlugs) productSlugs.add(slug);
  const redirects = await db.select({ slug: slugRedirects.oldSlug }).from(slugRedirects).where(eq(slugRedirects.kind, 'product'));
  return {
    sheets: new Map(
      types.map((type) => [
        type.id,
        { id: type.id, slug: type.slug, name: type.name, axes: type.options.map(({ id, key, name }) => ({ id, key, name })), attributes: type.attributes },
      ]),
    ),
    brandIds: new Set(brandIds.values()),
    optionValueIds: new Map(
      types.flatMap((type) => type.options.flatMap((axis) => axis.values.map((value) => [`${axis.id}:${value.label}`, value.id] as const))),
    ),
    productSlugs,
    redirectedSlugs: new Set(redirects.map((row) => row.slug)),
  };
}

/** Joins the slugs read at once: a slug is letters, digits and hyphens. */
const SLUG_SEPARATOR = String.fromCharCode(31);

/**
 * Every product's slug (a deleted product's too: it keeps its slug), read as one text and added a thousand at a time
 * with turns between: at 100,000 products, rows mapped and a set made in one piece held shoppers' requests for 60-80 ms.
 */
async function addProductSlugs(db: Database, slugs: Set<string>): Promise<void> {
  const [row] = await db.select({ slugs: sql<string>`coalesce(string_agg(${products.slug}, chr(31)), '')` }).from(products);
  const pace = pacer(CSV_PACE_MS);
  const all = row!.slugs ? row!.slugs.split(SLUG_SEPARATOR) : [];
  for (let index = 0; index < all.length; index += 1) {
    if (index % 1000 === 0) await pace();
    slugs.add(all[index]!);
  }
}

type Owners = Map<string, { productId: number; variantId: number }>;

/**
 * Products named by `product_id`, or else found by their variants' SKUs; variants without an id
 * matched by SKU within their product. One product twice in a file is refused. Answers who owned
 * each SKU of the file before it.
 */
async function matchProducts(db: Database, pending: Pending[], report: Report): Promise<Owners> {
  const skus = pending.flatMap((item) => item.raw.variants.flatMap((variant) => (typeof variant.sku === 'string' ? [variant.sku] : [])));
  const owners: Owners = new Map();
  for (let start = 0; start < skus.length; start += SKU_CHUNK) {
    const rows = await db
      .select({ sku: productVariants.sku, productId: productVariants.productId, variantId: productVariants.id })
      .from(productVariants)
      .where(inArray(productVariants.sku, skus.slice(start, start + SKU_CHUNK)));
    for (const row of rows) owners.set(row.sku!, { productId: row.productId, variantId: row.variantId });
    // the embedded database answers through promises alone: without a turn, the lookups would run back to back
    await turnForOthers();
  }
  const seen = new Map<number, number>();
  for (const item of pending) {
    const found = item.raw.variants.map((variant) => (typeof variant.sku === 'string' ? owners.get(variant.sku) : undefined));
    if (item.productId === undefined) {
      const products = [...new Set(found.flatMap((owner) => (owner ? [owner.productId] : [])))];
      if (products.length > 1) {
        report(item.firstRow, 'sku', `These SKUs belong to different products (${products.join(', ')}): give the product_id`);
        item.broken = true;
        continue;
      }
      item.productId = products[0];
    }
    item.raw.variants.forEach((variant, index) => {
      const owner = found[index];
      if (variant.id === undefined && owner && owner.productId === item.productId) variant.id = owner.variantId;
    });
    if (item.productId === undefined) continue;
    const earlier = seen.get(item.productId);
    if (earlier !== undefined) {
      report(item.firstRow, 'product_id', `Product ${item.productId} is already in this file at row ${earlier}`);
      item.broken = true;
    }
    seen.set(item.productId, item.firstRow);
  }
  return owners;
}

/**
 * What a save cannot see when the products before it were saved in batches of their own and rolled
 * back (the check): a SKU given to two products of the file, a SKU another product has, and a slug
 * chosen for two products. Refused here, by the file alone, so that the check and the commit agree.
 */
function checkAcrossFile(pending: Pending[], owners: Owners, report: Report): void {
  const skuRows = new Map<string, { item: Pending; row: number }>();
  const slugRows = new Map<string, number>();
  for (const item of pending) {
    item.raw.variants.forEach((variant, index) => {
      if (typeof variant.sku !== 'string' || variant.sku === '') return;
      const row = item.sources.rows[index] ?? item.firstRow;
      const earlier = skuRows.get(variant.sku);
      const owner = owners.get(variant.sku);
      let refusal: string | undefined;
      if (earlier && earlier.item !== item) refusal = `SKU "${variant.sku}" is already in this file at row ${earlier.row}`;
      // even when that product gives it up earlier in the file: the check would see it or not depending on the batches
      else if (owner && item.productId !== undefined && owner.productId !== item.productId) refusal = `A product with SKU "${variant.sku}" already exists`;
      if (refusal) {
        report(row, 'sku', refusal);
        item.broken = true;
      } else if (!earlier) skuRows.set(variant.sku, { item, row });
    });
    if (typeof item.raw.slug !== 'string') continue;
    const earlier = slugRows.get(item.raw.slug);
    if (earlier === undefined) slugRows.set(item.raw.slug, item.firstRow);
    else {
      report(item.firstRow, 'slug', `The slug "${item.raw.slug}" is already in this file at row ${earlier}`);
      item.broken = true;
    }
  }
}
