import type { ReactElement } from 'react';
import type { QueryClient } from '@tanstack/react-query';
import { Router } from 'wouter';
import { App } from './app/app.tsx';
import type { Fetcher } from './lib/api-client.ts';
import { createQueryClient } from './lib/query-client.ts';

// The server's one way into the client (decision 021; eslint.config.js holds it to this file): the tree it
// renders, the query options its page loaders read with (same keys as the browser's reads), and the helpers
// those need. Only the server imports it; the browser's bundle starts from main.tsx and never includes it.

export { ApiError, type FetchedAnswer, type Fetcher } from './lib/api-client.ts';
export { parseCatalogKey, parseRouteId } from './lib/parse-route-id.ts';
export { DEFAULT_SITE_TITLE, SITE_SETTINGS_URL, settingText, siteSettingsQueryOptions } from './lib/site-settings.ts';
export { PAGE_STATE_ID, sendableState } from './lib/page-state.ts';
export { APP_MODULES_ATTRIBUTE } from './lib/app-start.ts';
export { siteColorVariables } from './app/site-colors.ts';
export { productQueryOptions } from './features/catalog/api/get-product.ts';
export { deliveryPromiseQueryOptions } from './features/catalog/api/get-delivery-promise.ts';
export { brandQueryOptions } from './features/catalog/api/get-brand.ts';
export { brandsQueryOptions } from './lib/get-brands.ts';
export { productsQueryOptions } from './features/catalog/api/get-products.ts';
export { catalogQueryOptions } from './features/catalog/api/get-catalog.ts';
export { featuredProductsQueryOptions } from './features/catalog/api/get-featured-products.ts';
export { featuredBrandsQueryOptions } from './features/catalog/api/get-featured-brands.ts';
export { homeQueryOptions } from './features/catalog/api/get-home.ts';
export { apiQuery } from './features/catalog/components/shop-query.ts';
export { contactInfoQueryOptions } from './lib/get-contact-info.ts';
export { policiesQueryOptions } from './lib/get-policies.ts';
export { finderResultQueryOptions } from './features/paddle-finder/api/get-finder-result.ts';

/**
 * A render's QueryClient: as the browser's, but its reads go through `fetch` (the query's meta, which every
 * query function hands to the API client), and a read that failed is shown as failed, not asked again.
 */
export function createRenderQueryClient(fetch: Fetcher): QueryClient {
  const queryClient = createQueryClient();
  const queries = queryClient.getDefaultOptions().queries;
  queryClient.setDefaultOptions({ ...queryClient.getDefaultOptions(), queries: { ...queries, retryOnMount: false, meta: { fetch } } });
  return queryClient;
}

/** The app at an address, as the server draws it: wouter's router told the path and query it cannot read from a window. */
export function renderedApp(path: string, search: string, queryClient: QueryClient): ReactElement {
  return (
    <Router ssrPath={path} ssrSearch={search}>
      <App queryClient={queryClient} />
    </Router>
  );
}
