import { lazy, Suspense, useEffect, useRef, useState } from 'react';

// Its own chunk, fetched only when the section nears the screen: the product page's first load stays in
// budget (docs/performance.md) and the reviews read waits until someone scrolls towards it.
const ProductReviews = lazy(() => import('#client/features/reviews/components/product-reviews.tsx'));

/** The reviews section below a product, loaded when it comes within a screen of view (or at once, e.g. a #reviews link). */
export function ProductReviewsSlot({ productId, productName }: { productId: number; productName: string }) {
  const marker = useRef<HTMLDivElement>(null);
  const [near, setNear] = useState(() => typeof window !== 'undefined' && window.location.hash === '#reviews');
  useEffect(() => {
    if (near || !marker.current) return;
    if (typeof IntersectionObserver === 'undefined') {
      setNear(true);
      return;
    }
    const observer = new IntersectionObserver((entries) => entries.some((entry) => entry.isIntersecting) && setNear(true), { rootMargin: '600px 0px' });
    observer.observe(marker.current);
    return () => observer.disconnect();
  }, [near]);
  if (!near) return <div ref={marker} id="reviews" className="mt-12 min-h-24" />;
  return (
    <Suspense fallback={<div id="reviews" className="mt-12 min-h-24" />}>
      <ProductReviews productId={productId} productName={productName} />
    </Suspense>
  );
}
