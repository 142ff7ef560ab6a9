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

/**
 * Work on the same key runs one call at a time, in arrival order; work on other keys is not held
 * up. A call naming several keys takes them in ascending order, so two calls never wait on each other.
 *
 * Why: the payments for one product all lock its row in the database. Twenty of them waiting there at
 * once cost PostgreSQL about a third more CPU per payment than four (each commit wakes every waiter to
 * try again); waiting here costs nothing, and the database sees one payment per product per process.
 */
export function createKeyedQueue() {
  const tails = new Map<number, Promise<void>>();

  async function take(key: number): Promise<() => void> {
    const previous = tails.get(key);
    let release!: () => void;
    const mine = new Promise<void>((resolve) => (release = resolve));
    tails.set(key, mine);
    if (previous) await previous;
    return () => {
      // the last in line leaves nothing behind, so the map holds only keys with work queued
      if (tails.get(key) === mine) tails.delete(key);
      release();
    };
  }

  return async function run<T>(keys: readonly number[], work: () => Promise<T>): Promise<T> {
    const releases: Array<() => void> = [];
    try {
      for (const key of [...new Set(keys)].sort((a, b) => a - b)) releases.push(await take(key));
      return await work();
    } finally {
      for (const release of releases) release();
    }
  };
}
