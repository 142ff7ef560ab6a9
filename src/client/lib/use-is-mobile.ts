import { useSyncExternalStore } from 'react';
import { MOBILE_BREAKPOINT_PX } from '#common/constants.ts';

// spec/storefront.md §9: below 768 px is mobile; it also decides the shop's filter layout.
const query = `(max-width: ${MOBILE_BREAKPOINT_PX - 1}px)`;

function subscribe(listener: () => void): () => void {
  const media = window.matchMedia(query);
  media.addEventListener('change', listener);
  return () => media.removeEventListener('change', listener);
}

export function useIsMobile(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => window.matchMedia(query).matches,
    () => false,
  );
}
