import { lazy, Suspense, useCallback, useEffect, useState } from 'react';
import { ChevronLeft, ChevronRight } from '#client/components/ui/icons.tsx';
import { Link } from 'wouter';
import type { Product } from '#common/schemas/catalog.ts';
import { formatPrice } from '#common/money.ts';
import { productPath } from '#common/slug.ts';
import { HERO_IMAGE_SIZES } from '#common/images.ts';
import { buttonClasses } from '#client/components/ui/button.tsx';
import { cn } from '#client/lib/cn.ts';
import { ProductImage } from '#client/components/ui/product-image.tsx';
import type { CarouselApi } from './carousel-engine.tsx';

const CarouselEngine = lazy(() => import('./carousel-engine.tsx'));

// here rather than in #common/constants.ts: that module is shared with the address forms' lazy chunks, so
// importing it put its list of US states into the home page's first bundle
const HERO_MAX_PRODUCTS = 4;
const heroHeight = 'h-[400px] md:h-[600px]';

/** Home: at most the first 4 featured products; 400 px tall on mobile, 600 px on desktop. */
export function HeroCarousel({ products }: { products: Product[] }) {
  const slides = products.slice(0, HERO_MAX_PRODUCTS);
  const [viewport, setViewport] = useState<HTMLDivElement | null>(null);
  const [embla, setEmbla] = useState<CarouselApi | null>(null);
  // the engine loads on the first touch, hover, focus or arrow click; until then the first slide simply shows
  const [engineWanted, setEngineWanted] = useState(false);
  const [pendingSlide, setPendingSlide] = useState<number | null>(null);
  const [selected, setSelected] = useState(0);
  const multiple = slides.length > 1;
  const wantEngine = () => setEngineWanted(true);

  useEffect(() => {
    if (!embla) return;
    const onSelect = () => setSelected(embla.selectedScrollSnap());
    embla.on('select', onSelect);
    return () => {
      embla.off('select', onSelect);
    };
  }, [embla]);

  useEffect(() => {
    if (embla && pendingSlide !== null) {
      embla.scrollTo(pendingSlide);
      setPendingSlide(null);
    }
  }, [embla, pendingSlide]);

  const goTo = useCallback(
    (index: number) => {
      const target = (index + slides.length) % slides.length;
      if (embla) embla.scrollTo(target);
      else {
        setEngineWanted(true);
        setPendingSlide(target);
      }
    },
    [embla, slides.length],
  );

  return (
    <section
      aria-roledescription="carousel"
      aria-label="Featured products"
      className={cn('relative overflow-hidden bg-gradient-to-br from-gray-900 via-gray-900 to-primary-deep', heroHeight)}
      onPointerEnter={multiple ? wantEngine : undefined}
      onTouchStart={multiple ? wantEngine : undefined}
      onFocus={multiple ? wantEngine : undefined}
    >
      {multiple && engineWanted && viewport ? (
        <Suspense fallback={null}>
          <CarouselEngine viewport={viewport} loop onReady={setEmbla} />
        </Suspense>
      ) : null}
      <div ref={setViewport} className="h-full overflow-hidden">
        <div className="flex h-full">
          {slides.map((product, index) => (
            <div
              key={product.id}
              role="group"
              aria-roledescription="slide"
              aria-label={`${index + 1} of ${slides.length}`}
              aria-hidden={index !== selected}
              inert={index !== selected}
              className="relative h-full min-w-0 flex-[0_0_100%]"
            >
              <div className="mx-auto flex h-full max-w-7xl flex-col md:grid md:grid-cols-2 md:items-center md:gap-10 md:px-20">
                <div className="relative min-h-0 flex-1 md:order-2 md:h-[480px] md:flex-none">
                  <ProductImage
                    src={product.imageUrl}
                    alt={product.name}
                    width={600}
                    height={600}
                    sizes={HERO_IMAGE_SIZES}
                    priority={index === 0}
                    fit="contain"
                    className="absolute inset-0 h-full w-full p-4 md:p-0"
                  />
                </div>
                <div className="shrink-0 px-6 pt-2 pb-12 text-white md:order-1 md:p-0">
                  <p className="text-xs font-semibold tracking-widest text-yellow-300 uppercase md:text-sm">
                    {product.brand?.name ? `Featured · ${product.brand.name}` : 'Featured'}
                  </p>
                  <h2 className="mt-1 text-2xl leading-tight font-extrabold md:mt-3 md:text-5xl">{product.name}</h2>
                  {product.description ? <p className="mt-4 hidden max-w-lg text-lg text-white/80 md:line-clamp-3">{product.description}</p> : null}
                  <div className="mt-2 flex items-center gap-4 md:mt-6">
                    <p className="text-xl font-bold md:text-3xl">{formatPrice(product.price)}</p>
                    <Link href={productPath(product)} className={buttonClasses('accent', 'default', 'md:h-12 md:px-6 md:text-base')}>
                      Shop Now
                    </Link>
                  </div>
                </div>
              </div>
            </div>
          ))}
        </div>
      </div>
      {multiple ? (
        <>
          <button
            type="button"
            aria-label="Previous slide"
            onClick={() => goTo(selected - 1)}
            className="absolute top-1/2 left-3 hidden h-11 w-11 -translate-y-1/2 cursor-pointer items-center justify-center rounded-full bg-white/80 text-gray-900 shadow hover:bg-white focus-visible:outline-2 focus-visible:outline-white sm:flex"
          >
            <ChevronLeft className="h-6 w-6" aria-hidden="true" />
          </button>
          <button
            type="button"
            aria-label="Next slide"
            onClick={() => goTo(selected + 1)}
            className="absolute top-1/2 right-3 hidden h-11 w-11 -translate-y-1/2 cursor-pointer items-center justify-center rounded-full bg-white/80 text-gray-900 shadow hover:bg-white focus-visible:outline-2 focus-visible:outline-white sm:flex"
          >
            <ChevronRight className="h-6 w-6" aria-hidden="true" />
          </button>
          <div className="absolute inset-x-0 bottom-1 flex justify-center md:bottom-4 md:gap-1">
            {slides.map((product, index) => (
              <button
                key={product.id}
                type="button"
                aria-label={`Go to slide ${index + 1}`}
                aria-current={index === selected}
                onClick={() => goTo(index)}
                className="flex h-11 w-11 cursor-pointer items-center justify-center focus-visible:outline-2 focus-visible:outline-white md:h-6 md:w-6"
              >
                <span className={cn('block h-2.5 rounded-full transition-all', index === selected ? 'w-6 bg-white' : 'w-2.5 bg-white/60')} />
              </button>
            ))}
          </div>
        </>
      ) : null}
    </section>
  );
}
