/**
 * The shop's return window in one sentence, the same on product pages, the policies page and the
 * order confirmation (decision 027); null when the shop takes no returns (0 days).
 */
export function returnWindowSentence(windowDays: number): string | null {
  if (windowDays <= 0) return null;
  return `Returns within ${windowDays} day${windowDays === 1 ? '' : 's'} of delivery: ask for one from your order page.`;
}
