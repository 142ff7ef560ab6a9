import { useMemo, useState } from 'react';
import { Link, useLocation, useSearch } from 'wouter';
import { CATALOG_SORTS, type CatalogSort } from '#common/catalog-listing-terms.ts';
import { LoadError } from '#client/components/ui/load-error.tsx';
import { Select } from '#client/components/ui/select.tsx';
import { useDocumentTitle } from '#client/lib/use-document-title.ts';
import { parseRouteId } from '#client/lib/parse-route-id.ts';
import { useBrands } from '#client/lib/get-brands.ts';
import { useCatalog } from '../api/get-catalog.ts';
import { BrandFilter } from '../components/brand-filter.tsx';
import { FacetPanel } from '../components/facet-panel.tsx';
import { ProductGrid } from '../components/product-grid.tsx';
import { ProductGridSkeleton } from '../components/product-grid-skeleton.tsx';
import { productCountLabel, shopPath } from '../components/brand-options.ts';
import { apiQuery, withPage, withValues } from '../components/shop-query.ts';
import { CompareTray } from '../compare/compare-tray.tsx';
import { DidYouMean, PopularCategories } from '../components/search-note.tsx';

const SORT_LABELS: Record<CatalogSort, string> = {
  featured: 'Featured',
  newest: 'Newest',
  price_asc: 'Price: low to high',
  price_desc: 'Price: high to low',
  name: 'Name',
  top_rated: 'Top rated',
};

/**
 * Shop: its address is its state (?brand, search, type, price, in_stock, usapa, f.<spec>, o.<option>,
 * sort, page); the API is asked with the same query (search as q). Filters push a history entry, so Back
 * undoes one; the brand filter replaces it, as it always did.
 */
export default function ShopPage() {
  const rawSearch = useSearch();
  const params = new URLSearchParams(rawSearch);
  const brandId = parseRouteId(params.get('brand') ?? undefined);
  const search = (params.get('search') ?? '').trim();
  const [, navigate] = useLocation();
  const [filtersOpen, setFiltersOpen] = useState(false);
  const catalog = useCatalog(apiQuery(rawSearch));
  const brands = useBrands();
  const brandName = brands.data?.find((brand) => brand.id === brandId)?.name;
  const typeName = catalog.data?.categories.find((category) => category.slug === params.get('type'))?.name;
  useDocumentTitle(search ? `Search results for ${search}` : (brandName ?? typeName ?? 'Shop'));

  const listing = catalog.data;
  const didYouMean = listing?.search?.didYouMean ?? null;
  const list = useMemo(() => listing?.items ?? [], [listing]);
  const names = useMemo(() => new Map(list.map((item) => [item.id, item.name])), [list]);
  const go = (href: string) => navigate(href);
  // the spec's addresses (?brand=1&search=paddle) keep their order
  const onlyBrandAndSearch = [...params.keys()].every((key) => key === 'brand' || key === 'search');

  return (
    <div className="mx-auto max-w-7xl px-4 py-8 pb-28 sm:px-6 lg:px-8">
      <header className="mb-6 flex flex-wrap items-end justify-between gap-3 border-b border-gray-200 pb-4">
        <div>
          {search ? (
            <>
              <h1 className="text-2xl font-bold tracking-tight text-gray-900 md:text-3xl">
                Search results for <span className="text-link">"{search}"</span>
              </h1>
              <Link href={shopPath(brandId, '')} className="inline-flex min-h-11 items-center text-sm font-medium text-link underline-offset-4 hover:underline">
                Clear search
              </Link>
              {didYouMean ? <DidYouMean didYouMean={didYouMean} href={shopPath(brandId, didYouMean)} /> : null}
            </>
          ) : (
            <h1 className="text-2xl font-bold tracking-tight text-gray-900 md:text-3xl">{brandName ?? typeName ?? 'Shop All Products'}</h1>
          )}
          <p className="mt-1 text-sm text-gray-700">
            Not sure which paddle?{' '}
            <Link href="/paddle-finder" className="font-medium text-link underline underline-offset-4">
              Try the paddle finder
            </Link>
          </p>
        </div>
        <div className="flex flex-wrap items-center gap-3">
          {listing ? (
            <p className="text-sm text-gray-600" aria-live="polite">
              {productCountLabel(listing.total)}
            </p>
          ) : null}
          <label className="flex items-center gap-2 text-sm text-gray-800" data-needs-script="">
            Sort by
            <Select
              className="w-auto"
              value={params.get('sort') ?? 'featured'}
              onChange={(event) => go(withValues(rawSearch, 'sort', event.target.value === 'featured' ? [] : [event.target.value]))}
            >
              {CATALOG_SORTS.map((sort) => (
                <option key={sort} value={sort}>
                  {SORT_LABELS[sort]}
                </option>
              ))}
            </Select>
          </label>
          <noscript>
            <nav aria-label="Sort by" className="flex flex-wrap gap-x-3 text-sm">
              {CATALOG_SORTS.map((sort) => (
                <a key={sort} href={withValues(rawSearch, 'sort', sort === 'featured' ? [] : [sort])} className="text-link underline-offset-4 hover:underline">
                  {SORT_LABELS[sort]}
                </a>
              ))}
            </nav>
          </noscript>
        </div>
      </header>

      <div className="grid gap-6 md:grid-cols-[15rem_1fr] lg:gap-8">
        <div className="space-y-4">
          <noscript>
            <nav aria-label="Brands" className="text-sm">
              <ul className="space-y-1">
                {(brands.data ?? []).map((brand) => (
                  <li key={brand.id}>
                    <a
                      href={withValues(rawSearch, 'brand', brandId === brand.id ? [] : [String(brand.id)])}
                      className="text-link underline-offset-4 hover:underline"
                    >
                      {brand.name}
                    </a>
                  </li>
                ))}
              </ul>
            </nav>
          </noscript>
          <div data-needs-script="">
            <BrandFilter
              open={filtersOpen}
              onOpenChange={setFiltersOpen}
              controls="shop-facets"
              brands={brands.data ?? []}
              selected={brandId}
              onSelect={(id) =>
                navigate(onlyBrandAndSearch ? shopPath(id, search) : withValues(rawSearch, 'brand', id === null ? [] : [String(id)]), { replace: true })
              }
            />
          </div>
          {listing ? (
            <div id="shop-facets" className={`${filtersOpen ? 'block' : 'hidden'} rounded-lg border border-gray-200 bg-white p-4 shadow-sm md:block`}>
              <FacetPanel listing={listing} search={rawSearch} onNavigate={go} />
            </div>
          ) : null}
        </div>
        <section aria-labelledby="shop-products">
          <h2 id="shop-products" className="sr-only">
            Products
          </h2>
          {catalog.isLoading ? (
            <ProductGridSkeleton />
          ) : catalog.isError ? (
            <LoadError title="We couldn't load the products" error={catalog.error} onRetry={() => void catalog.refetch()} retrying={catalog.isFetching} />
          ) : list.length === 0 ? (
            <div className="rounded-lg border border-dashed border-gray-300 bg-white p-12 text-center">
              <p className="text-lg font-semibold text-gray-900">{search ? `No products found matching "${search}"` : 'No products found'}</p>
              {search ? <p className="mt-2 text-sm text-gray-700">Check the spelling, or try a more general word such as a brand or a category.</p> : null}
              <PopularCategories categories={listing?.search?.popularCategories ?? []} />
              {rawSearch ? (
                <Link href="/shop" className="mt-3 inline-block text-sm font-medium text-link underline-offset-4 hover:underline">
                  View all products
                </Link>
              ) : null}
            </div>
          ) : (
            <>
              <ProductGrid products={list} columns={4} eagerCount={2} comparable />
              {listing && listing.pageCount > 1 ? <Pages page={listing.page} pageCount={listing.pageCount} search={rawSearch} /> : null}
            </>
          )}
        </section>
      </div>
      <CompareTray names={names} />
    </div>
  );
}

function Pages({ page, pageCount, search }: { page: number; pageCount: number; search: string }) {
  const pages = Array.from({ length: pageCount }, (_, index) => index + 1).filter((n) => n === 1 || n === pageCount || Math.abs(n - page) <= 2);
  const linkClass = 'inline-flex min-h-11 min-w-11 items-center justify-center rounded-md border px-3 text-sm font-medium';
  return (
    <nav aria-label="Pages" className="mt-8 flex flex-wrap items-center justify-center gap-2">
      {page > 1 ? (
        <Link href={withPage(search, page - 1)} className={`${linkClass} border-gray-300 text-gray-800 hover:bg-gray-100`}>
          Previous
        </Link>
      ) : null}
      {pages.map((n, index) => (
        <span key={n} className="contents">
          {index > 0 && n - pages[index - 1]! > 1 ? <span aria-hidden="true">…</span> : null}
          <Link
            href={withPage(search, n)}
            aria-label={`Page ${n}`}
            aria-current={n === page ? 'page' : undefined}
            className={`${linkClass} ${n === page ? 'border-primary bg-primary text-primary-foreground' : 'border-gray-300 text-gray-800 hover:bg-gray-100'}`}
          >
            {n}
          </Link>
        </span>
      ))}
      {page < pageCount ? (
        <Link href={withPage(search, page + 1)} className={`${linkClass} border-gray-300 text-gray-800 hover:bg-gray-100`}>
          Next
        </Link>
      ) : null}
    </nav>
  );
}
