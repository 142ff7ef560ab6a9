import { startTransition, useEffect, useState } from 'react';
import type { Product } from '#common/schemas/catalog.ts';
import { ProductCard } from './product-card.tsx';

/** Cards rendered at once; the rest follow in an interruptible transition, so a long list never blocks input. */
const FIRST_BATCH = 12;

/** 1 to 4 columns by width on the shop page; the first row's images load eagerly. */
export function ProductGrid({
  products,
  columns = 4,
  eagerCount = 0,
  comparable = false,
}: {
  products: (Product & { priceMax?: string })[];
  columns?: 3 | 4;
  eagerCount?: number;
  comparable?: boolean;
}) {
  const [shown, setShown] = useState(FIRST_BATCH);
  useEffect(() => {
    if (shown < products.length) startTransition(() => setShown(products.length));
  }, [shown, products.length]);

  return (
    <ul
      className={
        columns === 4
          ? 'grid grid-cols-1 gap-4 sm:grid-cols-2 sm:gap-6 lg:grid-cols-3 xl:grid-cols-4'
          : 'grid grid-cols-1 gap-4 sm:grid-cols-2 sm:gap-6 xl:grid-cols-3'
      }
    >
      {products.slice(0, shown).map((product, index) => (
        <li key={product.id} className="flex">
          <ProductCard product={product} priority={index < eagerCount} comparable={comparable} />
        </li>
      ))}
    </ul>
  );
}
