import { DEFAULT_SITE_TITLE, settingText, useSiteSettings } from '#client/lib/site-settings.ts';
import { useDocumentTitle } from '#client/lib/use-document-title.ts';
import { useFeaturedProducts } from '../api/get-featured-products.ts';
import { useFeaturedBrands } from '../api/get-featured-brands.ts';
import { HeroCarousel } from '../components/hero-carousel.tsx';
import { FeaturedBrands } from '../components/featured-brands.tsx';
import { FeaturesSection } from '../components/features-section.tsx';
import { FinderInvite } from '../components/finder-invite.tsx';
import { ownerHero } from '../components/site-hero.ts';
import { SiteHero, SiteHeroBand } from '../components/site-hero-sections.tsx';

/** Home: the owner's hero (a band above the featured carousel, or the whole first screen when nothing is featured), featured brands, features section. */
export default function HomePage() {
  const { data: settings, isLoading: settingsLoading } = useSiteSettings();
  const featuredProducts = useFeaturedProducts();
  const featuredBrands = useFeaturedBrands();
  useDocumentTitle(null);
  const siteTitle = settingText(settings?.siteTitle, DEFAULT_SITE_TITLE);
  const hero = ownerHero(settings);
  // the top of the page is drawn once both reads have settled, so nothing below it moves when they arrive
  const heroLoading = featuredProducts.isLoading || settingsLoading;

  return (
    <>
      <h1 className="sr-only">{siteTitle}</h1>
      {heroLoading ? (
        <div className="h-[400px] animate-pulse bg-gray-800 md:h-[600px]" role="status" aria-label="Loading featured products" />
      ) : featuredProducts.data && featuredProducts.data.length > 0 ? (
        <>
          {hero ? <SiteHeroBand hero={hero} fallbackTitle={siteTitle} /> : null}
          <HeroCarousel products={featuredProducts.data} />
        </>
      ) : (
        <SiteHero hero={hero} fallbackTitle={siteTitle} />
      )}
      {/* below the hero, sections appear once their data and the hero's have settled, in their final place (no layout shift) */}
      {heroLoading ? null : <FinderInvite />}
      {heroLoading || featuredBrands.isLoading ? null : <FeaturedBrands brands={featuredBrands.data ?? []} />}
      {heroLoading || featuredBrands.isLoading ? null : <FeaturesSection settings={settings} />}
    </>
  );
}
