import { useEffect, useRef, useState } from 'react';
import { useRelatedProducts } from '../api/get-related-products.ts';
import { ProductGrid } from './product-grid.tsx';

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
          <ProductGrid products={products} />
        </section>
      ) : null}
    </div>
  );
}
