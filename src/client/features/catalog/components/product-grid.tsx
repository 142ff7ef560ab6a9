import type { Product } from '#common/schemas/catalog.ts';
import { ProductCard } from './product-card.tsx';

/** 1 to 4 columns by width (spec/storefront.md §2 shop); the first row's images load eagerly. */
export function ProductGrid({ products, columns = 4, eagerCount = 0 }: { products: Product[]; columns?: 3 | 4; eagerCount?: number }) {
  return (
    <ul
      className={
        columns === 4
          ? 'grid grid-cols-1 gap-4 sm:grid-cols-2 sm:gap-6 lg:grid-cols-3 xl:grid-cols-4'
          : 'grid grid-cols-1 gap-4 sm:grid-cols-2 sm:gap-6 xl:grid-cols-3'
      }
    >
      {products.map((product, index) => (
        <li key={product.id} className="flex">
          <ProductCard product={product} priority={index < eagerCount} />
        </li>
      ))}
    </ul>
  );
}
