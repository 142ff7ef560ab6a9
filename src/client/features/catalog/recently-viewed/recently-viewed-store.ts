import { useSyncExternalStore } from 'react';

// The products this browser has opened, newest first (decision 062): kept in localStorage only, never sent
// to the server, so it costs no write and needs no consent. What a tile shows is kept with the id, so the
// row draws without a read; a product since deleted or renamed is corrected when its page is opened again.

const KEY = 'recently-viewed';
export const MAX_RECENT = 8;

export interface Viewed {
  id: number;
  slug: string;
  name: string;
  imageUrl: string | null;
}

// Checked by hand, not with zod: zod would be most of the product page's script (decision 068).
function asViewed(value: unknown): Viewed | null {
  if (typeof value !== 'object' || value === null) return null;
  const { id, slug, name, imageUrl } = value as Record<string, unknown>;
  if (!Number.isInteger(id) || (id as number) <= 0 || typeof slug !== 'string' || typeof name !== 'string') return null;
  if (imageUrl !== null && typeof imageUrl !== 'string') return null;
  return { id: id as number, slug, name, imageUrl };
}

const listeners = new Set<() => void>();

function readText(): string {
  try {
    return localStorage.getItem(KEY) ?? '';
  } catch {
    return '';
  }
}

/** The stored list, or nothing when it is missing or not what this code wrote (another version, a hand edit). */
export function parseViewed(text: string): Viewed[] {
  if (!text) return [];
  try {
    const parsed: unknown = JSON.parse(text);
    if (!Array.isArray(parsed)) return [];
    const list = parsed.map(asViewed);
    return list.every((entry) => entry !== null) ? list.slice(0, MAX_RECENT) : [];
  } catch {
    return [];
  }
}

/** The list after opening `product`: it moves to the front, once, and the oldest beyond the limit drops off. */
export function withViewed(list: readonly Viewed[], product: Viewed): Viewed[] {
  return [product, ...list.filter((entry) => entry.id !== product.id)].slice(0, MAX_RECENT);
}

export function recordViewed(product: Viewed): void {
  try {
    localStorage.setItem(KEY, JSON.stringify(withViewed(parseViewed(readText()), product)));
  } catch {
    // storage refused (private mode): nothing is remembered
  }
  for (const listener of listeners) listener();
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

/** Empty while the server renders and the page hydrates (the server cannot know), then this browser's list. */
export function useRecentlyViewed(): Viewed[] {
  const text = useSyncExternalStore(subscribe, readText, () => '');
  return parseViewed(text);
}
