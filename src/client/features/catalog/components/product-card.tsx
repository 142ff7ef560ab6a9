import { Link } from 'wouter';
import type { Product } from '#common/schemas/catalog.ts';
import { formatPrice, toCents } from '#common/money.ts';
import { StarRating } from '#client/components/ui/star-rating.tsx';
import { productPath } from '#common/slug.ts';
import { CompareToggle } from '../compare/compare-toggle.tsx';
import { PRODUCT_CARD_IMAGE_SIZES } from '#common/images.ts';
import { buttonClasses } from '#client/components/ui/button.tsx';
import { AddToCartButton } from './add-to-cart-button.tsx';
import { ProductImage } from '#client/components/ui/product-image.tsx';
import { StockBadge } from './stock-badge.tsx';

/** Product card: no SKU and no exact stock count (the product page has both); description, thickness and color show on desktop only. */
export function ProductCard({
  product,
  priority = false,
  comparable = false,
}: {
  product: Product & { priceMax?: string; variantCount?: number; giftCard?: boolean; ratingAverage?: number | null; ratingCount?: number };
  priority?: boolean;
  comparable?: boolean;
}) {
  // variants at different prices: the card says where they start
  const ranged = product.priceMax !== undefined && toCents(product.priceMax) > toCents(product.price);
  const href = productPath(product);
  const details = [product.thickness, product.color].filter(Boolean);
  return (
    <article className="group flex w-full flex-row overflow-hidden sm:flex-col rounded-lg border border-gray-200 bg-white shadow-sm transition-shadow hover:shadow-md">
      {/* phones: a compact row (image beside the text) keeps a one-column list short */}
      <Link href={href} className="block w-32 shrink-0 self-start overflow-hidden sm:w-auto sm:self-auto" tabIndex={-1} aria-hidden="true">
        <ProductImage
          src={product.imageUrl}
          alt=""
          width={400}
          height={400}
          sizes={PRODUCT_CARD_IMAGE_SIZES}
          priority={priority}
          className="aspect-square w-full transition-transform duration-300 group-hover:scale-105"
        />
      </Link>
      <div className="flex min-w-0 flex-1 flex-col gap-2 p-3 sm:p-4">
        <h3 className="text-base leading-snug font-semibold text-gray-900">
          {/* a 44 px tall target on phones (the name is one or two lines of 16 px text) */}
          <Link href={href} className="flex min-h-11 items-center hover:text-link hover:underline md:block md:min-h-0">
            {product.name}
          </Link>
        </h3>
        {product.ratingAverage != null && product.ratingCount ? (
          <p className="flex items-center gap-1.5 text-sm text-gray-700">
            <StarRating value={product.ratingAverage} />
            <span>({product.ratingCount})</span>
          </p>
        ) : null}
        {product.description ? <p className="hidden text-sm text-gray-600 md:line-clamp-2">{product.description}</p> : null}
        <div className="mt-auto flex items-center justify-between gap-2 pt-1">
          <p className="text-lg font-bold text-gray-900">
            {ranged ? <span className="text-sm font-medium text-gray-700">from </span> : null}
            {formatPrice(product.price)}
          </p>
          {/* a gift card is no stock to count (decision 066); its button below still says when it is sold out */}
          {product.giftCard ? null : <StockBadge stock={product.stock} card />}
        </div>
        {details.length > 0 ? (
          <p className="hidden text-xs text-gray-600 md:block">
            {product.thickness ? <span>Thickness: {product.thickness}</span> : null}
            {product.thickness && product.color ? <span aria-hidden="true"> · </span> : null}
            {product.color ? <span>Color: {product.color}</span> : null}
          </p>
        ) : null}
        {/* a gift card needs its recipient, asked on its page (the server refuses one without: decision 066) */}
        {product.giftCard && product.stock > 0 ? (
          <Link href={href} className={buttonClasses('default', 'default', 'w-full')}>
            Choose amount
            <span className="sr-only"> of {product.name}</span>
          </Link>
        ) : /* a product sold in several variants is added from its page, once one is chosen */
        (product.variantCount ?? 1) > 1 && product.stock > 0 ? (
          <Link href={href} className={buttonClasses('default', 'default', 'w-full')}>
            Choose options
            <span className="sr-only"> of {product.name}</span>
          </Link>
        ) : (
          <AddToCartButton product={product} />
        )}
        {comparable ? <CompareToggle productId={product.id} productName={product.name} /> : null}
      </div>
    </article>
  );
}
