import { lazy, Suspense, useCallback, useEffect, useState, type KeyboardEvent } from 'react';
import { ZoomIn } from 'lucide-react';
import type { ProductImage as GalleryImage } from '#common/schemas/catalog-model.ts';
import { PRODUCT_PAGE_IMAGE_SIZES, thumbnailUrl } from '#common/images.ts';
import { cn } from '#client/lib/cn.ts';
import { ProductImage } from '#client/components/ui/product-image.tsx';
import { useHydrated } from '#client/lib/use-hydrated.ts';
import type { CarouselApi } from './carousel-engine.tsx';

const GalleryLightbox = lazy(() => import('./gallery-lightbox.tsx'));
const CarouselEngine = lazy(() => import('./carousel-engine.tsx'));

const altOf = (image: GalleryImage, name: string, index: number) => image.alt.trim() || `${name}, image ${index + 1}`;

function arrowStep(event: KeyboardEvent): number {
  if (event.key === 'ArrowRight') return 1;
  if (event.key === 'ArrowLeft') return -1;
  return 0;
}

/**
 * The product's gallery: the main image (swiped on touch), thumbnails, and a zoomed view. Arrow
 * keys step through the images in both; Esc closes the zoomed view. It shows the chosen variant's image.
 */
export function ProductGallery({ images, name, activeImageId }: { images: GalleryImage[]; name: string; activeImageId: number | null }) {
  const [index, setIndex] = useState(0);
  const [zoomed, setZoomed] = useState(false);
  const [opened, setOpened] = useState(false);
  const [viewport, setViewport] = useState<HTMLDivElement | null>(null);
  const [carousel, setCarousel] = useState<CarouselApi | null>(null);
  // the swipe engine loads on the first touch, hover or focus, or when another image is to be shown
  const [engineWanted, setEngineWanted] = useState(false);
  // The other slides and the thumbnails are asked for once the app runs, which paint-first starts after the
  // first image is shown: sent with the page, they took the slow phone network's bandwidth from that image
  // (LCP 1.6-1.8 s on a paddle with four pictures, issue 35). Until then they hold their place, empty.
  const restWanted = useHydrated();
  const count = images.length;
  const wantEngine = count > 1 ? () => setEngineWanted(true) : undefined;

  const go = useCallback((next: number) => setIndex(Math.min(Math.max(next, 0), Math.max(count - 1, 0))), [count]);

  useEffect(() => {
    if (carousel) {
      if (carousel.selectedScrollSnap() !== index) carousel.scrollTo(index);
    } else if (index !== 0) {
      // until its engine is there the carousel shows the first image
      setEngineWanted(true);
    }
  }, [carousel, index]);

  useEffect(() => {
    if (!carousel) return;
    const follow = () => setIndex(carousel.selectedScrollSnap());
    carousel.on('select', follow);
    return () => {
      carousel.off('select', follow);
    };
  }, [carousel]);

  useEffect(() => {
    const target = images.findIndex((image) => image.id === activeImageId);
    if (target >= 0) go(target);
  }, [activeImageId, images, go]);

  if (count === 0) {
    return (
      <div className="overflow-hidden rounded-xl border border-gray-200 bg-white">
        <ProductImage src={null} alt={name} width={800} height={800} sizes={PRODUCT_PAGE_IMAGE_SIZES} className="aspect-square w-full" />
      </div>
    );
  }

  const current = images[index] ?? images[0]!;
  const onKeyDown = (event: KeyboardEvent) => {
    const step = arrowStep(event);
    if (step === 0) return;
    event.preventDefault();
    go(index + step);
  };

  return (
    <div className="grid content-start gap-3">
      <div
        role="region"
        aria-roledescription="carousel"
        aria-label={`${name} images`}
        tabIndex={count > 1 ? 0 : undefined}
        onKeyDown={onKeyDown}
        onPointerEnter={wantEngine}
        onTouchStart={wantEngine}
        onFocus={wantEngine}
        className="relative overflow-hidden rounded-xl border border-gray-200 bg-white focus-visible:outline-2 focus-visible:outline-primary"
      >
        {engineWanted && viewport ? (
          <Suspense fallback={null}>
            <CarouselEngine viewport={viewport} loop={false} onReady={setCarousel} />
          </Suspense>
        ) : null}
        <div ref={setViewport} className="overflow-hidden">
          <div className="flex touch-pan-y">
            {images.map((image, i) => (
              <div
                key={image.id}
                className="min-w-0 shrink-0 grow-0 basis-full"
                role="group"
                aria-roledescription="slide"
                aria-label={`${i + 1} of ${count}`}
                aria-hidden={i !== index}
              >
                <button
                  type="button"
                  tabIndex={i === index ? 0 : -1}
                  onClick={() => {
                    setOpened(true);
                    setZoomed(true);
                  }}
                  aria-label={`Zoom in: ${altOf(image, name, i)}`}
                  className="block w-full cursor-zoom-in focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-primary"
                >
                  {i === 0 || restWanted ? (
                    <ProductImage
                      src={image.url}
                      alt={altOf(image, name, i)}
                      width={800}
                      height={800}
                      sizes={PRODUCT_PAGE_IMAGE_SIZES}
                      priority={i === 0}
                      className="aspect-square w-full"
                    />
                  ) : (
                    <span className="block aspect-square w-full bg-gray-100" />
                  )}
                </button>
              </div>
            ))}
          </div>
        </div>
        <span className="pointer-events-none absolute right-3 bottom-3 flex items-center gap-1 rounded-full bg-white/90 px-2 py-1 text-xs text-gray-700 shadow">
          <ZoomIn className="h-3.5 w-3.5" aria-hidden="true" />
          {count > 1 ? `${index + 1} / ${count}` : 'Zoom'}
        </span>
      </div>

      {count > 1 ? (
        <ul className="flex gap-2 overflow-x-auto" aria-label="Choose an image">
          {images.map((image, i) => (
            <li key={image.id} className="shrink-0">
              <button
                type="button"
                onClick={() => go(i)}
                aria-label={`Show image ${i + 1} of ${count}: ${altOf(image, name, i)}`}
                aria-current={i === index}
                className={cn(
                  'block h-16 w-16 overflow-hidden rounded-md border-2 bg-white focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary md:h-20 md:w-20',
                  i === index ? 'border-gray-900' : 'border-gray-200 hover:border-gray-400',
                )}
              >
                {restWanted ? (
                  <img src={thumbnailUrl(image.url) ?? image.url} alt="" width={80} height={80} loading="lazy" className="h-full w-full object-cover" />
                ) : null}
              </button>
            </li>
          ))}
        </ul>
      ) : null}

      {/* the zoomed view's code loads on the first zoom, then stays (closing keeps Radix's focus return) */}
      {opened ? (
        <Suspense fallback={null}>
          <GalleryLightbox
            open={zoomed}
            onOpenChange={setZoomed}
            name={name}
            image={current}
            alt={altOf(current, name, index)}
            index={index}
            count={count}
            go={go}
            onKeyDown={onKeyDown}
          />
        </Suspense>
      ) : null}
    </div>
  );
}
