import { and, asc, eq, gt, inArray, ne, sql, type SQL } from 'drizzle-orm';
import { centsToDecimal, toCents } from '#common/money.ts';
import type { Brand, Product, ProductListQuery, VariantStock } from '#common/schemas/catalog.ts';
import type { CatalogItem, CatalogQuery } from '#common/schemas/catalog-listing.ts';
import type { Suggestions } from '#common/schemas/search.ts';
import type { Database, DatabaseTimeouts } from '#server/db/client.ts';
import { brands, products, productVariants } from '#server/db/schema.ts';
import { notFound } from '#server/errors/domain-errors.ts';
import { forgetSearchWords, readSearch } from '#server/modules/search/search-words-service.ts';
import { availableFirst, exactMatches, exactMatchesOf, exactSearchTerms, typoMatches, withSearchPlan } from './catalog-search.ts';
import { brandColumns, productColumns, toBrandView, toCatalogItem, toProductView, variantRangeColumns } from './catalog-views.ts';
import { listCatalog } from './catalog-listing.ts';
import { suggest } from './catalog-suggest.ts';
import { createListingMetadataCache } from './listing-metadata.ts';
import { createCatalogWorker } from './catalog-worker-client.ts';
import { createListingSnapshot } from './listing-snapshot.ts';
import { createListingStatements } from './listing-statement.ts';
import { prepareProductDetail, prepareProductDetailBySlug } from './product-detail.ts';
import { formerSlugTarget } from './slug-service.ts';
import { prepareProductPage, readProductPage, type PageAt, type ProductPageJson } from './catalog-list-page.ts';

export { listProductTypes } from './product-types.ts';
export { listSpecCandidates, type SpecCandidate, type SpecRange } from './spec-candidates.ts';

function productsQuery(db: Database, where: SQL | undefined, orderBy: SQL[]) {
  return db
    .select({ product: productColumns, brand: brandColumns, ...variantRangeColumns })
    .from(products)
    .leftJoin(brands, eq(brands.id, products.brandId))
    .where(and(eq(products.isDeleted, false), where))
    .orderBy(...orderBy);
}

type ProductsRow = Awaited<ReturnType<typeof productsQuery>>[number];
const toCatalogItems = (rows: ProductsRow[]): CatalogItem[] => rows.map(({ product, brand, ...range }) => toCatalogItem(product, brand, range));

async function selectProducts(db: Database, where: SQL | undefined, orderBy: SQL[], limit?: number): Promise<CatalogItem[]> {
  const query = productsQuery(db, where, orderBy);
  return toCatalogItems(limit === undefined ? await query : await query.limit(limit));
}

/**
 * The catalogue, optionally of one brand, of some ids and matching a search text, sold-out products last.
 * A search lists its exact matches (its words' corrections and synonyms included, readSearch), most
 * relevant first; only when there are none, names with a word like it (typoMatches).
 * The API's pages of it are CatalogReads.listProductPage's, in the same order.
 */
async function listProducts(db: Database, query: ProductListQuery): Promise<CatalogItem[]> {
  const filters = and(
    query.brandId === undefined ? undefined : eq(products.brandId, query.brandId),
    query.ids === undefined ? undefined : inArray(products.id, query.ids),
  );
  const search = query.search?.trim();
  if (!search) return selectProducts(db, filters, availableFirst());
  const exact = exactMatches(search, (await readSearch(db, search)).meanings);
  const found = await selectProducts(db, and(filters, exact.where), availableFirst(...exact.orderBy));
  return found.length > 0 ? found : listLikelyTypos(db, search, filters);
}

/** What a search that matched nothing exactly likely meant (typoMatches), closest first. */
async function listLikelyTypos(db: Database, search: string, filters?: SQL): Promise<CatalogItem[]> {
  const plan = await typoMatches(db, search);
  return withSearchPlan(db, plan, (reader) => selectProducts(reader, and(filters, plan.where), availableFirst(...plan.orderBy)));
}

// The product page's query is built once per database and prepared by name (docs/performance.md: p99
// <= 20 ms at 100 connections); building Drizzle SQL per request cost a quarter of the CPU.
function prepareProductById(db: Database) {
  return db
    .select({ product: productColumns, brand: brandColumns })
    .from(products)
    .leftJoin(brands, eq(brands.id, products.brandId))
    .where(and(eq(products.id, sql.placeholder('id')), eq(products.isDeleted, false)))
    .limit(1)
    .prepare('catalog_product_by_id');
}

export interface CatalogReads {
  /** As listProducts: the cards of chosen products (the home page's sections, bought together). */
  listProducts(query: ProductListQuery): Promise<CatalogItem[]>;
  /**
   * A page of the catalogue (GET /api/products), optionally of one brand or matching a search, as listProducts
   * lists it, written by PostgreSQL; the whole catalogue and a search's exact matches by statements prepared once.
   */
  listProductPage(query: Omit<ProductListQuery, 'ids'>): Promise<ProductPageJson>;
  /** A page of the featured products for the home page, sold-out last, by a statement prepared once. */
  listFeaturedPage(at: PageAt): Promise<ProductPageJson>;
  /** A product with its brand; deleted products are gone for shoppers. */
  getProduct(id: number): Promise<Product>;
  /** The product page's read by id or slug (a former one too), written by PostgreSQL as JSON text (a ProductDetail): the product with its type, axes, variants, gallery and spec values. */
  getProductDetailJson(key: number | string): Promise<string>;
  /** The shop page's listing (GET /api/catalog) as JSON text (a CatalogListing); without a search, counted over the kept catalogue. */
  listCatalog(query: CatalogQuery): Promise<string>;
  /** The header's suggestions for what the shopper typed (GET /api/search/suggest). */
  suggest(text: string): Promise<Suggestions>;
  /** The catalogue changed: the listing's kept metadata (types, brands, spec filters, axes) and catalogue, and the search's words, are read again. */
  clear(): void;
  /** Ends the worker thread the kept catalogue is read in, if any (the app closes). */
  close(): Promise<void>;
}

/**
 * The catalogue reads that are prepared once; built by the composition root (services.ts), which empties
 * what they keep when the catalogue changes. keepMetadataMs: how long the listing's metadata is kept at
 * most (0, as in tests that write the catalogue straight into the database: read for every listing).
 */
export function createCatalogReads(
  db: Database,
  options: { keepMetadataMs?: number; worker?: { url: string; timeouts: DatabaseTimeouts } } = {},
): CatalogReads {
  const keepMs = options.keepMetadataMs ?? 0;
  // the kept catalogue read and searched in a worker thread (decision 085); only what is kept is worth one
  const worker = options.worker && keepMs > 0 ? createCatalogWorker(options.worker.url, options.worker.timeouts) : null;
  const listing = {
    metadata: createListingMetadataCache(db, keepMs),
    snapshot: createListingSnapshot(db, keepMs, worker?.read),
    statements: createListingStatements(db),
  };
  const productById = prepareProductById(db);
  const productDetail = prepareProductDetail(db);
  const productDetailBySlug = prepareProductDetailBySlug(db);
  // the lists and the search most reads are: building their SQL per read was a share of each read's CPU
  const allPage = prepareProductPage(db, 'catalog_all_products_page', undefined, availableFirst());
  const featuredPage = prepareProductPage(db, 'catalog_featured_products_page', eq(products.isFeatured, true), availableFirst());
  const search = exactMatchesOf({
    words: sql.placeholder('words'),
    anyWord: sql.placeholder('anyWord'),
    pattern: sql.placeholder('pattern'),
    nameWords: sql.placeholder('nameWords'),
    brandWords: sql.placeholder('brandWords'),
    detailWords: sql.placeholder('detailWords'),
    descriptionWords: sql.placeholder('descriptionWords'),
  });
  const searchPage = prepareProductPage(db, 'catalog_search_products_page', search.where, availableFirst(...search.orderBy));
  return {
    listProducts: (query) => listProducts(db, query),
    async listProductPage(query) {
      const at = { page: query.page, pageSize: query.pageSize };
      const brand = query.brandId === undefined ? undefined : eq(products.brandId, query.brandId);
      const text = query.search?.trim();
      if (!text) return brand ? readProductPage(db, brand, availableFirst(), at) : allPage(at);
      const meanings = (await readSearch(db, text)).meanings;
      const terms = brand ? null : exactSearchTerms(text, meanings);
      let found: ProductPageJson;
      if (terms) found = await searchPage(at, { ...terms });
      else {
        const exact = exactMatches(text, meanings);
        found = await readProductPage(db, and(brand, exact.where), availableFirst(...exact.orderBy), at);
      }
      if (found.total > 0) return found;
      const typos = await typoMatches(db, text);
      return withSearchPlan(db, typos, (reader) => readProductPage(reader, and(brand, typos.where), availableFirst(...typos.orderBy), at));
    },
    listFeaturedPage: (at) => featuredPage(at),
    async getProduct(id) {
      const [row] = await productById.execute({ id });
      if (!row) throw notFound('Product not found');
      return toProductView(row.product, row.brand);
    },
    async getProductDetailJson(key) {
      if (typeof key === 'string') {
        const [current] = await productDetailBySlug.execute({ slug: key });
        if (current) return current.json;
      }
      // an id, or a slug the product had before; the read leaves out a product no longer on sale
      const id = typeof key === 'number' ? key : await formerSlugTarget(db, 'product', key);
      const [row] = id === null ? [] : await productDetail.execute({ id });
      if (!row) throw notFound('Product not found');
      return row.json;
    },
    listCatalog: (query) => listCatalog(db, listing, query),
    suggest: (text) => suggest(db, listing.snapshot, text),
    clear: () => {
      listing.metadata.clear();
      listing.snapshot.clear();
      forgetSearchWords(db);
    },
    close: async () => {
      await worker?.close();
    },
  };
}

/** Up to this many related products under a product page. */
const RELATED_PRODUCTS = 4;

/**
 * Products to show beside one: of its type, in stock, the same brand's first, then the nearest in price.
 * A missing or deleted product is a 404, as its page is.
 */
export async function listRelatedProducts(db: Database, id: number): Promise<CatalogItem[]> {
  const [self] = await db
    .select({ productTypeId: products.productTypeId, brandId: products.brandId, price: products.price })
    .from(products)
    .where(and(eq(products.id, id), eq(products.isDeleted, false)))
    .limit(1);
  if (!self) throw notFound('Product not found');
  const sameBrand = self.brandId === null ? sql`1` : sql`case when ${products.brandId} = ${self.brandId} then 0 else 1 end`;
  return selectProducts(
    db,
    and(eq(products.productTypeId, self.productTypeId), ne(products.id, id), gt(products.stock, 0)),
    [sameBrand, sql`abs(${products.price} - ${self.price})`, asc(products.id)],
    RELATED_PRODUCTS,
  );
}

/** Variants as a cart re-reads its lines: price and stock now; unknown variants and those of deleted products are absent. */
export async function listVariants(db: Database, ids: readonly number[]): Promise<VariantStock[]> {
  const rows = await db
    .select({
      id: productVariants.id,
      productId: productVariants.productId,
      sku: productVariants.sku,
      price: productVariants.price,
      stock: productVariants.stock,
    })
    .from(productVariants)
    .innerJoin(products, eq(products.id, productVariants.productId))
    .where(and(inArray(productVariants.id, [...ids]), eq(products.isDeleted, false)))
    .orderBy(asc(productVariants.id));
  return rows.map((row) => {
    const cents = toCents(row.price);
    return { ...row, price: centsToDecimal(Number.isNaN(cents) ? 0 : cents) };
  });
}

export async function listBrands(db: Database): Promise<Brand[]> {
  const rows = await db.select(brandColumns).from(brands).orderBy(asc(brands.name), asc(brands.id));
  return rows.map(toBrandView);
}

export async function listFeaturedBrands(db: Database): Promise<Brand[]> {
  const rows = await db.select(brandColumns).from(brands).where(eq(brands.isFeatured, true)).orderBy(asc(brands.name), asc(brands.id));
  return rows.map(toBrandView);
}

export async function getBrand(db: Database, id: number): Promise<Brand> {
  const [row] = await db.select(brandColumns).from(brands).where(eq(brands.id, id)).limit(1);
  if (!row) throw notFound('Brand not found');
  return toBrandView(row);
}
