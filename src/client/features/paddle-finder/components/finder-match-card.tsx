import { Link } from 'wouter';
import { formatPrice, toCents } from '#common/money.ts';
import type { FinderMatch } from '#common/schemas/paddle-finder.ts';
import { productPath } from '#common/slug.ts';

/** One match: the paddle, its price and stock, and the sentence saying why it fits. */
export function FinderMatchCard({ match, rank }: { match: FinderMatch; rank: number }) {
  const { product } = match;
  const href = productPath(product);
  const ranged = toCents(product.priceMax) > toCents(product.price);
  return (
    <li className="flex gap-4 rounded-lg border border-gray-200 bg-white p-3 shadow-sm sm:p-4">
      <Link href={href} className="block h-24 w-24 shrink-0 overflow-hidden rounded-md bg-gray-100 sm:h-32 sm:w-32" tabIndex={-1} aria-hidden="true">
        {product.imageUrl ? (
          <img src={product.imageUrl} alt="" width={128} height={128} loading={rank > 3 ? 'lazy' : 'eager'} className="h-full w-full object-cover" />
        ) : null}
      </Link>
      <div className="min-w-0 flex-1">
        <p className="text-xs font-medium tracking-wide text-gray-600 uppercase">
          Match {rank}
          {product.brand ? ` · ${product.brand.name}` : ''}
        </p>
        <h3 className="mt-0.5 text-base leading-snug font-semibold text-gray-900 sm:text-lg">
          <Link href={href} className="hover:text-link hover:underline">
            {product.name}
          </Link>
        </h3>
        <p className="mt-1 text-sm text-gray-800">{match.why}</p>
        <p className="mt-2 flex flex-wrap items-baseline gap-x-3 text-sm">
          <span className="font-bold text-gray-900">
            {ranged ? <span className="font-medium text-gray-700">from </span> : null}
            {formatPrice(product.price)}
          </span>
          <span className={product.stock > 0 ? 'text-green-800' : 'text-gray-700'}>{product.stock > 0 ? 'In stock' : 'Sold out'}</span>
        </p>
      </div>
    </li>
  );
}
