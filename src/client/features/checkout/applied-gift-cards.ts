import { useSyncExternalStore } from 'react';
import type { AppliedGiftCard } from './gift-card-tender.ts';

// The gift cards applied on /checkout. Kept in memory only, never in storage: a code is a bearer secret, so a
// reload asks for it again rather than leaving it in the browser. The server checks and holds the cards when
// the payment is made.

const EMPTY: readonly AppliedGiftCard[] = [];
let applied: readonly AppliedGiftCard[] = EMPTY;
const listeners = new Set<() => void>();

function publish(next: readonly AppliedGiftCard[]): void {
  applied = next;
  for (const listener of listeners) listener();
}

/** Adds a card (a code already applied is replaced by its fresh balance). */
export function applyGiftCard(card: AppliedGiftCard): void {
  publish([...applied.filter((other) => other.code !== card.code), card]);
}

export function removeGiftCard(code: string): void {
  publish(applied.filter((card) => card.code !== code));
}

export function clearGiftCards(): void {
  publish(EMPTY);
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useAppliedGiftCards(): readonly AppliedGiftCard[] {
  return useSyncExternalStore(
    subscribe,
    () => applied,
    () => EMPTY,
  );
}
