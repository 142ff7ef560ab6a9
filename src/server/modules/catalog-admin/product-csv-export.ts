import { pipeline, Readable } from 'node:stream';
import { and, asc, eq, gt } from 'drizzle-orm';
import type { ProductTypeWithValues } from '#common/schemas/catalog-model.ts';
import type { SavedProductDocument } from '#common/schemas/product-document.ts';
import type { Database } from '#server/db/client.ts';
import { brands, products } from '#server/db/schema.ts';
import { csvStream } from '#server/http/csv.ts';
import {
  dateCell,
  LIST_SEPARATOR,
  OPTION_PREFIX,
  PRODUCT_COLUMNS,
  SHIPPING_COLUMNS,
  SPEC_PREFIX,
  specCell,
  VARIANT_COLUMNS,
  yesNo,
  type CsvRow,
} from './product-csv-format.ts';
import { readDocuments } from './product-document-read.ts';
import { listProductTypes } from '#server/modules/catalog/catalog-service.ts';

/** The columns of a shop's CSV: the fixed ones, every option axis and every spec key its types have. */
function csvHeader(types: ProductTypeWithValues[]): string[] {
  const options = [...new Set(types.flatMap((type) => type.options.map((option) => option.key)))];
  const specs = [...new Set(types.flatMap((type) => type.attributes.map((attribute) => attribute.key)))];
  return [...PRODUCT_COLUMNS, ...VARIANT_COLUMNS, ...options.map((key) => OPTION_PREFIX + key), ...specs.map((key) => SPEC_PREFIX + key)];
}

/** A product's rows: its fields on the first, one row per variant with its spec values as the shop shows them. */
function documentRows(doc: SavedProductDocument, brandName: string, typeSlug: string): CsvRow[] {
  const productSpecs = doc.attributes.filter((attribute) => attribute.variant === undefined);
  return doc.variants.map((variant, index) => {
    const row: CsvRow = { product_id: String(doc.id) };
    if (index === 0) {
      Object.assign(row, {
        name: doc.name,
        slug: doc.slug,
        brand: brandName,
        type: typeSlug,
        description: doc.description ?? '',
        thickness: doc.thickness ?? '',
        color: doc.color ?? '',
        release_date: dateCell(doc.releaseDate),
        featured: yesNo(doc.isFeatured),
        usapa_status: doc.usapaStatus,
        usapa_checked_on: doc.usapaCheckedOn ?? '',
        images: doc.images.map((image) => image.url).join(LIST_SEPARATOR),
        image_alts: doc.images.map((image) => image.alt.replaceAll(LIST_SEPARATOR, '/')).join(LIST_SEPARATOR),
      });
    }
    Object.assign(row, {
      variant_id: String(variant.id),
      sku: variant.sku ?? '',
      price: variant.price,
      compare_at_price: variant.compareAtPrice ?? '',
      stock: String(variant.stock),
      stock_was: String(variant.stock),
      variant_image: variant.image === null ? '' : String(variant.image + 1),
    });
    for (const [field, column] of Object.entries(SHIPPING_COLUMNS)) row[column] = String(variant[field as keyof typeof SHIPPING_COLUMNS] ?? '');
    for (const [key, label] of Object.entries(variant.options)) row[OPTION_PREFIX + key] = label;
    for (const spec of productSpecs) row[SPEC_PREFIX + spec.key] = specCell(spec.value);
    for (const spec of doc.attributes) if (spec.variant === index) row[SPEC_PREFIX + spec.key] = specCell(spec.value);
    return row;
  });
}

const PAGE = 200;

/** Reads a page of products as documents, in id order. */
type PageReader = (db: Database, ids: readonly number[]) => Promise<SavedProductDocument[]>;

async function* rows(db: Database, readPage: PageReader): AsyncGenerator<string[]> {
  const types = await listProductTypes(db);
  const header = csvHeader(types);
  yield header;
  const brandNames = new Map((await db.select({ id: brands.id, name: brands.name }).from(brands)).map((brand) => [brand.id, brand.name]));
  const typeSlugs = new Map(types.map((type) => [type.id, type.slug]));
  // a page of products at a time, each page's documents read in a few statements: the export streams, whatever the catalogue's size
  for (let after = 0; ;) {
    const page = await db
      .select({ id: products.id })
      .from(products)
      .where(and(eq(products.isDeleted, false), gt(products.id, after)))
      .orderBy(asc(products.id))
      .limit(PAGE);
    for (const doc of await readPage(
      db,
      page.map(({ id }) => id),
    )) {
      for (const row of documentRows(doc, doc.brandId === null ? '' : (brandNames.get(doc.brandId) ?? ''), typeSlugs.get(doc.productTypeId) ?? '')) {
        yield header.map((column) => row[column] ?? '');
      }
    }
    if (page.length < PAGE) return;
    after = page[page.length - 1]!.id;
  }
}

/**
 * Every product on sale as CSV, streamed. A pipeline, so a database error half-way destroys the
 * text stream (the reply sees it and cuts the download short) and a client that goes away stops the
 * reading; an error on a stream nobody listened to would end the process. `readPage` is the
 * set read; a test hands it one document read per product, the export's old way, to pin the bytes.
 */
export function productCsvStream(db: Database, readPage: PageReader = readDocuments): Readable {
  return pipeline(Readable.from(rows(db, readPage)), csvStream(), () => {
    // the error, if any, is the text stream's own: the reply that sends it handles it
  });
}
