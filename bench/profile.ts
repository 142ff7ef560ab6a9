// npm run bench:profile -- <read> [seconds]: a CPU profile of the production server under load on one
// uncached read (response cache off), and where its time goes: self time by function and by package.
// read: product | list | search | listing (the shop page's faceted listing, as the uncached bench asks it) | cached-settings (/api/site-settings from the response cache) | cached-page, cached-list (a product page and /api/products from it) | page (a rendered product page) | shop-page (the rendered /shop): both pages need the client built by npm run bench
// in /tmp/h8-dist, or CLIENT_DIR) | checkout (payment creation for one product with stock to spare, as
// checkout-load.ts sustains it). PostgreSQL from DATABASE_URL (the bench's own scratch database).
import { readdir, readFile, rm } from 'node:fs/promises';
import path from 'node:path';
import { prepareCheckoutProducts, SHOPPER } from './checkout-load.ts';
import type { CannonJob } from './load-child.ts';
import { createScratchDatabase } from './postgres-database.ts';
import { runLoad } from './run-load.ts';
import { startShopServer } from './shop-server.ts';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  hitCount?: number;
}

type Product = { id: number; slug: string };
const READS: Record<string, (products: Product[]) => string[]> = {
  product: (products) => products.map(({ id }) => `/api/products/${id}`),
  list: () => ['/api/products'],
  search: () => ['/api/products?search=paddle'],
  listing: () => [process.env.LISTING_PATH ?? '/api/catalog?type=paddles&brand=1,8&f.face_material=Raw%20carbon'],
  page: (products) => products.map(({ slug }) => `/products/${slug}`),
  'shop-page': () => ['/shop'],
  // a hit of the response cache (RESPONSE_CACHE on), as the catalogue reads' comparison with bare node:http asks it
  'cached-settings': () => ['/api/site-settings'],
  // the bench's cached page against the cached JSON read of its size (rendered-pages.ts)
  'cached-page': (products) => [`/products/${products[0]!.slug}`],
  'cached-list': () => ['/api/products'],
};

/** Payment creation sustained: POSTs naming a product with stock to spare. */
async function checkoutJob(databaseUrl: string): Promise<Pick<CannonJob, 'paths' | 'method' | 'body'>> {
  const [, productId] = await prepareCheckoutProducts(databaseUrl, 0);
  return { paths: ['/api/create-payment-intent'], method: 'POST', body: { ...SHOPPER, items: [{ productId, quantity: 1 }] } };
}

const read = process.argv[2] ?? 'product';
const seconds = Number(process.argv[3] ?? 10);
const connections = Number(process.env.CONNECTIONS ?? 10);
const profileDir = `/tmp/shop-cpu-prof-${read}`;
if (!READS[read] && read !== 'checkout') throw new Error(`unknown read ${read}: one of ${Object.keys(READS).join(', ')}`);

await rm(profileDir, { recursive: true, force: true });
const database = await createScratchDatabase('profile');
try {
  const shop = await startShopServer({
    // PROFILE_PORT: where a running bench holds 4801-4811
    port: Number(process.env.PROFILE_PORT ?? 4809),
    clientDir: read === 'page' || read === 'shop-page' || read === 'cached-page' ? (process.env.CLIENT_DIR ?? '/tmp/h8-dist') : '/tmp/perf-no-client',
    dataDir: '/tmp/h8-data-profile',
    databaseUrl: database.url,
    env: { RESPONSE_CACHE: read === 'checkout' || read.startsWith('cached-') ? 'on' : 'off' },
    nodeArgs: ['--cpu-prof', `--cpu-prof-dir=${profileDir}`],
    // under tsx each function keeps its source file's URL, which the shares by package below are made from;
    // PROFILE_SERVER=precompiled starts in half the time on a busy machine (the shop's own code is then main.js)
    server: process.env.PROFILE_SERVER === 'precompiled' ? 'precompiled' : 'tsx',
  });
  try {
    const products = (await (await fetch(`${shop.url}/api/products`)).json()) as Product[];
    const job = read === 'checkout' ? await checkoutJob(database.url) : { paths: READS[read]!(products) };
    const result = await runLoad({
      kind: 'autocannon',
      url: shop.url,
      connections,
      durationSeconds: seconds,
      warmupSeconds: 1,
      headers: { 'accept-encoding': 'gzip' },
      ...job,
    });
    console.log(`${read}: ${Math.round(result.requestsPerSecond)} req/s, p99 ${result.latencyP99Ms} ms, non-2xx ${result.non2xx}`);
  } finally {
    // the profile is written as the process exits: on a busy machine its shutdown outlasts stop()'s 5 s before SIGKILL
    await exited(shop.pid, 60_000);
    await shop.stop();
  }
} finally {
  await database.drop();
}

async function exited(pid: number, timeoutMs: number): Promise<void> {
  process.kill(pid, 'SIGTERM');
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    try {
      process.kill(pid, 0);
    } catch {
      return;
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

const [file] = (await readdir(profileDir)).filter((name) => name.endsWith('.cpuprofile'));
if (!file) throw new Error('no profile written');
const profile = JSON.parse(await readFile(path.join(profileDir, file), 'utf8')) as {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
  endTime: number;
  startTime: number;
};
// only the samples of the measured load (the last `seconds` before shutdown), not start-up or idle
const hitsById = new Map<number, number>();
let time = profile.startTime;
const from = profile.endTime - seconds * 1e6;
profile.samples.forEach((id, index) => {
  time += profile.timeDeltas[index]!;
  if (time >= from) hitsById.set(id, (hitsById.get(id) ?? 0) + 1);
});
const idle = new Set(profile.nodes.filter((node) => node.callFrame.functionName === '(idle)').map((node) => node.id));
const all = [...hitsById.values()].reduce((sum, hits) => sum + hits, 0);
const total = [...hitsById].reduce((sum, [id, hits]) => sum + (idle.has(id) ? 0 : hits), 0);
console.log(`busy ${((100 * total) / all).toFixed(0)} % of the load window; shares below are of the busy time`);
const byFunction = new Map<string, number>();
const byPackage = new Map<string, number>();
for (const node of profile.nodes) {
  const { functionName, url, lineNumber } = node.callFrame;
  const hits = idle.has(node.id) ? 0 : (hitsById.get(node.id) ?? 0);
  if (hits === 0) continue;
  const where = url.replace(/^file:\/\//, '').replace(/.*\/node_modules\//, '');
  const name = `${functionName || '(anonymous)'} ${where ? `${where}:${lineNumber + 1}` : ''}`;
  byFunction.set(name, (byFunction.get(name) ?? 0) + hits);
  const pkg = url.includes('/node_modules/')
    ? (/\/node_modules\/((@[^/]+\/)?[^/]+)/.exec(url)?.[1] ?? 'node_modules')
    : url.includes('/src/')
      ? `src/${url.split('/src/')[1]!.split('/').slice(0, 3).join('/')}`
      : url.startsWith('node:') || !url
        ? functionName.startsWith('(')
          ? functionName
          : 'node internals'
        : url;
  byPackage.set(pkg, (byPackage.get(pkg) ?? 0) + hits);
}
const top = (map: Map<string, number>, count: number) =>
  [...map]
    .sort((a, b) => b[1] - a[1])
    .slice(0, count)
    .map(([name, hits]) => `${((100 * hits) / total).toFixed(1).padStart(5)} %  ${name}`)
    .join('\n');
console.log(`\nself time by package (${path.join(profileDir, file)}):\n${top(byPackage, 25)}\n\nself time by function:\n${top(byFunction, 30)}`);
