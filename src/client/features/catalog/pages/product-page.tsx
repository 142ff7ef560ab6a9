import type { ComponentType } from 'react';
import { Link, useLocation, useSearch } from 'wouter';
import { ArrowLeft } from 'lucide-react';
import type { ProductDetail } from '#common/schemas/catalog.ts';
import { productPath } from '#common/slug.ts';
import { useEffect, useRef } from 'react';
import { formatPrice, toCents } from '#common/money.ts';
import { buttonClasses } from '#client/components/ui/button.tsx';
import { StarRating } from '#client/components/ui/star-rating.tsx';
import { LoadError } from '#client/components/ui/load-error.tsx';
import { failureKind } from '#client/lib/api-client.ts';
import { formatDate } from '#client/lib/format.ts';
import type { CartVariant } from '#client/lib/cart-variant.ts';
import { parseCatalogKey } from '#client/lib/parse-route-id.ts';
import { useDocumentTitle } from '#client/lib/use-document-title.ts';
import { useProduct } from '../api/get-product.ts';
import { useBrand } from '../api/get-brand.ts';
import { CompareToggle } from '../compare/compare-toggle.tsx';
import { CompareTray } from '../compare/compare-tray.tsx';
import { useCompare } from '../compare/use-compare.ts';
import { RecentlyViewed, useRecordViewed } from '../recently-viewed/recently-viewed.tsx';
import { WishlistHeart } from '../wishlist/wishlist-heart.tsx';
import { DeliveryLine, GiftCardDeliveryLine } from '../components/delivery-line.tsx';
import { ProductGallery } from '../components/product-gallery.tsx';
import { ProductPageSkeleton } from '../components/product-page-skeleton.tsx';
import { AlertConfirmedNotice, NotifyMe } from '../components/notify-me.tsx';
import { BoughtTogether } from '../components/bought-together.tsx';
import { ProductPurchase } from '../components/product-purchase.tsx';
import { ProductVideo } from '../components/product-video.tsx';
import { RelatedProducts } from '../components/related-products.tsx';
import { ReturnTermsNote } from '../components/return-terms-note.tsx';
import { SpecSheet } from '../components/spec-sheet.tsx';
import { StickyBuyBar } from '../components/sticky-buy-bar.tsx';
import { isGiftCardProduct } from '../components/gift-card-recipient-fields.tsx';
import { StockBadge } from '../components/stock-badge.tsx';
import { VariantPicker } from '../components/variant-picker.tsx';
import { chooseOption, initialVariant, selectionOf, summaryRows, variantName } from '../variant-selection.ts';

function BackToShop() {
  return (
    <Link href="/shop" className={buttonClasses('outline', 'default')}>
      <ArrowLeft className="h-4 w-4" aria-hidden="true" />
      Back to Shop
    </Link>
  );
}

/** What the app puts below the product (the reviews feature's section: the catalogue may not import it). */
type ProductBelowFold = ComponentType<{ productId: number; productName: string }>;

/**
 * Reached by its id or a former slug (a link inside the app; the server answers those with a 301), the
 * page takes its current address, query kept, without a history entry.
 */
function useCanonicalPath(key: string, product: ProductDetail | undefined) {
  const [, navigate] = useLocation();
  const search = useSearch();
  useEffect(() => {
    if (product && key !== product.slug) navigate(`${productPath(product)}${search ? `?${search}` : ''}`, { replace: true });
  }, [key, product, search, navigate]);
}

/** Product page: "Product Not Found" for a missing product; a failed read says so and offers "Try again". */
export default function ProductPage({ id, belowFold: BelowFold }: { id: string; belowFold?: ProductBelowFold }) {
  const { data: product, isLoading, error, refetch, isFetching } = useProduct(parseCatalogKey(id));
  useCanonicalPath(id, product);
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
    <div className="mx-auto max-w-7xl px-4 pt-8 pb-24 sm:px-6 md:pb-8 lg:px-8 lg:py-12">
      {/* on phones the links are 44 px tall tap targets (padded sideways to 44 px wide); the margins take back the
          extra height and padding, so the page below sits where the loading skeleton put it */}
      <nav aria-label="Breadcrumb" className="-mt-3 mb-3 text-sm text-gray-600 md:mt-0 md:mb-6">
        <ol className="-ml-1.5 flex flex-wrap items-center gap-1 md:ml-0">
          <li>
            <Link href="/shop" className="inline-flex min-h-11 items-center px-1.5 hover:text-link hover:underline md:min-h-0 md:px-0">
              Shop
            </Link>
          </li>
          {brand ? (
            <>
              <li aria-hidden="true">/</li>
              <li>
                <Link href={`/shop?brand=${brand.id}`} className="inline-flex min-h-11 items-center px-1.5 hover:text-link hover:underline md:min-h-0 md:px-0">
                  {brand.name}
                </Link>
              </li>
            </>
          ) : null}
          <li aria-hidden="true">/</li>
          <li aria-current="page" className="truncate pl-1.5 text-gray-900 md:pl-0">
            {product.name}
          </li>
        </ol>
      </nav>

      <ProductDetails product={product} brand={brand} />
      {BelowFold ? <BelowFold productId={product.id} productName={product.name} /> : null}
    </div>
  );
}

/** Price, with the compare-at price struck through beside it when it is higher. */
function Price({ price, compareAt }: { price: string; compareAt: string | null }) {
  const was = compareAt !== null && toCents(compareAt) > toCents(price);
  return (
    <div className="flex items-baseline gap-2">
      <p className="text-3xl font-bold text-gray-900">{formatPrice(price)}</p>
      {was ? (
        <p className="text-lg text-gray-600">
          <span className="sr-only">Was </span>
          <s>{formatPrice(compareAt)}</s>
        </p>
      ) : null}
    </div>
  );
}

/**
 * The product with its chosen variant: `?variant=<id>` (replaced, not pushed, on each choice) names
 * it, so a shared link opens it; an unknown id opens the first variant in stock.
 */
function ProductDetails({ product, brand }: { product: ProductDetail; brand: ProductDetail['brand'] }) {
  const search = useSearch();
  const [, navigate] = useLocation();
  const params = new URLSearchParams(search);
  const variant = initialVariant(product, params.get('variant'));
  // the back-in-stock confirmation link lands here (stock-alerts)
  const alertConfirmed = params.get('alert') === 'confirmed';
  const several = product.variants.length > 1;
  const image = product.images.find((candidate) => candidate.id === variant?.imageId) ?? product.images[0];
  const cartVariant: CartVariant | null =
    several && variant
      ? { id: variant.id, name: variantName(variant), sku: variant.sku, price: variant.price, stock: variant.stock, imageUrl: image?.url ?? product.imageUrl }
      : null;
  const buyArea = useRef<HTMLDivElement>(null);
  useRecordViewed({ id: product.id, slug: product.slug, name: product.name, imageUrl: product.images[0]?.url ?? product.imageUrl });
  // the compare tray takes the bottom of the screen while it holds products: the bar gives way to it
  const comparing = useCompare().ids.length > 0;
  const summary = summaryRows(product, several ? variant : undefined);
  const giftCard = isGiftCardProduct(product);
  const shown = { price: variant?.price ?? product.price, stock: variant?.stock ?? product.stock, sku: variant?.sku ?? product.sku };

  function choose(axisId: number, valueId: number) {
    if (!variant) return;
    const next = chooseOption(product.variants, selectionOf(variant), axisId, valueId);
    if (next) navigate(`${productPath(product)}?variant=${next.id}`, { replace: true });
  }

  return (
    <>
      <div className="grid gap-8 md:grid-cols-2 lg:gap-12">
        <div className="flex min-w-0 flex-col gap-4">
          <ProductGallery images={product.images} name={product.name} activeImageId={variant?.imageId ?? null} />
          {product.video ? <ProductVideo video={product.video} productName={product.name} /> : null}
        </div>

        <div className="flex flex-col gap-5">
          <div>
            {brand ? (
              <Link href={`/shop?brand=${brand.id}`} className="text-sm font-semibold tracking-wide text-link uppercase hover:underline">
                {brand.name}
              </Link>
            ) : null}
            <h1 className="mt-1 text-3xl font-extrabold tracking-tight text-gray-900 md:text-4xl">{product.name}</h1>
            {shown.sku ? <p className="mt-1 text-sm text-gray-600">SKU: {shown.sku}</p> : null}
            {product.ratingAverage !== null && product.ratingCount > 0 ? (
              <a href="#reviews" className="mt-2 inline-flex items-center gap-2 text-sm text-gray-700 hover:underline">
                <StarRating value={product.ratingAverage} />
                <span>
                  {product.ratingAverage.toFixed(1)} ({product.ratingCount} {product.ratingCount === 1 ? 'review' : 'reviews'})
                </span>
              </a>
            ) : null}
          </div>

          <div className="flex flex-wrap items-center gap-3" aria-live="polite">
            <Price price={shown.price} compareAt={variant?.compareAtPrice ?? null} />
            {/* a gift card's stock is no count a shopper needs: sold out, the button says so (decision 066) */}
            {giftCard ? null : <StockBadge stock={shown.stock} />}
          </div>
          {giftCard ? <GiftCardDeliveryLine /> : <DeliveryLine />}

          {several && variant && product.options.length > 0 ? (
            <VariantPicker options={product.options} variants={product.variants} selected={variant} onChoose={choose} />
          ) : null}

          {summary.length > 0 ? (
            <dl aria-label="Summary" className="grid grid-cols-2 gap-3 rounded-lg border border-gray-200 bg-white p-4 text-sm">
              {summary.map((row) => (
                <div key={row.label}>
                  <dt className="text-gray-600">{row.label}</dt>
                  <dd className="font-medium text-gray-900">{row.value}</dd>
                </div>
              ))}
            </dl>
          ) : null}

          {product.description ? <p className="leading-relaxed whitespace-pre-line text-gray-700">{product.description}</p> : null}

          <div ref={buyArea}>
            <ProductPurchase key={`${product.id}.${cartVariant?.id ?? ''}`} product={product} variant={cartVariant} />
          </div>
          {alertConfirmed ? <AlertConfirmedNotice /> : null}
          {variant && shown.stock <= 0 && !alertConfirmed ? (
            <NotifyMe key={variant.id} variantId={variant.id} itemName={cartVariant ? `${product.name} (${cartVariant.name})` : product.name} />
          ) : null}

          {variant ? <WishlistHeart variantId={variant.id} itemName={cartVariant ? `${product.name} (${cartVariant.name})` : product.name} /> : null}

          <ReturnTermsNote />

          {product.releaseDate ? <p className="text-sm text-gray-600">Release date: {formatDate(product.releaseDate)}</p> : null}

          <CompareToggle productId={product.id} productName={product.name} />

          <div className="border-t border-gray-200 pt-5">
            <BackToShop />
          </div>
        </div>
      </div>

      <SpecSheet product={product} variantId={variant?.id ?? null} />
      <BoughtTogether productId={product.id} />
      <RelatedProducts productId={product.id} />
      <RecentlyViewed exclude={product.id} />
      <CompareTray names={new Map([[product.id, product.name]])} />
      {/* a gift card's one tap would go without its recipient: it is added from the form above only (decision 066) */}
      {comparing || giftCard ? null : <StickyBuyBar product={product} variant={cartVariant} needsChoice={several && !variant} watch={buyArea} />}
    </>
  );
}
