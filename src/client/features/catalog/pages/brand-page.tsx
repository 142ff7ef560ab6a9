import { useEffect } from 'react';
import { Link, useLocation, useSearch } from 'wouter';
import { brandPath } from '#common/slug.ts';
import { Spinner } from '#client/components/ui/spinner.tsx';
import { LoadError } from '#client/components/ui/load-error.tsx';
import { failureKind } from '#client/lib/api-client.ts';
import { parseCatalogKey } from '#client/lib/parse-route-id.ts';
import { useDocumentTitle } from '#client/lib/use-document-title.ts';
import { useBrand } from '../api/get-brand.ts';
import { useProducts } from '../api/get-products.ts';
import { ProductGrid } from '../components/product-grid.tsx';
import { ProductImage } from '#client/components/ui/product-image.tsx';

/** Brand page: nothing renders until the brand has loaded; a failed read (not a missing brand) offers "Try again". */
export default function BrandPage({ id }: { id: string }) {
  const { data: brand, isLoading, error, refetch, isFetching } = useBrand(parseCatalogKey(id));
  const products = useProducts({ brandId: brand?.id }, brand !== undefined);
  const [, navigate] = useLocation();
  const search = useSearch();
  // reached by its id or a former slug inside the app: take the current address (the server 301s those)
  useEffect(() => {
    if (brand && id !== brand.slug) navigate(`${brandPath(brand)}${search ? `?${search}` : ''}`, { replace: true });
  }, [id, brand, search, navigate]);
  const failed = !brand && error !== null && failureKind(error) !== 'not-found';
  useDocumentTitle(brand?.name ?? (isLoading ? null : failed ? "Couldn't load brand" : 'Brand Not Found'));

  if (isLoading) return <Spinner label="Loading brand" className="min-h-[60vh]" />;
  if (failed) {
    return (
      <div className="mx-auto max-w-xl px-4 py-24">
        <LoadError as="h1" title="We couldn't load this brand" error={error} onRetry={() => void refetch()} retrying={isFetching} />
      </div>
    );
  }
  if (!brand) {
    return (
      <div className="mx-auto max-w-xl px-4 py-24 text-center">
        <h1 className="text-2xl font-bold text-gray-900">Brand Not Found</h1>
        <p className="mt-2 text-gray-600">The requested brand could not be found.</p>
        <Link href="/shop" className="mt-6 inline-block font-medium text-link hover:underline">
          Back to Shop
        </Link>
      </div>
    );
  }

  return (
    <div className="mx-auto max-w-7xl px-4 py-8 sm:px-6 lg:px-8">
      <header className="flex flex-col items-start gap-6 rounded-xl border border-gray-200 bg-white p-6 shadow-sm sm:flex-row sm:items-center">
        {brand.imageUrl ? (
          <ProductImage
            src={brand.imageUrl}
            alt={`${brand.name} logo`}
            width={160}
            height={160}
            sizes="160px"
            priority
            fit="contain"
            className="h-32 w-32 shrink-0 rounded-lg"
          />
        ) : null}
        <div>
          <h1 className="text-3xl font-extrabold tracking-tight text-gray-900">{brand.name}</h1>
          {brand.description ? <p className="mt-2 max-w-3xl whitespace-pre-line text-gray-700">{brand.description}</p> : null}
        </div>
      </header>
      <section aria-labelledby="brand-products" className="mt-10">
        <h2 id="brand-products" className="mb-4 text-xl font-bold text-gray-900">
          {brand.name} Products
        </h2>
        {products.isLoading ? (
          <Spinner label="Loading products" />
        ) : products.isError ? (
          <LoadError title="We couldn't load the products" error={products.error} onRetry={() => void products.refetch()} retrying={products.isFetching} />
        ) : (products.data ?? []).length === 0 ? (
          <p className="rounded-lg border border-dashed border-gray-300 bg-white p-10 text-center text-gray-700">No products found</p>
        ) : (
          <ProductGrid products={products.data ?? []} columns={4} />
        )}
      </section>
    </div>
  );
}
