import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { parse } from 'csv-parse';
import type { ProductTypeWithValues } from '#common/schemas/catalog-model.ts';
import type { SavedAttributeValue } from '#common/schemas/product-document.ts';
import { hasControlCharacter, withoutControlCharacters } from '#server/http/control-characters.ts';
import { plainCell } from '#server/http/csv.ts';
import { DomainError, invalidInput, tooLarge } from '#server/errors/domain-errors.ts';
import {
  LIST_SEPARATOR,
  OPTION_PREFIX,
  PRODUCT_COLUMNS,
  SHIPPING_COLUMNS,
  SPEC_PREFIX,
  specValue,
  VARIANT_COLUMNS,
  wholeNumberCell,
  type CsvRow,
} from './product-csv-format.ts';
import { pacer } from '#server/pace.ts';

// Reading a product CSV (docs/product-csv.md): the file is parsed as it streams in, straight into one
// document per product (rows are not kept).

export const MAX_CSV_BYTES = 20 * 1024 * 1024;

export const csvTooLarge = () => tooLarge(`The CSV file is too large (at most ${MAX_CSV_BYTES / 1024 / 1024} MB)`);

export type Report = (row: number, column: string, message: string) => void;

/** Where each part of a document came from, to put a save's refusal on its row and column. */
interface Sources {
  rows: number[];
  attributes: Array<{ row: number; column: string }>;
}

/** One product of the file, as read. */
export interface Pending {
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
  ...SHIPPING_COLUMNS,
};

/** The row and column a document path came from. */
export function place(item: Pending, path: string): [number, string] {
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

/**
 * The upload's bytes, at most MAX_CSV_BYTES (413 past them). The request is only ever read, never
 * destroyed: destroying it closes the socket, and the 413 would never reach the client. What is left
 * of a body not read to its end (too large, or refused at its header) is read and dropped, so the
 * answer gets through and the connection stays usable.
 */
async function* upToLimit(input: Readable): AsyncGenerator<Buffer> {
  let seen = 0;
  try {
    for await (const chunk of input.iterator({ destroyOnReturn: false }) as AsyncIterable<Buffer>) {
      seen += chunk.length;
      if (seen > MAX_CSV_BYTES) throw csvTooLarge();
      yield chunk;
    }
  } finally {
    input.resume();
  }
}

/** The longest piece of the import's work on the shop's thread (reading the file, the shop's slugs) between two turns for requests. */
export const CSV_PACE_MS = 10;

/**
 * Every product of the file, checked cell by cell (errors go to `report`). One pipeline from the
 * request to the last record: an error anywhere (the size limit, a broken CSV, a client that hangs
 * up) ends it and is answered, never left to end the process.
 */
export async function readCsvDocuments(input: Readable, types: ProductTypeWithValues[], brandIds: Map<string, number>, report: Report): Promise<Pending[]> {
  const typesBySlug = new Map(types.map((type) => [type.slug, type]));
  const done: Pending[] = [];
  const pace = pacer(CSV_PACE_MS);
  let header: string[] | undefined;
  let refused = false;
  let current: Pending | undefined;
  let rowNumber = 1;
  const close = () => {
    if (current) done.push(finish(current));
    current = undefined;
  };
  const read = (record: string[]) => {
    if (!header) {
      header = record.map((column) => column.trim().toLowerCase());
      refused = !checkHeader(header, types, report);
      return;
    }
    rowNumber += 1;
    const miscounted = record.length !== header.length;
    if (miscounted) report(rowNumber, '', `This row has ${record.length} cells where the header has ${header.length}`);
    const row: CsvRow = Object.fromEntries(header.map((column, index) => [column, plainCell(record[index] ?? '')]));
    const bad = Object.entries(row).find(([, cell]) => hasControlCharacter(cell));
    if (bad) {
      report(rowNumber, bad[0], 'must not contain control characters');
      // the row is refused, yet its SKUs are still looked up with the others' (to report every error at
      // once), and PostgreSQL cannot hold a NUL: the rest of the checks read the row without them
      for (const column of header) row[column] = withoutControlCharacters(row[column] ?? '');
    }
    if (row.name) {
      close();
      current = startProduct(row, rowNumber, typesBySlug, brandIds, report);
    } else if (current) {
      const stray = PRODUCT_COLUMNS.find((column) => column !== 'product_id' && row[column]);
      if (stray)
        report(rowNumber, stray, 'Product columns go on the product’s first row only (this row has no name, so it is another variant of the product above)');
      if (row.product_id) {
        const id = wholeNumberCell(row.product_id);
        if (id === null) report(rowNumber, 'product_id', 'Product id must be a positive whole number (digits only)');
        else if (id !== current.productId) report(rowNumber, 'product_id', 'Not the product of the rows above: start a product with its name');
      }
    } else {
      report(rowNumber, 'name', 'The first row of a product needs its name');
      return;
    }
    if (bad || miscounted) current.broken = true;
    addVariant(current, row, rowNumber, report);
  };
  try {
    await pipeline(
      upToLimit(input),
      parse({ bom: true, skip_empty_lines: true, relax_column_count: true, trim: true }),
      async (records: AsyncIterable<string[]>) => {
        // a file refused at its header is still read to its end (and dropped), so that the answer reaches the client
        for await (const record of records) {
          if (!refused) read(record);
          await pace();
        }
      },
    );
  } catch (error) {
    if (error instanceof DomainError) throw error;
    if ((error as NodeJS.ErrnoException).code === 'ECONNRESET') throw invalidInput('The upload was cut short');
    throw invalidInput(`The file is not a readable CSV: ${error instanceof Error ? error.message : String(error)}`);
  }
  if (refused) return [];
  close();
  if (!header) report(1, '', 'The file is empty');
  return done;
}

function checkHeader(header: string[], types: ProductTypeWithValues[], report: Report): boolean {
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

function startProduct(row: CsvRow, rowNumber: number, typesBySlug: Map<string, ProductTypeWithValues>, brandIds: Map<string, number>, report: Report): Pending {
  let broken = false;
  const fail = (column: string, message: string) => {
    report(rowNumber, column, message);
    broken = true;
  };
  const type = typesBySlug.get((row.type ?? '').toLowerCase());
  if (!type) fail('type', `Unknown product type "${row.type ?? ''}" (one of ${[...typesBySlug.keys()].join(', ')})`);
  const brandId = brandIds.get((row.brand ?? '').toLowerCase());
  if (!brandId) fail('brand', row.brand ? `Unknown brand "${row.brand}"` : 'Brand is required');
  // "0x10" is not product 16: Number() would say it is
  const productId = row.product_id ? (wholeNumberCell(row.product_id) ?? undefined) : undefined;
  if (row.product_id && productId === undefined) fail('product_id', 'Product id must be a positive whole number (digits only)');
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

function addVariant(item: Pending, row: CsvRow, rowNumber: number, report: Report): void {
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
  const image = row.variant_image ? wholeNumberCell(row.variant_image) : null;
  if (row.variant_image && image === null) report(rowNumber, 'variant_image', 'expected the number of an image in the images column (1 for the first)');
  item.raw.variants.push({
    ...(row.variant_id && { id: row.variant_id }),
    sku: cellOrNull(row.sku),
    price: row.price ?? '',
    compareAtPrice: cellOrNull(row.compare_at_price),
    stock: row.stock ?? '',
    ...(row.stock_was && { stockWas: row.stock_was }),
    // a column the file leaves out keeps the variant's value; an empty cell clears it
    ...Object.fromEntries(
      Object.entries(SHIPPING_COLUMNS).flatMap(([field, column]) => (row[column] === undefined ? [] : [[field, cellOrNull(row[column].trim())]])),
    ),
    options,
    image: image === null ? null : image - 1,
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
