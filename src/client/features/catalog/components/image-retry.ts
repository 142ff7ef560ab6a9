/** The same address with a cache-busting query, for the one retry of a broken image (spec/storefront.md §2). */
export function cacheBustedUrl(url: string, stamp: number = Date.now()): string {
  return `${url}${url.includes('?') ? '&' : '?'}retry=${stamp}`;
}
