import { Link } from 'wouter';
import type { ProductTypeSummary } from '#common/schemas/catalog-model.ts';

const linkClass = 'font-medium text-link underline underline-offset-4';

/** "Did you mean paddle?" under a search whose words the shop read as a typo of another (decision 054). */
export function DidYouMean({ didYouMean, href }: { didYouMean: string; href: string }) {
  return (
    <p className="mt-1 text-sm text-gray-800">
      Did you mean{' '}
      <Link href={href} className={linkClass}>
        {didYouMean}
      </Link>
      ?
    </p>
  );
}

/** Where a search that found nothing can go on from: the categories with the most products. */
export function PopularCategories({ categories }: { categories: ProductTypeSummary[] }) {
  if (categories.length === 0) return null;
  return (
    <nav aria-labelledby="popular-categories" className="mt-6">
      <h3 id="popular-categories" className="text-sm font-semibold text-gray-900">
        Popular categories
      </h3>
      <ul className="mt-2 flex flex-wrap justify-center gap-2">
        {categories.map((category) => (
          <li key={category.id}>
            <Link
              href={`/shop?type=${encodeURIComponent(category.slug)}`}
              className="inline-flex min-h-11 items-center rounded-full border border-gray-300 px-4 text-sm font-medium text-gray-800 hover:bg-gray-100"
            >
              {category.name}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
