import { useEffect, useRef, useState } from 'react';
import { Link } from 'wouter';
import type { Product } from '#common/schemas/catalog.ts';
import { PRODUCT_CARD_IMAGE_SIZES } from '#common/images.ts';
import { formatPrice } from '#common/money.ts';
import { productPath } from '#common/slug.ts';
import { useRelatedProducts } from '../api/get-related-products.ts';
import { ProductImage } from '#client/components/ui/product-image.tsx';

/**
 * A small link card: image, name, price. No cart button or stock badge, so the page's own "Add to
 * Cart", price and stock stay the only ones on the page.
 */
function RelatedCard({ product }: { product: Product }) {
  return (
    <Link
      href={productPath(product)}
      className="group block overflow-hidden rounded-lg border border-gray-200 bg-white shadow-sm hover:shadow-md focus-visible:outline-2 focus-visible:outline-primary"
    >
      <ProductImage src={product.imageUrl} alt="" width={400} height={400} sizes={PRODUCT_CARD_IMAGE_SIZES} className="aspect-square w-full" />
      <span className="block p-3">
        {product.brand ? <span className="block text-xs font-semibold tracking-wide text-link uppercase">{product.brand.name}</span> : null}
        <span className="block font-semibold text-gray-900 group-hover:underline">{product.name}</span>
        <span className="mt-1 block text-sm text-gray-700">
          <span className="sr-only">Price: </span>
          {formatPrice(product.price)}
        </span>
      </span>
    </Link>
  );
}

/** "You may also like": up to four products of the same type in stock, read when the row comes near the screen. */
export function RelatedProducts({ productId }: { productId: number }) {
  const marker = useRef<HTMLDivElement>(null);
  const [near, setNear] = useState(false);
  useEffect(() => {
    const element = marker.current;
    if (!element || near) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) setNear(true);
      },
      { rootMargin: '200px' },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [near]);
  const { data: products } = useRelatedProducts(productId, near);

  return (
    <div ref={marker} className="mt-12 min-h-px">
      {products && products.length > 0 ? (
        <section aria-labelledby="related-products">
          <h2 id="related-products" className="mb-4 text-xl font-bold text-gray-900">
            You may also like
          </h2>
          <ul className="grid grid-cols-2 gap-4 md:grid-cols-4">
            {products.map((product) => (
              <li key={product.id}>
                <RelatedCard product={product} />
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </div>
  );
}
