import { Link } from 'wouter';
import { buttonClasses } from '#client/components/ui/button.tsx';
import { ProductImage } from '#client/components/ui/product-image.tsx';
import type { SiteHeroContent } from './site-hero.ts';

// The owner's image is never the featured carousel's LCP image: above the carousel it is a small
// picture (the 400 px thumbnail, loaded lazily at normal priority, so the preloaded product image goes first);
// it is the page's largest only when nothing is featured, and then it is asked for at high priority.
const BAND_IMAGE_SIZES = '(max-width: 767px) 112px, 160px';

/** Above the featured carousel: the owner's hero title, description and image, in a band of fixed height (no layout shift). */
export function SiteHeroBand({ hero, fallbackTitle }: { hero: SiteHeroContent; fallbackTitle: string }) {
  return (
    <section aria-label="Welcome" className="border-b border-gray-200 bg-white">
      <div className="mx-auto flex h-40 max-w-7xl items-center gap-4 px-4 sm:px-6 md:h-48 md:gap-8 lg:px-8">
        <div className="min-w-0 flex-1">
          <h2 className="line-clamp-2 text-xl leading-tight font-extrabold tracking-tight text-gray-900 md:text-3xl">{hero.title ?? fallbackTitle}</h2>
          {hero.description ? <p className="mt-2 line-clamp-2 text-sm text-gray-700 md:line-clamp-3 md:text-base">{hero.description}</p> : null}
        </div>
        {hero.imageUrl ? (
          <ProductImage
            src={hero.imageUrl}
            alt=""
            width={160}
            height={160}
            sizes={BAND_IMAGE_SIZES}
            className="h-28 w-28 shrink-0 rounded-lg md:h-40 md:w-40"
          />
        ) : null}
      </div>
    </section>
  );
}

/** With nothing featured the owner's hero is the whole first screen, their image behind the text. */
export function SiteHero({ hero, fallbackTitle }: { hero: SiteHeroContent | null; fallbackTitle: string }) {
  return (
    <section className="relative flex h-[400px] items-center overflow-hidden bg-gradient-to-br from-primary-deep to-gray-900 text-white md:h-[600px]">
      {hero?.imageUrl ? (
        <>
          <ProductImage src={hero.imageUrl} alt="" width={1200} height={600} sizes="100vw" priority className="absolute inset-0 h-full w-full" />
          {/* keeps the white text readable on any photo */}
          <div aria-hidden="true" className="absolute inset-0 bg-gradient-to-br from-gray-900/85 to-gray-900/60" />
        </>
      ) : null}
      <div className="relative mx-auto w-full max-w-7xl px-6 sm:px-10">
        <p className="text-4xl font-extrabold md:text-6xl">{hero?.title ?? fallbackTitle}</p>
        {hero?.description ? <p className="mt-4 max-w-xl text-lg opacity-90">{hero.description}</p> : null}
        <Link href="/shop" className={buttonClasses('accent', 'lg', 'mt-8')}>
          Shop Now
        </Link>
      </div>
    </section>
  );
}
