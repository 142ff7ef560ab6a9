import { useSyncExternalStore } from 'react';

const subscribeToNothing = () => () => {};

/**
 * False while the server renders the page and while the browser hydrates it, true from the render after:
 * a page built from the browser's own storage (the cart) draws its placeholder until then, not an empty cart.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribeToNothing,
    () => true,
    () => false,
  );
}
