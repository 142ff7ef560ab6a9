import { Link } from 'wouter';
import { DEFAULT_SITE_TITLE, settingText, useSiteSettings } from '#client/lib/site-settings.ts';
import { useDocumentTitle } from '#client/lib/use-document-title.ts';
import { buttonClasses } from '#client/components/ui/button.tsx';
import { useFeaturedProducts } from '../api/get-featured-products.ts';
import { useFeaturedBrands } from '../api/get-featured-brands.ts';
import { HeroCarousel } from '../components/hero-carousel.tsx';
import { FeaturedBrands } from '../components/featured-brands.tsx';
import { FeaturesSection } from '../components/features-section.tsx';

/** Home: hero carousel, featured brands, features section. */
export default function HomePage() {
  const { data: settings, isLoading: settingsLoading } = useSiteSettings();
  const featuredProducts = useFeaturedProducts();
  const featuredBrands = useFeaturedBrands();
  useDocumentTitle(null);
  const siteTitle = settingText(settings?.siteTitle, DEFAULT_SITE_TITLE);

  return (
    <>
      <h1 className="sr-only">{siteTitle}</h1>
      {featuredProducts.isLoading ? (
        <div className="h-[400px] animate-pulse bg-gray-800 md:h-[600px]" role="status" aria-label="Loading featured products" />
      ) : featuredProducts.data && featuredProducts.data.length > 0 ? (
        <HeroCarousel products={featuredProducts.data} />
      ) : (
        <section className="flex h-[400px] items-center bg-gradient-to-br from-primary to-gray-900 text-white md:h-[600px]">
          <div className="mx-auto max-w-7xl px-6 sm:px-10">
            <p className="text-4xl font-extrabold md:text-6xl">{settingText(settings?.heroTitle, siteTitle)}</p>
            {settings?.heroDescription ? <p className="mt-4 max-w-xl text-lg opacity-90">{settings.heroDescription}</p> : null}
            <Link href="/shop" className={buttonClasses('accent', 'lg', 'mt-8')}>
              Shop Now
            </Link>
          </div>
        </section>
      )}
      {/* below the hero, sections appear once their data has settled, in their final place (no layout shift) */}
      {featuredBrands.isLoading ? null : <FeaturedBrands brands={featuredBrands.data ?? []} />}
      {settingsLoading || featuredBrands.isLoading ? null : <FeaturesSection settings={settings} />}
    </>
  );
}
