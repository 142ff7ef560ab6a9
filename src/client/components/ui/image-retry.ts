/** The same address with a cache-busting query, for the one retry of a broken image. */
export function cacheBustedUrl(url: string, stamp: number = Date.now()): string {
  return `${url}${url.includes('?') ? '&' : '?'}retry=${stamp}`;
}
