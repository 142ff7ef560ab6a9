import { z } from 'zod';
import { LenientPageParam } from './whole-number.ts';
import { AttributeDefinition, OptionType, ProductTypeSummary } from './catalog-model.ts';
import { Product, ProductRating } from './catalog.ts';
import { CATALOG_SORTS, MAX_COMPARE } from '../catalog-listing-terms.ts';

// The shop page's listing (GET /api/catalog) and the compare page (GET /api/catalog/compare).
// Facet parameters are the facet keys themselves: brand, price, in_stock, usapa, f.<attribute key>
// (a spec filter) and o.<option key> (a variant axis); each takes comma-separated values, OR-ed.

export { CATALOG_PAGE_SIZE, type CatalogSort } from '../catalog-listing-terms.ts';

/** A listing's query; anything malformed or unknown is ignored rather than refused (a shared link must still open). */
export const CatalogQuery = z
  .object({
    type: z.string().max(100).optional().catch(undefined),
    q: z.string().trim().max(200, 'q must be at most 200 characters').optional(),
    sort: z.enum(CATALOG_SORTS).optional().catch(undefined),
    page: LenientPageParam,
  })
  .catchall(
    z
      .union([z.string().max(2000), z.array(z.string().max(2000))])
      .optional()
      .catch(undefined),
  );
export type CatalogQuery = z.infer<typeof CatalogQuery>;

/**
 * A product as the listing shows it: priceMax above price means its variants differ ("from $X");
 * with more than one variant the card sends the shopper to choose one.
 */
export const CatalogItem = Product.extend({
  priceMax: z.string(),
  variantCount: z.number().int(),
  /** a Gift Card product (decision 066): its card links to its page, where the recipient is asked for, instead of adding it */
  giftCard: z.boolean().optional(),
  ...ProductRating.shape,
});
export type CatalogItem = z.infer<typeof CatalogItem>;

const FacetValue = z.object({ value: z.string(), label: z.string(), count: z.number().int() });

/** choice: checkboxes, OR-ed; toggle: one value ("1"); price: bands, OR-ed, or a typed min-max. */
export const Facet = z.object({
  key: z.string(),
  name: z.string(),
  kind: z.enum(['choice', 'toggle', 'price']),
  values: z.array(FacetValue),
});
export type Facet = z.infer<typeof Facet>;

const CatalogCategory = ProductTypeSummary.extend({ count: z.number().int() });

/** How a search was read (decision 054): the corrected search when a word was a typo, and where to go on from no results. */
const CatalogSearchNote = z.object({
  didYouMean: z.string().nullable(),
  /** with no results: the categories with the most products */
  popularCategories: z.array(ProductTypeSummary),
});

export const CatalogListing = z.object({
  items: z.array(CatalogItem),
  total: z.number().int(),
  page: z.number().int(),
  pageCount: z.number().int(),
  sort: z.enum(CATALOG_SORTS),
  facets: z.array(Facet),
  categories: z.array(CatalogCategory),
  /** with a search (q) only */
  search: CatalogSearchNote.optional(),
});
export type CatalogListing = z.infer<typeof CatalogListing>;

const COMPARE_MESSAGE = `ids must be 1 to ${MAX_COMPARE} comma-separated product ids`;
export const CompareQuery = z.object({
  ids: z
    .string({ error: COMPARE_MESSAGE })
    .regex(/^\d{1,9}(,\d{1,9})*$/, COMPARE_MESSAGE)
    .transform((text) => [...new Set(text.split(',').map(Number))])
    .pipe(z.array(z.number().int().positive(COMPARE_MESSAGE)).min(1, COMPARE_MESSAGE).max(MAX_COMPARE, COMPARE_MESSAGE)),
});

/** One product on the compare page: its spec values by attribute key and the values each axis offers. */
export const CompareProduct = CatalogItem.extend({
  productType: ProductTypeSummary,
  specs: z.record(
    z.string(),
    z.object({
      min: z.number().nullable(),
      max: z.number().nullable(),
      choices: z.array(z.string()).nullable(),
      flag: z.boolean().nullable(),
      text: z.string().nullable(),
    }),
  ),
  /** per option key, the labels its variants offer, in sort order */
  options: z.record(z.string(), z.array(z.string())),
});
export type CompareProduct = z.infer<typeof CompareProduct>;

export const Comparison = z.object({
  products: z.array(CompareProduct),
  /** the rows: the spec sheets of the products' types, in order, without duplicates */
  attributes: z.array(AttributeDefinition),
  optionTypes: z.array(OptionType.omit({ values: true })),
});
export type Comparison = z.infer<typeof Comparison>;
