import { useSyncExternalStore } from 'react';
import { CouponResult } from '#common/schemas/checkout.ts';

// The coupon is applied on the cart and paid for on /checkout, two pages: it is kept for the tab (session
// storage) so a reload or the way back to the cart keeps it. The server checks it again when the payment is made.
const COUPON_STORAGE_KEY = 'pickleball-checkout-coupon';

function load(): CouponResult | null {
  try {
    const parsed = CouponResult.safeParse(JSON.parse(window.sessionStorage.getItem(COUPON_STORAGE_KEY) ?? 'null'));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

let applied: CouponResult | null = typeof window === 'undefined' ? null : load();
const listeners = new Set<() => void>();

/** Applies a coupon (or takes it off with null) for the cart and checkout alike. */
export function setAppliedCoupon(coupon: CouponResult | null): void {
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
