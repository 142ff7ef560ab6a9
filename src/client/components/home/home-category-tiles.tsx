import { Link } from 'wouter';
import type { HomeSectionView } from '#common/schemas/home.ts';
import { HomeImage } from './home-image.tsx';
import { HomeSectionFrame } from './home-section-frame.tsx';

type Section = Extract<HomeSectionView, { kind: 'categories' }>;

/** Tiles into the shop's categories, each pictured by one of its products: 2 columns on phones, up to 6. */
export function HomeCategoryTiles({ section, priority }: { section: Section; priority: boolean }) {
  if (section.tiles.length === 0) return null;
  return (
    <HomeSectionFrame id={section.id} title={section.title}>
      <ul className="grid grid-cols-2 gap-3 sm:grid-cols-[repeat(auto-fit,minmax(9rem,1fr))] sm:gap-4">
        {section.tiles.map((tile, index) => (
          <li key={tile.slug}>
            <Link
              href={`/shop?type=${encodeURIComponent(tile.slug)}`}
              className="group flex h-full flex-col overflow-hidden rounded-lg border border-gray-200 bg-white shadow-sm transition hover:shadow-md"
            >
              <HomeImage
                src={tile.imageUrl}
                width={300}
                height={300}
                sizes="(max-width: 639px) 50vw, (max-width: 1023px) 33vw, 16vw"
                priority={priority && index === 0}
                className="aspect-square w-full transition-transform duration-300 group-hover:scale-105"
              />
              <span className="flex min-h-11 items-center justify-center px-2 py-2 text-center font-semibold text-gray-900 group-hover:text-link">
                {tile.name}
              </span>
            </Link>
          </li>
        ))}
      </ul>
    </HomeSectionFrame>
  );
}
