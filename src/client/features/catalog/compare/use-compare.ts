import { useSyncExternalStore } from 'react';
import { MAX_COMPARE } from '#common/catalog-listing-terms.ts';

// The products a shopper has picked to compare, kept in this browser (sessionStorage) so the pick survives
// moving between the shop and product pages; the compare page itself reads its set from the address.

const KEY = 'compare-ids';
const listeners = new Set<() => void>();

function read(): string {
  try {
    return sessionStorage.getItem(KEY) ?? '';
  } catch {
    return '';
  }
}

function write(ids: number[]): void {
  try {
    sessionStorage.setItem(KEY, ids.join(','));
  } catch {
    // storage refused (private mode): the pick lasts for this page only
  }
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The compare pick: its ids, whether one is in it, and toggling (at most four; a fifth is refused). */
export function useCompare() {
  const text = useSyncExternalStore(subscribe, read, () => '');
  const ids = text.split(',').filter(Boolean).map(Number);
  return {
    ids,
    has: (id: number) => ids.includes(id),
    isFull: ids.length >= MAX_COMPARE,
    toggle: (id: number) => write(ids.includes(id) ? ids.filter((other) => other !== id) : ids.length >= MAX_COMPARE ? ids : [...ids, id]),
    clear: () => write([]),
  };
}
