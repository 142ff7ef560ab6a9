import { useSyncExternalStore } from 'react';
import type { CouponResult } from '#common/schemas/checkout.ts';

// The coupon is applied on the cart and paid for on /checkout, two pages: it is kept for the tab (session
// storage) so a reload or the way back to the cart keeps it. The server checks it again when the payment is made.
const COUPON_STORAGE_KEY = 'pickleball-checkout-coupon';

let applied: CouponResult | null = null;
// set once the shopper applies or removes a coupon: a stored one read later must not override it
let chosenHere = false;

function stored(): string | null {
  try {
    return window.sessionStorage.getItem(COUPON_STORAGE_KEY);
  } catch {
    return null;
  }
}

/**
 * Takes back the tab's stored coupon. Its schema (and zod with it, decision 068) loads only when a coupon is
 * stored, so the cart's first load does not carry it; the server and hydration draw none either way.
 */
async function restore(text: string): Promise<void> {
  const { CouponResult } = await import('#common/schemas/checkout.ts');
  let parsed;
  try {
    parsed = CouponResult.safeParse(JSON.parse(text));
  } catch {
    return;
  }
  if (!parsed.success || chosenHere) return;
  applied = parsed.data;
  for (const listener of listeners) listener();
}

const listeners = new Set<() => void>();

/** Applies a coupon (or takes it off with null) for the cart and checkout alike. */
export function setAppliedCoupon(coupon: CouponResult | null): void {
  chosenHere = true;
  applied = coupon;
  try {
    if (coupon) window.sessionStorage.setItem(COUPON_STORAGE_KEY, JSON.stringify(coupon));
    else window.sessionStorage.removeItem(COUPON_STORAGE_KEY);
  } catch {
    // storage refused (private mode): the coupon holds for this page's life
  }
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The coupon applied to this cart, or null; the server (and hydration) draws none. */
export function useAppliedCoupon(): CouponResult | null {
  return useSyncExternalStore(
    subscribe,
    () => applied,
    () => null,
  );
}

const storedCoupon = typeof window === 'undefined' ? null : stored();
if (storedCoupon !== null) void restore(storedCoupon);
