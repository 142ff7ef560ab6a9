import type { HomeSectionView } from '#common/schemas/home.ts';
import { HomeSections } from '#client/components/home/home-sections.tsx';
import { sectionLabel } from './section-defaults.ts';

/**
 * The draft drawn with the storefront's own section markup; the hero, finder, brands and feature blocks,
 * drawn by the storefront from the site settings and featured lists, stand here as labelled bands.
 */
export function HomePreview({ sections }: { sections: HomeSectionView[] }) {
  return (
    <div className="overflow-hidden rounded-lg border border-gray-300 bg-gray-50">
      <HomeSections
        sections={sections}
        slot={(section) => (
          <div className="mx-auto my-4 max-w-7xl px-4 sm:px-6 lg:px-8">
            <p className="rounded-md border border-dashed border-gray-400 bg-white p-6 text-center font-medium text-gray-700">{sectionLabel(section)}</p>
          </div>
        )}
      />
    </div>
  );
}
