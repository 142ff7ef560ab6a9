import type { ReactNode } from 'react';
import type { HomeSectionView } from '#common/schemas/home.ts';
import { HomeSections, type SlotKind } from '#client/components/home/home-sections.tsx';
import { DEFAULT_SITE_TITLE, settingText, useSiteSettings } from '#client/lib/site-settings.ts';
import { useDocumentTitle } from '#client/lib/use-document-title.ts';
import { useHome } from '../api/get-home.ts';
import { useFeaturedProducts } from '../api/get-featured-products.ts';
import { useFeaturedBrands } from '../api/get-featured-brands.ts';
import { HeroCarousel } from '../components/hero-carousel.tsx';
import { FeaturedBrands } from '../components/featured-brands.tsx';
import { FeaturesSection } from '../components/features-section.tsx';
import { FinderInvite } from '../components/finder-invite.tsx';
import { ownerHero } from '../components/site-hero.ts';
import { SiteHero, SiteHeroBand } from '../components/site-hero-sections.tsx';

// should the home read fail, the page is today's: hero, finder, brands, feature blocks
const FALLBACK: HomeSectionView[] = [
  { id: 'hero', kind: 'hero', carousel: true },
  { id: 'finder', kind: 'finder' },
  { id: 'brands', kind: 'brands' },
  { id: 'features', kind: 'features' },
];

/**
 * Home: the sections the owner arranged (decision 061), in their order. The hero (the owner's hero above the
 * featured carousel, or the whole first screen when nothing is featured or the carousel is off), the finder's
 * invitation, the featured brands and the feature blocks are drawn here from the site settings and the
 * featured lists; category tiles, product grids, reviews and text come resolved in the home read.
 */
export default function HomePage() {
  const { data: settings, isLoading: settingsLoading } = useSiteSettings();
  const home = useHome();
  const featuredProducts = useFeaturedProducts();
  const featuredBrands = useFeaturedBrands();
  useDocumentTitle(null);
  const siteTitle = settingText(settings?.siteTitle, DEFAULT_SITE_TITLE);
  const hero = ownerHero(settings);
  // the page is drawn once its reads have settled, so nothing moves when they arrive
  const loading = home.isLoading || featuredProducts.isLoading || featuredBrands.isLoading || settingsLoading;

  const slot = (section: { kind: SlotKind; carousel?: boolean }): ReactNode => {
    switch (section.kind) {
      case 'hero': {
        const featured = section.carousel ? (featuredProducts.data ?? []) : [];
        return featured.length > 0 ? (
          <>
            {hero ? <SiteHeroBand hero={hero} fallbackTitle={siteTitle} /> : null}
            <HeroCarousel products={featured} />
          </>
        ) : (
          <SiteHero hero={hero} fallbackTitle={siteTitle} />
        );
      }
      case 'finder':
        return <FinderInvite />;
      case 'brands':
        return <FeaturedBrands brands={featuredBrands.data ?? []} />;
      case 'features':
        return <FeaturesSection settings={settings} />;
    }
  };

  return (
    <>
      <h1 className="sr-only">{siteTitle}</h1>
      {loading ? (
        <div className="h-[400px] animate-pulse bg-gray-800 md:h-[600px]" role="status" aria-label="Loading featured products" />
      ) : (
        <HomeSections sections={home.data?.sections ?? FALLBACK} slot={slot} />
      )}
    </>
  );
}
