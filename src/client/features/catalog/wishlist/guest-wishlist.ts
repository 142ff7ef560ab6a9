import { useSyncExternalStore } from 'react';
import { MAX_WISHLIST } from '#common/schemas/wishlist-limit.ts';

// A guest's wishlist: variant ids in this browser's localStorage (decision 062), newest first, merged into
// the account the first time the shopper is seen signed in, then emptied.

const KEY = 'wishlist-variants';
const listeners = new Set<() => void>();

function readText(): string {
  try {
    return localStorage.getItem(KEY) ?? '';
  } catch {
    return '';
  }
}

/** The stored ids; anything else in the key (a hand edit, another version) reads as an empty list. */
function parseGuestWishlist(text: string): number[] {
  const ids = text
    .split(',')
    .filter((part) => /^[1-9]\d{0,9}$/.test(part))
    .map(Number);
  return [...new Set(ids)].slice(0, MAX_WISHLIST);
}

function write(ids: readonly number[]): void {
  try {
    if (ids.length === 0) localStorage.removeItem(KEY);
    else localStorage.setItem(KEY, ids.join(','));
  } catch {
    // storage refused (private mode): the heart lasts for this page only
  }
  for (const listener of listeners) listener();
}

export const readGuestWishlist = () => parseGuestWishlist(readText());
export const clearGuestWishlist = () => write([]);

/** Adds or removes one variant; a full list keeps its newest `MAX_WISHLIST`. */
export function toggleGuestWishlist(variantId: number): void {
  const ids = readGuestWishlist();
  write(ids.includes(variantId) ? ids.filter((id) => id !== variantId) : [variantId, ...ids].slice(0, MAX_WISHLIST));
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  const onStorage = (event: StorageEvent) => {
    if (event.key === KEY) listener();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

/** Empty while the server renders and the page hydrates, then this browser's list. */
export function useGuestWishlist(): number[] {
  return parseGuestWishlist(useSyncExternalStore(subscribe, readText, () => ''));
}
