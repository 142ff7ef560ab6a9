// npm run bench:peers (not part of CI): the shop against Vendure on the same PostgreSQL and the same
// catalogue, request for request. Prints the table, writes bench/results/peers.json and
// bench/results/peers.md (the "Peers" section for docs/performance.md). Method: bench/peers/README.md.
// PEERS_PRODUCTS (default 500) sizes the catalogue, PEERS_CONNECTIONS (20) the load.
import { mkdir, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { buildServer } from '../../scripts/build-server.ts';
import { createScratchDatabase, withClient } from '../postgres-database.ts';
import { cpuTimeMs, isPinningAvailable, pinned, ROOT, runToEnd, tsNodeArgs } from '../processes.ts';
import { BENCH_SERVER_DIR, startShopServer } from '../shop-server.ts';
import { round } from '../stats.ts';
import { prepareCatalogue } from './catalogue.ts';
import type { PeerJob, PeerRequest, PeerTargetResult } from './peer-load.ts';
import { formatPeersSection, formatPeersTable, type PeerRow, type PeersResults } from './report.ts';
import { chooseFacetedListing } from '../uncached-reads.ts';
import { compareFacetCounts } from './facet-counts.ts';
import { ADD_TO_CART_MUTATION, DISJUNCTIVE_SEARCH_QUERY, FACETS_QUERY, graphql, PRODUCT_QUERY, SEARCH_QUERY } from './vendure-queries.ts';
import { installVendure, VENDURE_VERSION } from './vendure-install.ts';
import { setUpVendure, startVendure } from './vendure-server.ts';

// away from the 48xx and 49xx ports other benches and browser tests on this machine take
const PORTS = { shop: 4581, vendure: 4582 };
const PRODUCTS = Number(process.env.PEERS_PRODUCTS || 500);
const CART_PRODUCTS = 20;
const LOAD = { connections: Number(process.env.PEERS_CONNECTIONS || 20), rounds: 4, secondsPerRound: 5, warmupSeconds: 2, drainSeconds: 2 };
const SHOPPER = {
  customerName: 'Bench Shopper',
  customerEmail: 'bench@example.com',
  phone: '',
  shippingAddress: { street: '1 Congress Ave', city: 'Austin', state: 'TX', zip: '78701', country: 'US' },
};
// GraphQL answers its errors with a 200
const VENDURE_FAILURES = ['"errors"', '"errorCode"'];

const started = Date.now();
const log = (message: string) => console.log(`[bench:peers ${Math.round((Date.now() - started) / 1000)}s] ${message}`);
const load1 = () => round(os.loadavg()[0]!, 1);
const seconds = (since: number) => Math.round((Date.now() - since) / 1000);

const loadStart = load1();
let since = Date.now();
log(`installing Vendure ${VENDURE_VERSION} (kept in /tmp between runs)`);
const installDir = await installVendure();
const installSeconds = seconds(since);
log('building the shop server');
await buildServer(BENCH_SERVER_DIR);

const shopDb = await createScratchDatabase('peers_shop');
const vendureDb = await createScratchDatabase('peers_vendure');
try {
  since = Date.now();
  log(`generating ${PRODUCTS} products into the shop`);
  const catalogue = await prepareCatalogue(shopDb.url, PRODUCTS, CART_PRODUCTS);
  const shopCatalogueSeconds = seconds(since);
  log(`shop catalogue: ${shopCatalogueSeconds} s`);
  const csvPath = path.join(os.tmpdir(), `peers-catalogue-${process.pid}.csv`);
  await writeFile(csvPath, catalogue.csv);
  log(`importing ${catalogue.products} products / ${catalogue.variants} variants into Vendure and building its search index`);
  const vendureSetup = await setUpVendure({ installDir, databaseUrl: vendureDb.url, port: PORTS.vendure, csvPath }).finally(() => rm(csvPath, { force: true }));
  log(`Vendure: import ${Math.round(vendureSetup.importSeconds)} s, search index ${Math.round(vendureSetup.indexSeconds)} s`);

  const [vendureProductIds, vendureVariantIds] = await withClient(vendureDb.url, async (client) => [
    (await client.query<{ id: number }>('select id from product where "deletedAt" is null order by id')).rows.map((row) => row.id),
    new Map((await client.query<{ id: number; sku: string }>('select id, sku from product_variant')).rows.map((row) => [row.sku, row.id])),
  ]);
  const shop = await startShopServer({
    port: PORTS.shop,
    clientDir: '/tmp/peers-no-client',
    dataDir: '/tmp/peers-shop-data',
    databaseUrl: shopDb.url,
    env: { SEED: 'none', RESPONSE_CACHE: 'off' },
  });
  const vendure = await startVendure({ installDir, databaseUrl: vendureDb.url, port: PORTS.vendure });
  try {
    const faceted = await facetedListing(shop.url, vendure.url);
    const scenarios: Array<{ read: string; ours: string; vendure: string; shop: PeerRequest[]; peer: PeerRequest[] }> = [
      {
        read: 'product by id',
        ours: 'GET /api/products/:id',
        vendure: '`product(id)` with facets, option groups and variants',
        shop: catalogue.productIds.map((id) => ({ method: 'GET', path: `/api/products/${id}` })),
        peer: vendureProductIds.map((id) => graphql(PRODUCT_QUERY, { id })),
      },
      {
        read: 'listing, first page',
        ours: 'GET /api/catalog',
        vendure: '`search(take: 24, groupByProduct: true)` with facet counts',
        shop: [{ method: 'GET', path: '/api/catalog' }],
        peer: [graphql(SEARCH_QUERY, { input: { take: 24, groupByProduct: true } })],
      },
      {
        read: 'search "paddle"',
        ours: 'GET /api/catalog?q=paddle',
        vendure: '`search(term: "paddle", take: 24, groupByProduct: true)` with facet counts',
        shop: [{ method: 'GET', path: '/api/catalog?q=paddle' }],
        peer: [graphql(SEARCH_QUERY, { input: { term: 'paddle', take: 24, groupByProduct: true } })],
      },
      {
        read: 'faceted listing',
        ours: `GET ${faceted.path}`,
        vendure: `the same \`search\` with \`facetValueFilters\` type "Paddles", brand "${faceted.brands.join('" or "')}", f.face_material "${faceted.material}"`,
        shop: [{ method: 'GET', path: faceted.path }],
        peer: [graphql(SEARCH_QUERY, { input: faceted.input })],
      },
      {
        read: 'faceted listing, counts as ours',
        ours: `GET ${faceted.path}`,
        vendure:
          'the same search, and in the same request three more (`take: 1`, facet counts only) that leave out the brands, the face material, ' +
          'and the type and face material: the counts the shop answers (a chosen facet counted under the other filters, decision 019)',
        shop: [{ method: 'GET', path: faceted.path }],
        peer: [graphql(DISJUNCTIVE_SEARCH_QUERY, faceted.disjunctive)],
      },
      {
        read: 'add to cart',
        ours: 'POST /api/create-payment-intent (one item: an order, a stock reservation, a payment)',
        vendure: '`addItemToOrder(quantity: 1)` without a session token (a new session and order each time)',
        shop: catalogue.cartVariants.map(({ productId, variantId }) => ({
          method: 'POST',
          path: '/api/create-payment-intent',
          body: { ...SHOPPER, items: [{ productId, variantId, quantity: 1 }] },
        })),
        peer: catalogue.cartVariants.map(({ sku }) => graphql(ADD_TO_CART_MUTATION, { id: vendureVariantIds.get(sku) })),
      },
    ];

    const found = await checkAnswers(shop.url, vendure.url, scenarios);
    const rows: PeerRow[] = [];
    for (const scenario of scenarios) {
      log(`${scenario.read}: ${LOAD.rounds} rounds each`);
      const job: PeerJob = {
        ...LOAD,
        targets: [
          { url: shop.url, requests: scenario.shop },
          { url: vendure.url, requests: scenario.peer, failMarkers: VENDURE_FAILURES },
        ],
      };
      const jobPath = path.join(os.tmpdir(), `peers-load-${process.pid}.json`);
      await writeFile(jobPath, JSON.stringify(job));
      const [command, args] = pinned(1, process.execPath, tsNodeArgs('bench/peers/peer-load.ts', [jobPath]));
      const cpuBefore = [cpuTimeMs(shop.pid), cpuTimeMs(vendure.pid)];
      const [ours, theirs] = JSON.parse(await runToEnd(command, args).finally(() => rm(jobPath, { force: true }))) as [PeerTargetResult, PeerTargetResult];
      const cpuPerRequest = (before: number | null | undefined, pid: number, sent: number) => {
        const after = cpuTimeMs(pid);
        return before === null || before === undefined || after === null || sent === 0 ? null : round((after - before) / sent, 2);
      };
      rows.push({
        read: scenario.read,
        ours: scenario.ours,
        vendure: scenario.vendure,
        shop: ours,
        peer: theirs,
        ratio: round(ours.requestsPerSecond / theirs.requestsPerSecond, 2),
        cpuMsPerRequest: { shop: cpuPerRequest(cpuBefore[0], shop.pid, ours.sent), vendure: cpuPerRequest(cpuBefore[1], vendure.pid, theirs.sent) },
        ...(found[scenario.read] && { found: found[scenario.read] }),
        loadAverage: load1(),
      });
    }
    const results: PeersResults = {
      date: new Date().toISOString(),
      machine: {
        cpu: os.cpus()[0]?.model.trim() ?? 'unknown CPU',
        cores: os.cpus().length,
        node: process.version,
        pinning: isPinningAvailable()
          ? 'each server pinned to core 0, the load generator to core 1 (taskset), PostgreSQL unpinned'
          : 'taskset missing: nothing pinned',
      },
      vendureVersion: VENDURE_VERSION,
      catalogue: {
        products: catalogue.products,
        variants: catalogue.variants,
        source: `bench/catalog-generator.ts, ${catalogue.products} of its products, imported into Vendure through its CSV importer`,
      },
      load: LOAD,
      setupSeconds: {
        install: installSeconds,
        shopCatalogue: shopCatalogueSeconds,
        vendureImport: round(vendureSetup.importSeconds),
        vendureSearchIndex: round(vendureSetup.indexSeconds),
      },
      loadAverage: { start: loadStart, end: load1() },
      rows,
    };
    const resultsDir = path.join(ROOT, 'bench/results');
    await mkdir(resultsDir, { recursive: true });
    await writeFile(path.join(resultsDir, 'peers.json'), `${JSON.stringify(results, null, 2)}\n`);
    await writeFile(path.join(resultsDir, 'peers.md'), formatPeersSection(results));
    console.log(`\n${formatPeersTable(results)}\n`);
    log('done: bench/results/peers.json and bench/results/peers.md (the docs/performance.md section) written');
  } finally {
    await vendure.stop();
    await shop.stop();
  }
} finally {
  await Promise.all([shopDb.drop(), vendureDb.drop()]);
}

/** One request of each kind to each server, before any load: a ratio of two error pages would mean nothing. */
async function checkAnswers(
  shopUrl: string,
  vendureUrl: string,
  scenarios: Array<{ read: string; shop: PeerRequest[]; peer: PeerRequest[] }>,
): Promise<Record<string, NonNullable<PeerRow['found']>>> {
  const found: Record<string, NonNullable<PeerRow['found']>> = {};
  const send = async (url: string, request: PeerRequest) => {
    const response = await fetch(`${url}${request.path}`, {
      method: request.method,
      headers: { 'content-type': 'application/json' },
      ...(request.body !== undefined && { body: JSON.stringify(request.body) }),
    });
    return { status: response.status, text: await response.text() };
  };
  for (const scenario of scenarios) {
    const ours = await send(shopUrl, scenario.shop[0]!);
    const theirs = await send(vendureUrl, scenario.peer[0]!);
    if (ours.status >= 300) throw new Error(`${scenario.read}: the shop answered ${ours.status}: ${ours.text.slice(0, 300)}`);
    if (theirs.status >= 300 || VENDURE_FAILURES.some((marker) => theirs.text.includes(marker)))
      throw new Error(`${scenario.read}: Vendure answered ${theirs.status}: ${theirs.text.slice(0, 300)}`);
    const search = (JSON.parse(theirs.text) as { data: { search?: { totalItems: number } } }).data.search;
    if (search) {
      const counts = compareFacetCounts(ours.text, theirs.text);
      found[scenario.read] = {
        shop: (JSON.parse(ours.text) as { total: number }).total,
        vendure: search.totalItems,
        facetValues: { shop: counts.shop, vendure: counts.vendure, same: counts.same },
      };
      log(
        `${scenario.read}: the shop finds ${found[scenario.read]!.shop} products, Vendure ${found[scenario.read]!.vendure}; ` +
          `facet values counted ${counts.shop} / ${counts.vendure}, ${counts.same} alike` +
          (counts.differing.length ? ` (differing, shop / Vendure: ${counts.differing.join('; ')})` : ''),
      );
    }
  }
  return found;
}

/**
 * The shop page's faceted listing (bench/uncached-reads.ts's choice: paddles, the two brands with the most
 * of them, the first face material) and the same three filters for Vendure's search, by facet value id.
 */
async function facetedListing(shopUrl: string, vendureUrl: string) {
  const choice = await chooseFacetedListing(shopUrl);
  const request = graphql(FACETS_QUERY, {});
  const response = await fetch(`${vendureUrl}${request.path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(request.body),
  });
  const facets = ((await response.json()) as { data: { facets: { items: Array<{ name: string; values: Array<{ id: string; name: string }> }> } } }).data.facets
    .items;
  const valueId = (facet: string, value: string) => {
    const id = facets.find((candidate) => candidate.name === facet)?.values.find((candidate) => candidate.name === value)?.id;
    if (!id) throw new Error(`Vendure has no facet value ${facet}: ${value}`);
    return id;
  };
  const type = { and: valueId('type', 'Paddles') };
  const brands = { or: choice.brands.map((brand) => valueId('brand', brand.label)) };
  const material = { and: valueId('f.face_material', choice.material) };
  const input = { take: 24, groupByProduct: true, facetValueFilters: [type, brands, material] };
  const counts = (facetValueFilters: object[]) => ({ take: 1, groupByProduct: true, facetValueFilters });
  return {
    path: choice.path,
    brands: choice.brands.map((brand) => brand.label),
    material: choice.material,
    input,
    disjunctive: { input, brands: counts([type, material]), material: counts([type, brands]), types: counts([brands]) },
  };
}
