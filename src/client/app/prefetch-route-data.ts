import type { QueryClient } from '@tanstack/react-query';
import { brandsQueryOptions } from '#client/lib/get-brands.ts';
import { contactInfoQueryOptions } from '#client/lib/get-contact-info.ts';
import { policiesQueryOptions } from '#client/lib/get-policies.ts';
import { parseCatalogKey, parseRouteId } from '#client/lib/parse-route-id.ts';
import { productQueryOptions } from '#client/features/catalog/api/get-product.ts';
import { productsQueryOptions } from '#client/features/catalog/api/get-products.ts';
import { brandQueryOptions } from '#client/features/catalog/api/get-brand.ts';

/**
 * Starts a route's reads while its lazy chunk downloads, instead of after it has rendered:
 * one round trip less before the page's main image on product, shop and brand pages.
 * The query options are the pages' own, so the pages find the answers in the cache.
 */
export function prefetchRouteData(queryClient: QueryClient, path: string, search: string): void {
  const [, section, id] = path.split('/');
  if (section === 'products' && id) {
    const productKey = parseCatalogKey(id);
    if (productKey !== null) void queryClient.prefetchQuery(productQueryOptions(productKey));
  } else if (section === 'shop' && !id) {
    const params = new URLSearchParams(search);
    const brandId = parseRouteId(params.get('brand') ?? undefined) ?? undefined;
    const term = (params.get('search') ?? '').trim() || undefined;
    void queryClient.prefetchQuery(productsQueryOptions({ brandId, search: term }));
    void queryClient.prefetchQuery(brandsQueryOptions());
  } else if (section === 'brands' && id) {
    const brandKey = parseCatalogKey(id);
    if (brandKey !== null) void queryClient.prefetchQuery(brandQueryOptions(brandKey));
    // by slug, the brand's products wait for its id
    if (typeof brandKey === 'number') void queryClient.prefetchQuery(productsQueryOptions({ brandId: brandKey }));
  } else if (section === 'contact' && !id) {
    void queryClient.prefetchQuery(contactInfoQueryOptions());
  } else if (section === 'policies' && !id) {
    void queryClient.prefetchQuery(policiesQueryOptions());
  }
}
