import { useEffect } from 'react';
import useEmblaCarousel, { type UseEmblaCarouselType } from 'embla-carousel-react';

export type CarouselApi = NonNullable<UseEmblaCarouselType[1]>;

/**
 * The carousel's scrolling engine (embla), bound to a viewport the hero already rendered.
 * Loaded only when the shopper first reaches for the carousel, so the home page's first load stays small.
 */
export default function HeroCarouselEngine({ viewport, loop, onReady }: { viewport: HTMLElement; loop: boolean; onReady: (api: CarouselApi | null) => void }) {
  const [bindViewport, api] = useEmblaCarousel({ loop });
  useEffect(() => {
    bindViewport(viewport);
  }, [bindViewport, viewport]);
  useEffect(() => {
    onReady(api ?? null);
  }, [api, onReady]);
  return null;
}
