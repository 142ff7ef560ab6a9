import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CatalogItem } from '#common/schemas/catalog-listing.ts';
import { getJson, withQuery, type ReadContext } from '#client/lib/api-client.ts';

interface ProductFilter {
  brandId?: number;
  search?: string;
}

/** A failed response keeps its ApiError (or NetworkError), so the page can tell the shopper what happened. */
const getProducts = (filter: ProductFilter = {}, { meta }: ReadContext = {}): Promise<CatalogItem[]> =>
  getJson<CatalogItem[]>(withQuery('/api/products', { brandId: filter.brandId, search: filter.search }), { meta });

export const productsQueryOptions = (filter: ProductFilter = {}) =>
  queryOptions({
    queryKey: ['/api/products', { brandId: filter.brandId ?? null, search: filter.search ?? '' }],
    queryFn: ({ meta }) => getProducts(filter, { meta }),
  });

/** `enabled: false` waits (a brand page until it knows the brand's id). */
export function useProducts(filter: ProductFilter = {}, enabled = true) {
  return useQuery({ ...productsQueryOptions(filter), enabled });
}
