// The growth tier's catalogue change (decision 073): the owner features, unfeatures or renames a product, which
// empties the kept catalogue; the next shop page reads it afresh, and after a rename the next search reads the
// products' words too (hundreds of ms each at 50,000 products; featuring leaves the words, and the search index is
// kept). Those reads must not hold the other shoppers: product reads offered at a constant rate throughout, against
// the same reads without changes.
import os from 'node:os';
import type { ConstantRateResult } from './constant-rate.ts';
import { runLoad } from './run-load.ts';
import { round } from './stats.ts';

const READ_RATE = 50;
const CHANGES = 5;
const SECONDS_BETWEEN = 2;

export interface GrowthChange {
  changes: number;
  /** the first shop page after each change, in ms */
  firstListingMs: number[];
  /** the first search after each change (right after that shop page), in ms (absent in older results) */
  firstSearchMs?: number[];
  readsPerSecond: number;
  without: { latencyP99Ms: number; latencyMaxMs: number; answered: number };
  during: { latencyP99Ms: number; latencyMaxMs: number; answered: number; non2xx: number; errors: number; slowest: ConstantRateResult['slowest'] };
  loadAverage: number;
}

const summary = (result: ConstantRateResult) => ({
  latencyP99Ms: round(result.latencyP99Ms, 1),
  latencyMaxMs: round(result.latencyMaxMs, 1),
  answered: result.ok2xx + result.non2xx,
});

export async function measureCatalogueChange(shopUrl: string, cookie: string, productIds: readonly number[]): Promise<GrowthChange> {
  const seconds = CHANGES * SECONDS_BETWEEN + 2;
  const load = () =>
    runLoad({
      kind: 'constant-rate',
      url: shopUrl,
      paths: productIds.map((id) => `/api/products/${id}`),
      ratePerSecond: READ_RATE,
      durationSeconds: seconds,
      warmupSeconds: 1,
      headers: { 'accept-encoding': 'gzip' },
    });
  const productId = productIds[0]!;
  const timed = async (path: string) => {
    const started = performance.now();
    const answer = await fetch(`${shopUrl}${path}`, { headers: { 'accept-encoding': 'gzip' } });
    await answer.arrayBuffer();
    if (!answer.ok) throw new Error(`${path} answered ${answer.status}`);
    return performance.now() - started;
  };
  const { name } = (await (await fetch(`${shopUrl}/api/products/${productId}`)).json()) as { name: string };
  const write = async (path: string, body: object) => {
    const changed = await fetch(`${shopUrl}/api/products/${productId}${path}`, {
      method: 'PATCH',
      headers: { cookie, origin: shopUrl, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    if (!changed.ok) throw new Error(`PATCH ${path || '/'} answered ${changed.status}`);
  };
  /**
   * The owner's change number `index`: featuring and unfeaturing the product, with a rename (and the name back) between,
   * so both kinds are measured. A shopper then opens the shop page and searches: answers how long each took.
   */
  const change = async (index: number) => {
    if (index % 2 === 0) await write('/featured', { isFeatured: index % 4 === 0 });
    else await write('', { name: index % 4 === 1 ? `${name} Mk II` : name });
    return { listing: await timed('/api/catalog?page=1'), search: await timed('/api/catalog?q=paddle') };
  };
  // a change and its listing before either phase, not counted: the routes' first calls compile their code, and the
  // kept catalogue is read, as in a shop that has been open a while
  await change(2);
  const without = await load();
  const reads = load();
  const firstListingMs: number[] = [];
  const firstSearchMs: number[] = [];
  // the load's warm-up second, then a change every SECONDS_BETWEEN
  await new Promise((resolve) => setTimeout(resolve, 1500));
  for (let index = 0; index < CHANGES; index += 1) {
    const { listing, search } = await change(index);
    firstListingMs.push(round(listing, 1));
    firstSearchMs.push(round(search, 1));
    await new Promise((resolve) => setTimeout(resolve, SECONDS_BETWEEN * 1000 - listing - search));
  }
  const during = await reads;
  return {
    changes: CHANGES,
    firstListingMs,
    firstSearchMs,
    readsPerSecond: READ_RATE,
    without: summary(without),
    during: { ...summary(during), non2xx: during.non2xx, errors: during.errors, slowest: during.slowest },
    loadAverage: round(os.loadavg()[0]!, 1),
  };
}
