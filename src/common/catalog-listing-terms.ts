// The shop listing's fixed terms, apart from its zod schemas (schemas/catalog-listing.ts) so the
// storefront's pages can use them without loading zod.

export const CATALOG_PAGE_SIZE = 24;
export const CATALOG_SORTS = ['featured', 'newest', 'price_asc', 'price_desc', 'name', 'top_rated'] as const;
export type CatalogSort = (typeof CATALOG_SORTS)[number];
export const MAX_COMPARE = 4;
