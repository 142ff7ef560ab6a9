/**
 * At most `max` calls of a piece of work run at once; the others wait in arrival order.
 *
 * Why (docs/performance.md, 1,000 shoppers pressing Pay at once): without a limit every request starts at
 * once and their database queries queue phase by phase (all 1,000 price lookups, then all 1,000
 * settings reads, ...), so even the first shopper's order finishes only when nearly everyone's does.
 * With a limit, requests finish in arrival order at the same total throughput.
 */
export function createConcurrencyLimit(max: number) {
  if (!Number.isInteger(max) || max < 1) throw new Error('max must be a positive integer');
  let running = 0;
  const waiting: Array<() => void> = [];

  const release = () => {
    const next = waiting.shift();
    if (next) next();
    else running -= 1;
  };

  return async function run<T>(work: () => Promise<T>): Promise<T> {
    if (running < max) running += 1;
    // the slot is handed over by release(), so running stays counted while we wait
    else await new Promise<void>((resolve) => waiting.push(resolve));
    try {
      return await work();
    } finally {
      release();
    }
  };
}
