// Apart from wishlist.ts so the browser's wishlist (guest-wishlist.ts) takes the limit without zod (decision 068).

/** At most this many variants on one account; a guest's list merged at sign-in sends at most as many. */
export const MAX_WISHLIST = 100;
