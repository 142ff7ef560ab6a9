import { Link } from 'wouter';
import { ArrowLeft } from 'lucide-react';
import { formatPrice } from '#common/money.ts';
import { PRODUCT_PAGE_IMAGE_SIZES } from '#common/images.ts';
import { buttonClasses } from '#client/components/ui/button.tsx';
import { LoadError } from '#client/components/ui/load-error.tsx';
import { failureKind } from '#client/lib/api-client.ts';
import { formatDate } from '#client/lib/format.ts';
import { parseRouteId } from '#client/lib/parse-route-id.ts';
import { useDocumentTitle } from '#client/lib/use-document-title.ts';
import { useProduct } from '../api/get-product.ts';
import { useBrand } from '../api/get-brand.ts';
import { ProductImage } from '../components/product-image.tsx';
import { ProductPageSkeleton } from '../components/product-page-skeleton.tsx';
import { ProductPurchase } from '../components/product-purchase.tsx';
import { StockBadge } from '../components/stock-badge.tsx';

function BackToShop() {
  return (
    <Link href="/shop" className={buttonClasses('outline', 'default')}>
      <ArrowLeft className="h-4 w-4" aria-hidden="true" />
      Back to Shop
    </Link>
  );
}

/** Product page: "Product Not Found" for a missing product; a failed read says so and offers "Try again". */
export default function ProductPage({ id }: { id: string }) {
  const productId = parseRouteId(id);
  const { data: product, isLoading, error, refetch, isFetching } = useProduct(productId);
  const brandQuery = useBrand(product && !product.brand && product.brandId ? product.brandId : null);
  const brand = product?.brand ?? brandQuery.data ?? null;
  const failed = !product && error !== null && failureKind(error) !== 'not-found';
  useDocumentTitle(product ? product.name : isLoading ? null : failed ? "Couldn't load product" : 'Product Not Found');

  if (isLoading) return <ProductPageSkeleton />;

  if (failed) {
    return (
      <div className="mx-auto max-w-xl px-4 py-24">
        <LoadError as="h1" title="We couldn't load this product" error={error} onRetry={() => void refetch()} retrying={isFetching} />
        <div className="mt-8 text-center">
          <BackToShop />
        </div>
      </div>
    );
  }

  if (!product) {
    return (
      <div className="mx-auto max-w-xl px-4 py-24 text-center">
        <h1 className="text-2xl font-bold text-gray-900">Product Not Found</h1>
        <p className="mt-2 text-gray-600">The requested product could not be found.</p>
        <div className="mt-8">
          <BackToShop />
        </div>
      </div>
    );
  }

  return (
    <div className="mx-auto max-w-7xl px-4 py-8 sm:px-6 lg:px-8 lg:py-12">
      <nav aria-label="Breadcrumb" className="mb-6 text-sm text-gray-600">
        <ol className="flex flex-wrap items-center gap-1">
          <li>
            <Link href="/shop" className="hover:text-link hover:underline">
              Shop
            </Link>
          </li>
          {brand ? (
            <>
              <li aria-hidden="true">/</li>
              <li>
                <Link href={`/shop?brand=${brand.id}`} className="hover:text-link hover:underline">
                  {brand.name}
                </Link>
              </li>
            </>
          ) : null}
          <li aria-hidden="true">/</li>
          <li aria-current="page" className="truncate text-gray-900">
            {product.name}
          </li>
        </ol>
      </nav>

      <div className="grid gap-8 md:grid-cols-2 lg:gap-12">
        <div className="overflow-hidden rounded-xl border border-gray-200 bg-white">
          <ProductImage
            src={product.imageUrl}
            alt={product.name}
            width={800}
            height={800}
            sizes={PRODUCT_PAGE_IMAGE_SIZES}
            priority
            className="aspect-square w-full"
          />
        </div>

        <div className="flex flex-col gap-5">
          <div>
            {brand ? (
              <Link href={`/shop?brand=${brand.id}`} className="text-sm font-semibold tracking-wide text-link uppercase hover:underline">
                {brand.name}
              </Link>
            ) : null}
            <h1 className="mt-1 text-3xl font-extrabold tracking-tight text-gray-900 md:text-4xl">{product.name}</h1>
            {product.sku ? <p className="mt-1 text-sm text-gray-600">SKU: {product.sku}</p> : null}
          </div>

          <div className="flex flex-wrap items-center gap-3">
            <p className="text-3xl font-bold text-gray-900">{formatPrice(product.price)}</p>
            <StockBadge stock={product.stock} />
          </div>

          {product.thickness || product.color ? (
            <dl className="grid grid-cols-2 gap-3 rounded-lg border border-gray-200 bg-white p-4 text-sm">
              {product.thickness ? (
                <div>
                  <dt className="text-gray-600">Thickness</dt>
                  <dd className="font-medium text-gray-900">{product.thickness}</dd>
                </div>
              ) : null}
              {product.color ? (
                <div>
                  <dt className="text-gray-600">Color</dt>
                  <dd className="font-medium text-gray-900">{product.color}</dd>
                </div>
              ) : null}
            </dl>
          ) : null}

          {product.description ? <p className="leading-relaxed whitespace-pre-line text-gray-700">{product.description}</p> : null}

          <ProductPurchase key={product.id} product={product} />

          {product.releaseDate ? <p className="text-sm text-gray-600">Release date: {formatDate(product.releaseDate)}</p> : null}

          <div className="border-t border-gray-200 pt-5">
            <BackToShop />
          </div>
        </div>
      </div>
    </div>
  );
}
