import { Link } from 'wouter';
import { formatPrice, toCents } from '#common/money.ts';
import type { HomeSectionView } from '#common/schemas/home.ts';
import { productPath } from '#common/slug.ts';
import { StarRating } from '#client/components/ui/star-rating.tsx';
import { HomeImage } from './home-image.tsx';
import { HomeSectionFrame } from './home-section-frame.tsx';

type Section = Extract<HomeSectionView, { kind: 'products' }>;

/**
 * A grid of products as plain links (picture, name, rating, price): the home page carries no cart code,
 * the product page is one tap away. 2 columns on phones, 4 on wide screens.
 */
export function HomeProductGrid({ section, priority }: { section: Section; priority: boolean }) {
  if (section.products.length === 0) return null;
  const more = section.rule === 'hand_picked' ? null : section.typeSlug ? `/shop?type=${encodeURIComponent(section.typeSlug)}` : '/shop';
  return (
    <HomeSectionFrame
      id={section.id}
      title={section.title}
      action={
        more ? (
          <Link href={more} className="inline-flex min-h-11 items-center text-sm font-semibold text-link hover:underline">
            View all<span className="sr-only"> {section.title}</span>
          </Link>
        ) : null
      }
    >
      <ul className="grid grid-cols-2 gap-3 sm:gap-4 md:grid-cols-3 lg:grid-cols-4">
        {section.products.map((product, index) => (
          <li key={product.id}>
            <Link
              href={productPath(product)}
              className="group flex h-full flex-col overflow-hidden rounded-lg border border-gray-200 bg-white shadow-sm transition hover:shadow-md"
            >
              <HomeImage
                src={product.imageUrl}
                width={400}
                height={400}
                sizes="(max-width: 767px) 50vw, (max-width: 1023px) 33vw, 25vw"
                priority={priority && index === 0}
                className="aspect-square w-full transition-transform duration-300 group-hover:scale-105"
              />
              <span className="flex flex-1 flex-col gap-1 p-3">
                {product.brand ? <span className="text-xs tracking-wide text-gray-600 uppercase">{product.brand.name}</span> : null}
                <span className="line-clamp-2 font-semibold text-gray-900 group-hover:text-link group-hover:underline">{product.name}</span>
                {product.ratingAverage != null && product.ratingCount ? (
                  <span className="flex items-center gap-1 text-sm text-gray-700">
                    <StarRating value={product.ratingAverage} />
                    <span>({product.ratingCount})</span>
                  </span>
                ) : null}
                <span className="mt-auto pt-1 font-bold text-gray-900">
                  {toCents(product.priceMax) > toCents(product.price) ? <span className="text-sm font-medium text-gray-700">from </span> : null}
                  {formatPrice(product.price)}
                </span>
                {product.stock <= 0 ? <span className="text-sm text-gray-700">Sold out</span> : null}
              </span>
            </Link>
          </li>
        ))}
      </ul>
    </HomeSectionFrame>
  );
}
