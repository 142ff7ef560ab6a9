import { Link, useLocation, useSearch } from 'wouter';
import { LoadError } from '#client/components/ui/load-error.tsx';
import { useDocumentTitle } from '#client/lib/use-document-title.ts';
import { parseRouteId } from '#client/lib/parse-route-id.ts';
import { useProducts } from '../api/get-products.ts';
import { useBrands } from '../api/get-brands.ts';
import { BrandFilter } from '../components/brand-filter.tsx';
import { ProductGrid } from '../components/product-grid.tsx';
import { ProductGridSkeleton } from '../components/product-grid-skeleton.tsx';
import { productCountLabel, shopPath } from '../components/brand-options.ts';

/** Shop: ?brand={id}&search={text}; the API is asked with brandId and search. */
export default function ShopPage() {
  const params = new URLSearchParams(useSearch());
  const brandId = parseRouteId(params.get('brand') ?? undefined);
  const search = (params.get('search') ?? '').trim();
  const [, navigate] = useLocation();
  const products = useProducts({ brandId: brandId ?? undefined, search: search || undefined });
  const brands = useBrands();
  const brandName = brands.data?.find((brand) => brand.id === brandId)?.name;
  useDocumentTitle(search ? `Search results for ${search}` : (brandName ?? 'Shop'));

  const list = products.data ?? [];

  return (
    <div className="mx-auto max-w-7xl px-4 py-8 sm:px-6 lg:px-8">
      <header className="mb-6 flex flex-wrap items-end justify-between gap-3 border-b border-gray-200 pb-4">
        <div>
          {search ? (
            <>
              <h1 className="text-2xl font-bold tracking-tight text-gray-900 md:text-3xl">
                Search results for <span className="text-link">"{search}"</span>
              </h1>
              <Link href={shopPath(brandId, '')} className="mt-1 inline-block text-sm font-medium text-link underline-offset-4 hover:underline">
                Clear search
              </Link>
            </>
          ) : (
            <h1 className="text-2xl font-bold tracking-tight text-gray-900 md:text-3xl">{brandName ?? 'Shop All Products'}</h1>
          )}
        </div>
        {products.data ? (
          <p className="text-sm text-gray-600" aria-live="polite">
            {productCountLabel(list.length)}
          </p>
        ) : null}
      </header>

      <div className="grid gap-6 md:grid-cols-[14rem_1fr] lg:gap-8">
        <BrandFilter brands={brands.data ?? []} selected={brandId} onSelect={(id) => navigate(shopPath(id, search), { replace: true })} />
        <section aria-labelledby="shop-products">
          <h2 id="shop-products" className="sr-only">
            Products
          </h2>
          {products.isLoading ? (
            <ProductGridSkeleton />
          ) : products.isError ? (
            <LoadError title="We couldn't load the products" error={products.error} onRetry={() => void products.refetch()} retrying={products.isFetching} />
          ) : list.length === 0 ? (
            <div className="rounded-lg border border-dashed border-gray-300 bg-white p-12 text-center">
              <p className="text-lg font-semibold text-gray-900">{search ? `No products found matching "${search}"` : 'No products found'}</p>
              {search || brandId !== null ? (
                <Link href="/shop" className="mt-3 inline-block text-sm font-medium text-link underline-offset-4 hover:underline">
                  View all products
                </Link>
              ) : null}
            </div>
          ) : (
            <ProductGrid products={list} columns={4} eagerCount={2} />
          )}
        </section>
      </div>
    </div>
  );
}
