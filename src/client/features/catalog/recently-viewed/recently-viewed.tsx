import { useEffect } from 'react';
import { Link } from 'wouter';
import { productPath } from '#common/slug.ts';
import { ProductImage } from '#client/components/ui/product-image.tsx';
import { recordViewed, useRecentlyViewed, type Viewed } from './recently-viewed-store.ts';

/** Notes the open product in this browser's list once its page shows. */
export function useRecordViewed(product: Viewed): void {
  const { id, slug, name, imageUrl } = product;
  useEffect(() => recordViewed({ id, slug, name, imageUrl }), [id, slug, name, imageUrl]);
}

/** "Recently viewed": the products this browser opened before, the open one left out; nothing on a first visit. */
export function RecentlyViewed({ exclude }: { exclude: number }) {
  const products = useRecentlyViewed().filter((product) => product.id !== exclude);
  if (products.length === 0) return null;
  return (
    <section aria-labelledby="recently-viewed" className="mt-12">
      <h2 id="recently-viewed" className="mb-4 text-xl font-bold text-gray-900">
        Recently viewed
      </h2>
      <ul className="grid grid-cols-3 gap-3 sm:grid-cols-4 lg:grid-cols-6">
        {products.slice(0, 6).map((product) => (
          <li key={product.id}>
            <Link
              href={productPath(product)}
              className="group block overflow-hidden rounded-lg border border-gray-200 bg-white focus-visible:outline-2 focus-visible:outline-primary"
            >
              <ProductImage src={product.imageUrl} alt="" width={200} height={200} sizes="(min-width: 1024px) 16vw, 33vw" className="aspect-square w-full" />
              <span className="block min-h-11 p-2 text-sm font-medium text-gray-900 group-hover:underline">{product.name}</span>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
