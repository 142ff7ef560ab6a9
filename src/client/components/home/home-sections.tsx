import type { ReactNode } from 'react';
import type { HomeSectionView } from '#common/schemas/home.ts';
import { HomeCategoryTiles } from './home-category-tiles.tsx';
import { HomeProductGrid } from './home-product-grid.tsx';
import { HomeReviewStrip } from './home-review-strip.tsx';
import { HomeRichText } from './home-rich-text.tsx';

/** The kinds drawn from what the page reads besides the sections (site settings, featured lists): the page using this draws them. */
export type SlotKind = 'hero' | 'finder' | 'brands' | 'features';
type SlotSection = Extract<HomeSectionView, { kind: SlotKind }>;

/**
 * The home page's sections in the owner's order (decision 061). The storefront and the admin's preview
 * draw the same markup; each hands in how it draws the hero, finder, brands and feature blocks.
 * Only the first section's first picture is loaded eagerly.
 */
export function HomeSections({ sections, slot }: { sections: HomeSectionView[]; slot: (section: SlotSection, first: boolean) => ReactNode }) {
  return sections.map((section, index) => {
    const first = index === 0;
    switch (section.kind) {
      case 'categories':
        return <HomeCategoryTiles key={section.id} section={section} priority={first} />;
      case 'products':
        return <HomeProductGrid key={section.id} section={section} priority={first} />;
      case 'reviews':
        return <HomeReviewStrip key={section.id} section={section} />;
      case 'text':
        return <HomeRichText key={section.id} section={section} />;
      default:
        return <SlotOf key={section.id}>{slot(section, first)}</SlotOf>;
    }
  });
}

function SlotOf({ children }: { children: ReactNode }) {
  return children;
}
