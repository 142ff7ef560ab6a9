import { Transform, type Readable } from 'node:stream';
import { parse } from 'csv-parse';
import { eq, inArray } from 'drizzle-orm';
import type { ProductTypeWithValues } from '#common/schemas/catalog-model.ts';
import type { CsvImportError as CsvError, CsvImportResult } from '#common/schemas/product-csv.ts';
import { ProductDocument, type SavedAttributeValue } from '#common/schemas/product-document.ts';
import type { Database } from '#server/db/client.ts';
import { brands, products, productVariants, slugRedirects } from '#server/db/schema.ts';
import { hasControlCharacter } from '#server/http/control-characters.ts';
import { HttpError } from '#server/http/errors.ts';
import { FOREIGN_KEY_VIOLATION, pgErrorCode } from '#server/db/pg-error-code.ts';
import { releaseImage } from '#server/modules/image-manager/uploaded-image-service.ts';
import { LIST_SEPARATOR, OPTION_PREFIX, PRODUCT_COLUMNS, SPEC_PREFIX, specValue, VARIANT_COLUMNS, type CsvRow } from './product-csv-format.ts';
import { saveInBatch, type SaveBatch } from './product-document-service.ts';
import { refreshProductTerms } from './product-terms.ts';
import { listProductTypes } from './product-types.ts';
import type { OnRestock } from '#server/modules/stock/stock-service.ts';
import type { ImageStore } from '#server/modules/media/image-store-service.ts';

// The CSV import (docs/product-csv.md): the file is parsed as it streams in, straight into one
// document per product (rows are not kept); every document is then saved through
// saveProductDocument's rules (saveInBatch: types, brands and option values read once for the file,
// search terms written once at the end) in ONE transaction, each in its own savepoint so every
// product's problems are reported. A preview (and any file with an error) rolls the transaction back: it reports exactly
// what the import would do, and writes nothing.

export const MAX_CSV_BYTES = 20 * 1024 * 1024;
const MAX_ERRORS = 200;
// products whose search terms one statement rewrites
const TERMS_CHUNK = 1000;

/** Where each part of a document came from, to put a save's refusal on its row and column. */
interface Sources {
  rows: number[];
  attributes: Array<{ row: number; column: string }>;
}

interface Pending {
  firstRow: number;
  productId: number | undefined;
  raw: Record<string, unknown> & { variants: Array<Record<string, unknown>> };
  specCells: Map<string, Array<{ variant: number; row: number; value: SavedAttributeValue['value'] }>>;
  sources: Sources;
  broken: boolean;
}

const REQUIRED = ['name', 'type', 'brand', 'price', 'stock'];
const FIELD_COLUMNS: Record<string, string> = {
  name: 'name',
  slug: 'slug',
  brandId: 'brand',
  productTypeId: 'type',
  description: 'description',
  thickness: 'thickness',
  color: 'color',
  releaseDate: 'release_date',
  isFeatured: 'featured',
  usapaStatus: 'usapa_status',
  usapaCheckedOn: 'usapa_checked_on',
  images: 'images',
  variants: 'sku',
  attributes: 'name',
};
const VARIANT_FIELD_COLUMNS: Record<string, string> = {
  id: 'variant_id',
  sku: 'sku',
  price: 'price',
  compareAtPrice: 'compare_at_price',
  stock: 'stock',
  stockWas: 'stock_was',
  image: 'variant_image',
};

class Rollback extends Error {}

function byteLimit(max: number): Transform {
  let seen = 0;
  return new Transform({
    transform(chunk: Buffer, _encoding, done) {
      seen += chunk.length;
      if (seen > max) done(new HttpError(413, `The CSV file is too large (at most ${max / 1024 / 1024} MB)`));
      else done(null, chunk);
    },
  });
}

/** Reads, checks and (with `commit`, when nothing is wrong) writes a product CSV. */
export async function importProductCsv(
  deps: { db: Database; images: ImageStore; onRestock?: OnRestock },
  input: Readable,
  options: { commit: boolean },
): Promise<CsvImportResult> {
  const types = await listProductTypes(deps.db);
  const brandIds = new Map((await deps.db.select({ id: brands.id, name: brands.name }).from(brands)).map((brand) => [brand.name.toLowerCase(), brand.id]));
  const errors: CsvError[] = [];
  const report = (row: number, column: string, message: string) => void (errors.length < MAX_ERRORS && errors.push({ row, column, message }));
  const pending = await readDocuments(input, types, brandIds, report);
  const result: CsvImportResult = {
    products: pending.length,
    variants: pending.reduce((sum, item) => sum + item.raw.variants.length, 0),
    creates: 0,
    updates: 0,
    unchanged: 0,
    errors,
    committed: false,
  };
  await matchProducts(deps.db, pending, report);
  const batch = await batchOf(deps.db, types, brandIds);
  const dropped: string[] = [];
  const changed: number[] = [];
  try {
    await deps.db.transaction(async (tx) => {
      for (const item of pending) {
        if (item.broken) continue;
        const parsed = ProductDocument.safeParse(item.raw);
        if (!parsed.success) {
          for (const issue of parsed.error.issues.slice(0, 3)) report(...place(item, issue.path.join('.')), issue.message);
          continue;
        }
        try {
          const saved = await tx.transaction((savepoint) => saveInBatch(savepoint, batch, parsed.data, item.productId, deps.onRestock));
          if (saved.created) result.creates += 1;
          else if (saved.changed) result.updates += 1;
          else result.unchanged += 1;
          if (saved.changed) changed.push(saved.productId);
          dropped.push(...saved.droppedImageUrls);
        } catch (error) {
          // the brands, types and option values were read once for the file: one deleted meanwhile fails its row
          if (pgErrorCode(error) === FOREIGN_KEY_VIOLATION) {
            report(...place(item, ''), 'A brand, type or option value this row names was deleted during the import. Import the file again.');
            continue;
          }
          if (!(error instanceof HttpError)) throw error;
          const path = error.issues?.[0]?.path ?? (error.statusCode === 404 ? 'id' : '');
          report(...place(item, path), error.statusCode === 404 ? `Product ${item.productId} not found` : error.message);
        }
      }
      if (!options.commit || errors.length > 0) throw new Rollback();
      for (let start = 0; start < changed.length; start += TERMS_CHUNK) await refreshProductTerms(tx, changed.slice(start, start + TERMS_CHUNK));
    });
    result.committed = true;
  } catch (error) {
    if (!(error instanceof Rollback)) throw error;
  }
  if (result.committed) for (const url of dropped) await releaseImage(deps.db, deps.images, url);
  return result;
}

/** What every save of the file would otherwise read again: the types (as their sheets), brands, option values and slugs. */
async function batchOf(db: Database, types: ProductTypeWithValues[], brandIds: Map<string, number>): Promise<SaveBatch> {
  const productSlugs = await db.select({ slug: products.slug }).from(products);
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
    productSlugs: new Set(productSlugs.map((row) => row.slug)),
    redirectedSlugs: new Set(redirects.map((row) => row.slug)),
  };
}

/** The row and column a document path came from. */
function place(item: Pending, path: string): [number, string] {
  const [head, index, field, key] = path.split('.');
  if (head === 'variants' && index !== undefined) {
    const row = item.sources.rows[Number(index)] ?? item.firstRow;
    if (field === 'options') return [row, key ? OPTION_PREFIX + key : 'sku'];
    return [row, VARIANT_FIELD_COLUMNS[field ?? ''] ?? 'sku'];
  }
  if (head === 'attributes' && index !== undefined) {
    const source = item.sources.attributes[Number(index)];
    return source ? [source.row, source.column] : [item.firstRow, 'name'];
  }
  if (head === 'id') return [item.firstRow, 'product_id'];
  return [item.firstRow, FIELD_COLUMNS[head ?? ''] ?? 'name'];
}

async function readDocuments(
  input: Readable,
  types: ProductTypeWithValues[],
  brandIds: Map<string, number>,
  report: (row: number, column: string, message: string) => void,
): Promise<Pending[]> {
  const parser = input.pipe(byteLimit(MAX_CSV_BYTES)).pipe(parse({ bom: true, skip_empty_lines: true, relax_column_count: true, trim: true }));
  // a limit hit upstream ends the parse with that error
  input.on('error', (error) => parser.destroy(error));
  const typesBySlug = new Map(types.map((type) => [type.slug, type]));
  const done: Pending[] = [];
  let header: string[] | undefined;
  let current: Pending | undefined;
  let rowNumber = 1;
  const close = () => {
    if (current) done.push(finish(current));
    current = undefined;
  };
  try {
    for await (const record of parser as AsyncIterable<string[]>) {
      if (!header) {
        header = record.map((column) => column.trim().toLowerCase());
        if (!checkHeader(header, types, report)) return [];
        continue;
      }
      rowNumber += 1;
      const row: CsvRow = Object.fromEntries(header.map((column, index) => [column, record[index] ?? '']));
      const bad = Object.entries(row).find(([, cell]) => hasControlCharacter(cell));
      if (bad) report(rowNumber, bad[0], 'must not contain control characters');
      if (row.name) {
        close();
        current = startProduct(row, rowNumber, typesBySlug, brandIds, report);
      } else if (current) {
        const stray = PRODUCT_COLUMNS.find((column) => column !== 'product_id' && row[column]);
        if (stray)
          report(rowNumber, stray, 'Product columns go on the product’s first row only (this row has no name, so it is another variant of the product above)');
        if (row.product_id && Number(row.product_id) !== current.productId)
          report(rowNumber, 'product_id', 'Not the product of the rows above: start a product with its name');
      } else {
        report(rowNumber, 'name', 'The first row of a product needs its name');
        continue;
      }
      if (bad) current.broken = true;
      addVariant(current, row, rowNumber, report);
    }
  } catch (error) {
    if (error instanceof HttpError) throw error;
    throw new HttpError(400, `The file is not a readable CSV: ${error instanceof Error ? error.message : String(error)}`);
  }
  close();
  if (!header) report(1, '', 'The file is empty');
  return done;
}

function checkHeader(header: string[], types: ProductTypeWithValues[], report: (row: number, column: string, message: string) => void): boolean {
  const known = new Set<string>([...PRODUCT_COLUMNS, ...VARIANT_COLUMNS]);
  for (const type of types) {
    for (const option of type.options) known.add(OPTION_PREFIX + option.key);
    for (const attribute of type.attributes) known.add(SPEC_PREFIX + attribute.key);
  }
  let ok = true;
  for (const column of header) {
    if (!known.has(column)) {
      report(1, column, `Unknown column "${column}"`);
      ok = false;
    }
  }
  for (const column of REQUIRED) {
    if (!header.includes(column)) {
      report(1, column, `The column "${column}" is required`);
      ok = false;
    }
  }
  return ok;
}

const cellOrNull = (cell: string | undefined) => (cell ? cell : null);

function startProduct(
  row: CsvRow,
  rowNumber: number,
  typesBySlug: Map<string, ProductTypeWithValues>,
  brandIds: Map<string, number>,
  report: (row: number, column: string, message: string) => void,
): Pending {
  let broken = false;
  const fail = (column: string, message: string) => {
    report(rowNumber, column, message);
    broken = true;
  };
  const type = typesBySlug.get((row.type ?? '').toLowerCase());
  if (!type) fail('type', `Unknown product type "${row.type ?? ''}" (one of ${[...typesBySlug.keys()].join(', ')})`);
  const brandId = brandIds.get((row.brand ?? '').toLowerCase());
  if (!brandId) fail('brand', row.brand ? `Unknown brand "${row.brand}"` : 'Brand is required');
  const productId = row.product_id ? Number(row.product_id) : undefined;
  if (productId !== undefined && !(Number.isInteger(productId) && productId > 0)) fail('product_id', 'Product id must be a positive whole number');
  const featured = (row.featured ?? '').toLowerCase();
  if (!['', 'yes', 'no', 'true', 'false'].includes(featured)) fail('featured', 'expected yes or no');
  const urls = row.images ? row.images.split(LIST_SEPARATOR).map((url) => url.trim()) : [];
  const alts = row.image_alts ? row.image_alts.split(LIST_SEPARATOR) : [];
  return {
    firstRow: rowNumber,
    productId,
    raw: {
      name: row.name,
      slug: cellOrNull(row.slug),
      brandId,
      productTypeId: type?.id,
      description: cellOrNull(row.description),
      thickness: cellOrNull(row.thickness),
      color: cellOrNull(row.color),
      releaseDate: cellOrNull(row.release_date),
      isFeatured: featured === 'yes' || featured === 'true',
      usapaStatus: row.usapa_status || 'not_stated',
      usapaCheckedOn: cellOrNull(row.usapa_checked_on),
      images: urls.map((url, index) => ({ url, alt: alts[index]?.trim() ?? '' })),
      variants: [],
      productType: type,
    },
    specCells: new Map(),
    sources: { rows: [], attributes: [] },
    broken,
  };
}

function addVariant(item: Pending, row: CsvRow, rowNumber: number, report: (row: number, column: string, message: string) => void): void {
  const variant = item.raw.variants.length;
  const type = item.raw.productType as ProductTypeWithValues | undefined;
  const options: Record<string, string> = {};
  for (const [column, cell] of Object.entries(row)) {
    if (column.startsWith(OPTION_PREFIX) && cell) options[column.slice(OPTION_PREFIX.length)] = cell;
    if (!column.startsWith(SPEC_PREFIX) || !cell || !type) continue;
    const key = column.slice(SPEC_PREFIX.length);
    const definition = type.attributes.find((attribute) => attribute.key === key);
    if (!definition) {
      report(rowNumber, column, `"${key}" is not a spec of ${type.name}`);
      item.broken = true;
      continue;
    }
    const value = specValue(definition, cell);
    if (value !== null && typeof value === 'object' && 'error' in value) {
      report(rowNumber, column, `Spec "${key}": ${value.error}`);
      item.broken = true;
      continue;
    }
    const cells = item.specCells.get(key) ?? [];
    cells.push({ variant, row: rowNumber, value });
    item.specCells.set(key, cells);
  }
  const image = row.variant_image ? Number(row.variant_image) : null;
  if (image !== null && !(Number.isInteger(image) && image >= 1))
    report(rowNumber, 'variant_image', 'expected the number of an image in the images column (1 for the first)');
  item.raw.variants.push({
    ...(row.variant_id && { id: row.variant_id }),
    sku: cellOrNull(row.sku),
    price: row.price ?? '',
    compareAtPrice: cellOrNull(row.compare_at_price),
    stock: row.stock ?? '',
    ...(row.stock_was && { stockWas: row.stock_was }),
    options,
    image: image === null || !Number.isInteger(image) ? null : image - 1,
  });
  item.sources.rows.push(rowNumber);
}

/**
 * Spec cells hold each variant's value; the document stores the product's value (the one most of
 * its variants have) and a variant's own where it differs, so an exported file reads back the same.
 */
function finish(item: Pending): Pending {
  const attributes: Array<{ key: string; variant?: number; value: SavedAttributeValue['value'] }> = [];
  for (const [key, cells] of item.specCells) {
    const counts = new Map<string, number>();
    for (const cell of cells) counts.set(JSON.stringify(cell.value), (counts.get(JSON.stringify(cell.value)) ?? 0) + 1);
    const common = [...counts.entries()].reduce((best, entry) => (entry[1] > best[1] ? entry : best));
    const first = cells.find((cell) => JSON.stringify(cell.value) === common[0])!;
    attributes.push({ key, value: first.value });
    item.sources.attributes.push({ row: first.row, column: SPEC_PREFIX + key });
    for (const cell of cells) {
      if (JSON.stringify(cell.value) === common[0]) continue;
      attributes.push({ key, variant: cell.variant, value: cell.value });
      item.sources.attributes.push({ row: cell.row, column: SPEC_PREFIX + key });
    }
  }
  const { productType: _type, ...raw } = item.raw;
  return { ...item, raw: { ...raw, variants: item.raw.variants, attributes }, specCells: new Map() };
}

/**
 * Products named by `product_id`, or else found by their variants' SKUs; variants without an id
 * matched by SKU within their product. One product twice in a file is refused.
 */
async function matchProducts(db: Database, pending: Pending[], report: (row: number, column: string, message: string) => void): Promise<void> {
  const skus = pending.flatMap((item) => item.raw.variants.flatMap((variant) => (typeof variant.sku === 'string' ? [variant.sku] : [])));
  const owners = new Map<string, { productId: number; variantId: number }>();
  for (let start = 0; start < skus.length; start += 1000) {
    const rows = await db
      .select({ sku: productVariants.sku, productId: productVariants.productId, variantId: productVariants.id })
      .from(productVariants)
      .where(inArray(productVariants.sku, skus.slice(start, start + 1000)));
    for (const row of rows) owners.set(row.sku!, { productId: row.productId, variantId: row.variantId });
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
}
