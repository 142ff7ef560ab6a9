import { useEffect } from 'react';
import useEmblaCarousel, { type UseEmblaCarouselType } from 'embla-carousel-react';

export type CarouselApi = NonNullable<UseEmblaCarouselType[1]>;

/**
 * A carousel's scrolling engine (embla), bound to a viewport the page already rendered (the home page's
 * hero, a product's gallery). Loaded only when the shopper first reaches for the carousel: the first
 * load stays small, and the page's start does not spend its time setting up a swipe nobody made yet.
 */
export default function CarouselEngine({ viewport, loop, onReady }: { viewport: HTMLElement; loop: boolean; onReady: (api: CarouselApi | null) => void }) {
  const [bindViewport, api] = useEmblaCarousel({ loop });
  useEffect(() => {
    bindViewport(viewport);
  }, [bindViewport, viewport]);
  useEffect(() => {
    onReady(api ?? null);
  }, [api, onReady]);
  return null;
}
