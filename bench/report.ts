import type { RouteThroughput } from './api-throughput.ts';
import type { BudgetRow } from './budget-row.ts';
import type { BundleResult } from './bundle.ts';
import type { CatalogQueryResult } from './catalog-queries.ts';
import type { ReportQueryResult } from './report-queries.ts';
import type { CheckoutLoadResult, UnpaidCheckoutsResult } from './checkout-load.ts';
import { csvImportRows, type CsvImportReadsResult } from './csv-import-reads.ts';
import type { DbReadResult } from './db-reads.ts';
import type { ImageResult } from './images.ts';
import type { LighthousePage } from './lighthouse.ts';
import type { OpenLoopRead } from './open-loop.ts';
import type { PgliteResult } from './pglite-figures.ts';
import type { RenderedPagesResult } from './rendered-pages.ts';
import { openLoopRows, pgliteRows, scalingDetails, twoInstanceRows } from './report-scaling.ts';
import type { StartupResult } from './startup.ts';
import { round } from './stats.ts';
import type { TwoInstancesResult } from './two-instances.ts';
import type { UncachedRead } from './uncached-reads.ts';

export interface Machine {
  cpu: string;
  cores: number;
  memoryGb: number;
  node: string;
  os: string;
  pinning: string;
  /** 1-minute load average at the start and the end: other work on the machine skews every figure */
  loadAverage?: { start: number; end: number };
}

export interface BenchResults {
  date: string;
  machine: Machine;
  durationSeconds?: number;
  bundle?: BundleResult;
  lighthouse?: LighthousePage[];
  /** the server-rendered product page, rendered per request and from the page cache */
  pages?: RenderedPagesResult;
  api?: RouteThroughput[];
  dbReads?: DbReadResult[];
  /** uncached reads against bare node:http + pg on PostgreSQL */
  uncached?: UncachedRead[];
  checkout?: CheckoutLoadResult;
  images?: ImageResult[];
  /** process start to first answer and RSS, precompiled server vs tsx, per database */
  startup?: StartupResult[];
  /** the shop listing and search on a generated 5,000-product catalogue (PostgreSQL, straight through the service) */
  catalog?: CatalogQueryResult;
  /** the Reports tab's reads over a year of 1,000,000 generated orders (PostgreSQL, through the service) */
  reports?: ReportQueryResult;
  /** uncached reads at half their maximum, offered at a constant rate (PostgreSQL) */
  openLoop?: OpenLoopRead[];
  /** two instances behind nginx against one */
  twoInstances?: TwoInstancesResult;
  /** the main reads and sustained checkout on the embedded database */
  embedded?: PgliteResult[];
  /** shoppers' product reads during a 10,000-row CSV import on the embedded database, and without it */
  /** the default embedded database's and PGlite's (one PGlite result, `csvImport`, in results from before 29 Nov 2026) */
  csvImports?: CsvImportReadsResult[];
  csvImport?: CsvImportReadsResult;
  /** a measurement that could not run, by section, with the reason */
  errors: Record<string, string>;
}

export type { BudgetRow };

export const KB = 1024;

function kb(bytes: number): string {
  return `${round(bytes / KB, 1)} KB`;
}

function notMeasured(results: BenchResults, section: string, budget: string): BudgetRow {
  return { budget, figure: `not measured: ${results.errors[section] ?? 'skipped'}`, pass: null };
}

/** The budgets of docs/performance.md, one row per budget (and per page or route where the budget is per page or route). */
/** Issue 35: payments do not slow down as unpaid checkouts pile up (production quotas on, as they count them). */
export function unpaidCheckoutsRow(unpaid: UnpaidCheckoutsResult): BudgetRow {
  const refused = unpaid.non2xx[0] + unpaid.non2xx[1] + unpaid.errors[0] + unpaid.errors[1];
  return {
    budget: `Checkout with ${unpaid.openCheckouts.toLocaleString('en-US')} unpaid checkouts open: sustained >= 0.9x of the same load with none`,
    figure:
      `${unpaid.ratio}x (${unpaid.withUnpaid} vs ${unpaid.fresh} payments/s; rounds ${unpaid.rounds[1].join(', ')} / ${unpaid.rounds[0].join(', ')}; ` +
      `p99 ${unpaid.latencyP99Ms[1]} vs ${unpaid.latencyP99Ms[0]} ms; ${refused} not 2xx)`,
    pass: unpaid.ratio >= 0.9 && refused === 0,
  };
}

export function evaluateBudgets(results: BenchResults): BudgetRow[] {
  const rows: BudgetRow[] = [];
  const { bundle, lighthouse, pages, api, dbReads, uncached, checkout, images, catalog, startup, openLoop, twoInstances, embedded } = results;

  if (bundle) {
    rows.push({ budget: 'Home page JS <= 100 KB gzip', figure: kb(bundle.homeLoadedGzipBytes), pass: bundle.homeLoadedGzipBytes <= 100 * KB });
    for (const chunk of bundle.lazyChunks.filter((lazy) => lazy.kind === 'storefront-route')) {
      rows.push({ budget: `Route ${chunk.src} adds <= 30 KB gzip`, figure: kb(chunk.gzipBytes), pass: chunk.gzipBytes <= 30 * KB });
    }
    rows.push({
      budget: 'No admin or diagnostics code in the storefront first load',
      figure: bundle.adminInFirstLoad.length ? bundle.adminInFirstLoad.join(', ') : 'none',
      pass: bundle.adminInFirstLoad.length === 0,
    });
    rows.push({
      budget: 'No Stripe.js in the storefront first load',
      figure: bundle.stripeInFirstLoad.length ? bundle.stripeInFirstLoad.join(', ') : 'none',
      pass: bundle.stripeInFirstLoad.length === 0,
    });
  } else rows.push(notMeasured(results, 'bundle', 'JavaScript budgets'));

  if (lighthouse) {
    for (const page of lighthouse) {
      const { performance, accessibility, seo, lcpMs, tbtMs, cls } = page.median;
      const why = page.failedAudits.length ? ` (${page.failedAudits.join(', ')})` : '';
      rows.push({ budget: `Lighthouse ${page.name}: performance >= 98`, figure: String(performance), pass: performance >= 98 });
      rows.push({ budget: `Lighthouse ${page.name}: accessibility 100`, figure: `${accessibility}${why}`, pass: accessibility === 100 });
      // a page kept out of search engines on purpose fails Lighthouse's is-crawlable audit by design: it is held to every other SEO audit
      const seoPass = seo === 100 || (page.noindex === true && page.failedAudits.length === 1 && page.failedAudits[0] === 'is-crawlable');
      const seoBudget = page.noindex ? `Lighthouse ${page.name}: SEO 100 (not indexed by design: is-crawlable excepted)` : `Lighthouse ${page.name}: SEO 100`;
      rows.push({ budget: seoBudget, figure: `${seo}${why}`, pass: seoPass });
      rows.push({ budget: `Lighthouse ${page.name}: LCP <= 1.5 s`, figure: `${round(lcpMs / 1000, 2)} s`, pass: lcpMs <= 1500 });
      // TBT scales with the time the host takes from Chromium: the load it was taken at says whether to trust it
      const atLoad = page.median.load === undefined ? '' : ` (load ${page.median.load})`;
      rows.push({ budget: `Lighthouse ${page.name}: TBT <= 100 ms`, figure: `${tbtMs} ms${atLoad}`, pass: tbtMs <= 100 });
      rows.push({ budget: `Lighthouse ${page.name}: CLS <= 0.02`, figure: String(cls), pass: cls <= 0.02 });
    }
  } else rows.push(notMeasured(results, 'lighthouse', 'Lighthouse budgets'));

  if (pages?.uncached) {
    const { uncached } = pages;
    rows.push({
      budget: `Server-rendered product page, uncached, ${pages.connections} connections: p99 <= 50 ms`,
      figure: `p99 ${uncached.latencyP99Ms} ms (p50 ${uncached.latencyP50Ms} ms, ${uncached.requestsPerSecond} req/s over ${uncached.products} products)`,
      pass: uncached.latencyP99Ms <= 50 && uncached.non2xx === 0 && uncached.errors === 0,
    });
  } else rows.push(notMeasured(results, 'pages', 'Server-rendered product page, uncached'));
  for (const pair of pages?.vsJson ?? []) {
    rows.push({
      budget: `Rendered ${pair.page} uncached: >= 0.5 x its JSON read ${pair.json} (${pages!.connections} connections, alternating rounds)`,
      figure: `${pair.ratio} (${pair.pageRps} vs ${pair.jsonRps} req/s; server CPU per request ${pair.pageCpuUsPerRequest} vs ${pair.jsonCpuUsPerRequest} µs; load average ${pair.loadAverage})`,
      pass: pair.ratio >= 0.5 && pair.non2xx === 0 && pair.errors === 0,
    });
  }
  if (pages?.cached) {
    const { cached } = pages;
    // a server that idles between requests is not what limits the rates: its CPU per request compares them
    const serverLimited = cached.serverBusy >= 0.9;
    const busy = `server ${Math.round(cached.serverBusy * 100)} % busy`;
    rows.push({
      budget: `Server-rendered product page, cached: >= 0.9 x the cached JSON read of its size, /api/products (${pages.connections} connections)`,
      figure: serverLimited
        ? `${cached.ratio} (${cached.pageRps} vs ${cached.jsonRps} req/s, ${busy})`
        : `${cached.cpuRatio} by the server's CPU per request (${cached.pageCpuUsPerRequest} vs ${cached.jsonCpuUsPerRequest} µs; ${busy}, so the rates, ${cached.pageRps} vs ${cached.jsonRps} req/s, are the load generator's)`,
      pass: (serverLimited ? cached.ratio : cached.cpuRatio) >= 0.9 && cached.pageNon2xx === 0,
    });
  } else rows.push(notMeasured(results, 'pages', 'Server-rendered product page, cached'));

  if (api) {
    for (const route of api) {
      rows.push({
        budget: `${route.route}: >= 0.9 x bare node:http req/s`,
        figure: `${route.ratio} (${route.shopRps} vs ${route.bareRps} req/s)`,
        pass: route.ratio >= 0.9 && route.shopNon2xx === 0 && route.shopErrors === 0,
      });
    }
  } else rows.push(notMeasured(results, 'api', 'Catalogue read throughput'));

  if (uncached) {
    for (const read of uncached) {
      // issue 35: every uncached read within 0.8 of the bare server that runs its SQL and sends its bytes
      const target = 0.8;
      rows.push({
        budget: `Uncached ${read.read}, ${read.connections} connections: >= ${target} x bare node:http + pg`,
        figure: `${read.ratio} (${read.shopRps} vs ${read.bareRps} req/s, load average ${read.loadAverage})`,
        pass: read.ratio >= target && read.shopNon2xx === 0,
      });
    }
  } else rows.push(notMeasured(results, 'uncached', 'Uncached reads vs bare node:http + pg'));

  if (openLoop?.length) rows.push(...openLoopRows(openLoop));
  else rows.push(notMeasured(results, 'openloop', 'Uncached reads, open loop at half the maximum: p99 <= 20 ms'));

  if (catalog) {
    for (const scenario of catalog.scenarios.filter((row) => row.name !== 'listing: all products, counts')) {
      const budgetMs = scenario.budgetMs ?? 30;
      rows.push({
        budget: `${scenario.name}, ${catalog.products} products / ${catalog.variants} variants: p95 <= ${budgetMs} ms`,
        figure: `p95 ${scenario.p95Ms} ms (p50 ${scenario.p50Ms} ms; ${scenario.ratio} x product by id)`,
        pass: scenario.p95Ms <= budgetMs,
      });
    }
  } else rows.push(notMeasured(results, 'catalog', 'Shop listing and search on a 5,000-product catalogue'));

  const { reports } = results;
  if (reports)
    rows.push({
      budget: `Reports over a year at ${reports.orders.toLocaleString('en-US')} orders (sales with the year before, top products, tax): p95 <= 500 ms`,
      figure: `p95 ${reports.p95Ms} ms (p50 ${reports.p50Ms} ms; first roll-up of every order ${reports.rollUpSeconds} s)`,
      pass: reports.p95Ms <= 500,
    });
  else rows.push(notMeasured(results, 'reports', 'Reports over a year at 1,000,000 orders'));

  const postgres = dbReads?.find((read) => read.driver === 'postgresql');
  if (postgres) {
    // the closed-loop p99 budget is retired: at 100 connections it asked for more than 5,000 req/s from one core
    // (Little's law); the open-loop rows above hold the latency budget
    rows.push({
      budget: '/api/products/:id on PostgreSQL, closed loop at 100 connections (latency budget: open loop above)',
      figure: `p99 ${postgres.latencyP99Ms} ms (p50 ${postgres.latencyP50Ms} ms, ${postgres.requestsPerSecond} req/s, ${postgres.non2xx} non-2xx, ${postgres.errors} errors)`,
      pass: postgres.non2xx === 0 && postgres.errors === 0 ? 'reported' : false,
    });
  } else rows.push(notMeasured(results, 'dbReads', 'Database reads on PostgreSQL'));

  if (checkout) {
    const exact = checkout.reservations === checkout.stock && checkout.orders === checkout.stock && checkout.oversold === 0 && checkout.stockLeft === 0;
    rows.push({
      budget: `Checkout: ${checkout.concurrentRequests} concurrent, stock ${checkout.stock} -> exactly ${checkout.stock} reservations, 0 oversold`,
      figure: `${checkout.reservations} reservations, ${checkout.orders} orders, ${checkout.oversold} oversold, stock left ${checkout.stockLeft}`,
      pass: exact,
    });
    rows.push({
      budget: 'Checkout: 0 server errors',
      figure: `${checkout.serverErrors} (answers: ${Object.entries(checkout.answers)
        .map(([code, count]) => `${count} x ${code}`)
        .join(', ')}; ${checkout.networkErrors} network errors)`,
      pass: checkout.serverErrors === 0 && checkout.networkErrors === 0,
    });
    rows.push({
      budget: `Checkout: every one of the ${checkout.concurrentRequests} answered within 2 s`,
      figure: `last answer after ${checkout.burstSeconds} s (p50 ${checkout.latencyP50Ms} ms, p99 ${checkout.latencyP99Ms} ms; the ${checkout.stock} reservations made at ${checkout.reservationsPerSecond}/s)`,
      pass: checkout.burstSeconds <= 2,
    });
    rows.push({
      budget: 'Checkout: >= 500 reservations/s sustained, app on one core',
      figure: `${checkout.sustainedReservationsPerSecond}/s (100 connections, p99 ${checkout.sustainedLatencyP99Ms} ms, ${checkout.sustainedServerErrors} server errors)`,
      pass: checkout.sustainedReservationsPerSecond >= 500 && checkout.sustainedServerErrors === 0,
    });
    if (checkout.zonedReservationsPerSecond !== undefined) {
      rows.push({
        budget: "Checkout with the owner's shipping zones: sustained rate not lower than the built-in Standard shipping's (within 10 %)",
        figure: `${checkout.zonedReservationsPerSecond}/s beside ${checkout.sustainedReservationsPerSecond}/s (p99 ${checkout.zonedLatencyP99Ms} ms, ${checkout.zonedServerErrors} server errors)`,
        pass: checkout.zonedReservationsPerSecond >= checkout.sustainedReservationsPerSecond * 0.9 && checkout.zonedServerErrors === 0,
      });
    }
    if (checkout.unpaid) rows.push(unpaidCheckoutsRow(checkout.unpaid));
  } else rows.push(notMeasured(results, 'checkout', 'Checkout under load'));

  if (twoInstances) rows.push(...twoInstanceRows(twoInstances));
  else rows.push(notMeasured(results, 'instances', 'Two instances behind nginx'));
  if (embedded?.length) for (const engine of embedded) rows.push(...pgliteRows(engine, uncached, checkout));
  else rows.push(notMeasured(results, 'pglite', "Without DATABASE_URL (the shop's own PostgreSQL, PGlite)"));
  const csvImports = results.csvImports ?? (results.csvImport ? [results.csvImport] : []);
  if (csvImports.length) for (const measured of csvImports) rows.push(...csvImportRows(measured));
  else rows.push(notMeasured(results, 'csvimport', "CSV import on the embedded databases: shoppers' reads"));

  if (images?.length) {
    const webp = images.reduce((sum, image) => sum + image.webpBytes, 0);
    const jpeg = images.reduce((sum, image) => sum + image.jpegSameSizeBytes, 0);
    const worst = Math.max(...images.map((image) => image.ratio));
    rows.push({
      budget: 'Images: WebP <= 70% of the JPEG at equal size (every image)',
      figure: `${round((webp / jpeg) * 100, 1)}% overall, worst ${round(worst * 100, 1)}% (${images.length} photos)`,
      pass: worst <= 0.7,
    });
  } else rows.push(notMeasured(results, 'images', 'Images'));

  if (startup?.length) {
    for (const database of ['embedded-postgres', 'pglite', 'postgresql'] as const) {
      const precompiled = startup.find((row) => row.server === 'precompiled' && row.database === database);
      const tsx = startup.find((row) => row.server === 'tsx' && row.database === database);
      if (!precompiled || !tsx) continue;
      rows.push({
        budget: `Start (${database}): the precompiled server answers sooner and with less memory than tsx`,
        figure: `first answer ${precompiled.firstAnswerMs} vs ${tsx.firstAnswerMs} ms (${round(tsx.firstAnswerMs / precompiled.firstAnswerMs, 2)}x), RSS ${precompiled.rssMb} vs ${tsx.rssMb} MB`,
        pass: precompiled.firstAnswerMs < tsx.firstAnswerMs && precompiled.rssMb < tsx.rssMb,
      });
    }
    const embeddedStart = startup.find((row) => row.server === 'precompiled' && row.database === 'embedded-postgres');
    if (embeddedStart) rows.push(embeddedStartRow(embeddedStart));
  } else rows.push(notMeasured(results, 'startup', 'Start-up'));

  return rows;
}

/** Issue 35's embedded default: `npm start` answers within 2 s and holds at most 250 MB, its own PostgreSQL included. */
function embeddedStartRow(start: StartupResult): BudgetRow {
  const totalMb = round(start.rssMb + start.childrenMb, 1);
  return {
    budget: "Start without DATABASE_URL (npm start, the shop's own PostgreSQL): first answer <= 2 s, <= 250 MB with its PostgreSQL",
    figure: `first answer ${start.firstAnswerMs} ms, ${totalMb} MB (the shop ${start.rssMb} MB RSS, its PostgreSQL ${start.childrenMb} MB PSS)`,
    pass: start.firstAnswerMs <= 2000 && totalMb <= 250,
  };
}

function cell(text: string): string {
  return text.replace(/\|/g, '\\|').replace(/\n/g, ' ');
}

export function passText(pass: BudgetRow['pass']): string {
  if (pass === null) return 'not measured';
  if (pass === 'reported') return 'reported';
  return pass ? 'pass' : 'FAIL';
}

export function formatBudgetTable(rows: BudgetRow[]): string {
  const lines = ['| Budget | Figure | Result |', '| --- | --- | --- |'];
  for (const row of rows) lines.push(`| ${cell(row.budget)} | ${cell(row.figure)} | ${passText(row.pass)} |`);
  return lines.join('\n');
}

function formatDetails(results: BenchResults): string {
  const parts: string[] = [];
  const { bundle, lighthouse, pages, api, dbReads, uncached, checkout, images, catalog, startup } = results;
  if (bundle) {
    parts.push('### JavaScript (gzip, as the server sends it)', '');
    parts.push(`Home page: ${kb(bundle.homeLoadedGzipBytes)} in ${bundle.homeLoadedFiles.length} files (${bundle.homeLoadedFiles.join(', ')}).`, '');
    parts.push('| Lazily loaded module | Kind | Adds (gzip) |', '| --- | --- | --- |');
    for (const chunk of bundle.lazyChunks) parts.push(`| ${cell(chunk.src)} | ${chunk.kind} | ${kb(chunk.gzipBytes)} |`);
    parts.push('');
  }
  if (lighthouse) {
    parts.push('### Lighthouse (mobile, median of runs)', '');
    parts.push(
      '| Page | Performance | Accessibility | SEO | LCP | TBT | CLS | Runs (performance) | Runs (LCP / TBT at 1-min load) |',
      '| --- | --- | --- | --- | --- | --- | --- | --- | --- |',
    );
    for (const page of lighthouse) {
      const m = page.median;
      // a run begun at or above the quiet load is marked: its TBT is the machine's as much as the page's
      const busy = (load: number | undefined) => (load !== undefined && page.quietLoad !== undefined && load >= page.quietLoad ? ' (busy)' : '');
      const perRun = page.runs.map((run) => `${round(run.lcpMs / 1000, 2)} s / ${run.tbtMs} ms at ${run.load ?? '?'}${busy(run.load)}`).join('; ');
      const repeats = page.repeated ? `; ${page.repeated} repeated` : '';
      parts.push(
        `| ${page.name} (${page.path}${page.state ? `, ${page.state}` : ''}) | ${m.performance} | ${m.accessibility} | ${m.seo} | ${round(m.lcpMs / 1000, 2)} s | ${m.tbtMs} ms | ${m.cls} | ${page.runs.map((run) => run.performance).join(', ')} | ${perRun}${repeats} |`,
      );
    }
    const quiet = lighthouse.find((page) => page.quietLoad !== undefined)?.quietLoad;
    if (quiet !== undefined)
      parts.push('', `A run counts as quiet under a 1-minute load of ${quiet} (1.5 per core); runs above it were repeated, the quietest counted.`);
    parts.push('');
  }
  if (pages) {
    parts.push(`### Server-rendered product page (${pages.connections} connections, gzip)`, '');
    if (pages.uncached) {
      const { uncached } = pages;
      parts.push(
        `Uncached (PostgreSQL, response cache off, ${uncached.products} product pages in turn): every request makes its page's reads; a page whose reads answer as they did is sent as it was drawn (decision 088). ${uncached.requestsPerSecond} req/s, p50 ${uncached.latencyP50Ms} ms, p99 ${uncached.latencyP99Ms} ms, ${uncached.non2xx} non-2xx, ${uncached.errors} errors.`,
        '',
      );
    }
    if (pages.vsJson?.length) {
      parts.push(
        "Uncached, every request making its page's reads, against the JSON read each page is drawn from, on the same server, alternating rounds:",
        '',
        '| Page | JSON read | Page req/s | JSON req/s | Ratio | Server CPU µs/request page / JSON | p99 page / JSON | Load average |',
        '| --- | --- | --- | --- | --- | --- | --- | --- |',
        ...pages.vsJson.map(
          (pair) =>
            `| ${pair.page} | ${pair.json} | ${pair.pageRps} | ${pair.jsonRps} | ${pair.ratio} | ${pair.pageCpuUsPerRequest} / ${pair.jsonCpuUsPerRequest} | ${pair.pageP99Ms} / ${pair.jsonP99Ms} ms | ${pair.loadAverage} |`,
        ),
        '',
      );
    }
    if (pages.cached) {
      const { cached } = pages;
      parts.push(
        `From the page cache (${cached.path}) against JSON reads from the response cache, alternating rounds: ${cached.pageRps} req/s vs /api/products (a body of the page's size) ${cached.jsonRps} req/s (${cached.ratio}) and /api/products/featured (a third of it) ${cached.smallJsonRps} req/s (${cached.smallRatio}); page p99 ${cached.pageLatencyP99Ms} ms. Server CPU per request: page ${cached.pageCpuUsPerRequest} µs, /api/products ${cached.jsonCpuUsPerRequest} µs (${cached.cpuRatio}), /api/products/featured ${cached.smallJsonCpuUsPerRequest} µs; the server was at most ${Math.round(cached.serverBusy * 100)} % busy (one core of autocannon sets these rates).`,
        '',
      );
    }
  }
  if (api) {
    parts.push('### Catalogue reads vs bare node:http (100 connections, gzip)', '');
    parts.push('| Route | Body | Shop req/s | Bare req/s | Ratio | Shop p99 | Rounds shop / bare (req/s) |', '| --- | --- | --- | --- | --- | --- | --- |');
    for (const route of api) {
      parts.push(
        `| ${route.route} | ${route.bodyBytes} B ${route.contentEncoding ?? 'identity'} | ${route.shopRps} | ${route.bareRps} | ${route.ratio} | ${route.shopLatencyP99Ms} ms | ${route.shopRounds.join(', ')} / ${route.bareRounds.join(', ')} |`,
      );
    }
    parts.push('');
  }
  if (dbReads?.length) {
    parts.push('### /api/products/:id, uncached (100 connections, ids rotating)', '');
    parts.push('| Database | req/s | p50 | p99 | non-2xx |', '| --- | --- | --- | --- | --- |');
    for (const read of dbReads)
      parts.push(`| ${read.driver} | ${read.requestsPerSecond} | ${read.latencyP50Ms} ms | ${read.latencyP99Ms} ms | ${read.non2xx} |`);
    parts.push('');
  }
  if (uncached?.length) {
    parts.push('### Uncached reads vs bare node:http + pg, same SQL (PostgreSQL, response cache off, gzip)', '');
    parts.push(
      '| Read | Connections | Shop req/s | Bare req/s | Ratio | CPU ms/request shop / bare | p99 shop / bare | Rounds shop / bare (req/s) | Load average |',
      '| --- | --- | --- | --- | --- | --- | --- | --- | --- |',
    );
    for (const read of uncached) {
      parts.push(
        `| ${read.read} | ${read.connections} | ${read.shopRps} | ${read.bareRps} | ${read.ratio} | ${read.shopCpuMsPerRequest ?? '-'} / ${read.bareCpuMsPerRequest ?? '-'} | ${read.shopLatencyP99Ms} / ${read.bareLatencyP99Ms} ms | ${read.shopRounds.join(', ')} / ${read.bareRounds.join(', ')} | ${read.loadAverage} |`,
      );
    }
    parts.push('');
  }
  parts.push(...scalingDetails(results));
  if (catalog) {
    parts.push(
      `### Shop listing and search (PostgreSQL, ${catalog.products} generated products / ${catalog.variants} variants, ${catalog.iterations} reads each, one at a time, no response cache)`,
      '',
    );
    parts.push('| Read | p50 | p95 | p95 / product by id |', '| --- | --- | --- | --- |');
    for (const scenario of [catalog.baseline, ...catalog.scenarios])
      parts.push(`| ${scenario.name} | ${scenario.p50Ms} ms | ${scenario.p95Ms} ms | ${scenario.ratio} |`);
    parts.push('');
  }
  if (checkout) {
    parts.push('### Checkout under load (PostgreSQL)', '');
    parts.push(
      `${checkout.concurrentRequests} simultaneous POST /api/create-payment-intent, stock ${checkout.stock}: ` +
        `${Object.entries(checkout.answers)
          .map(([code, count]) => `${count} x ${code}`)
          .join(', ')}; ` +
        `all answered in ${checkout.burstSeconds} s, p50 ${checkout.latencyP50Ms} ms, p99 ${checkout.latencyP99Ms} ms. ` +
        `Sustained (100 connections, stock to spare): ${checkout.sustainedReservationsPerSecond} reservations/s, p99 ${checkout.sustainedLatencyP99Ms} ms, ${checkout.sustainedServerErrors} server errors.`,
      '',
    );
  }
  if (images?.length) {
    parts.push('### Images (photo-like 1600x1200 JPEG q85 uploads)', '');
    parts.push('| Photo | Upload | WebP (size) | JPEG q85 same size | Ratio | Thumbnail |', '| --- | --- | --- | --- | --- | --- |');
    for (const image of images) {
      parts.push(
        `| ${image.name} | ${kb(image.uploadedJpegBytes)} | ${kb(image.webpBytes)} (${image.webpWidth}x${image.webpHeight}) | ${kb(image.jpegSameSizeBytes)} | ${round(image.ratio * 100, 1)}% | ${kb(image.thumbnailBytes)} |`,
      );
    }
    parts.push('');
  }
  if (startup?.length) {
    parts.push('### Start-up (existing shop, demo catalogue: spawn to the first 200 of /api/health, RSS right after it)', '');
    parts.push(
      '| Server | Database | First answer | RSS | Its PostgreSQL (PSS) | Rounds (ms) | Rounds (MB) | Load average |',
      '| --- | --- | --- | --- | --- | --- | --- | --- |',
    );
    for (const row of startup) {
      parts.push(
        `| ${row.server === 'tsx' ? 'tsx (TypeScript at start)' : 'precompiled (npm start)'} | ${row.database} | ${row.firstAnswerMs} ms | ${row.rssMb} MB | ${row.childrenMb ? `${row.childrenMb} MB` : '-'} | ${row.rounds.map((one) => one.firstAnswerMs).join(', ')} | ${row.rounds.map((one) => one.rssMb).join(', ')} | ${row.loadAverage} |`,
      );
    }
    parts.push('');
  }
  return parts.join('\n');
}

export const BEGIN_MARK = '<!-- bench:begin (written by npm run bench; edit outside these marks) -->';
export const END_MARK = '<!-- bench:end -->';

/** The generated part of docs/performance.md. */
export function formatReport(results: BenchResults): string {
  const { machine } = results;
  return [
    BEGIN_MARK,
    '## Latest run',
    '',
    `${results.date} on ${machine.cpu}, ${machine.cores} cores, ${machine.memoryGb} GB, ${machine.os}, Node ${machine.node}; ${machine.pinning}.` +
      (machine.loadAverage ? ` Load average (1 min) ${machine.loadAverage.start} at the start, ${machine.loadAverage.end} at the end.` : '') +
      (results.durationSeconds ? ` The run took ${results.durationSeconds} s.` : ''),
    '',
    formatBudgetTable(evaluateBudgets(results)),
    '',
    formatDetails(results),
    END_MARK,
  ].join('\n');
}

/** Replaces the generated block of an existing document (or appends one), keeping what people wrote around it. */
export function spliceReport(document: string, block: string): string {
  const start = document.indexOf(BEGIN_MARK);
  const end = document.indexOf(END_MARK);
  if (start === -1 || end === -1 || end < start) return `${document.trimEnd()}\n\n${block}\n`;
  return document.slice(0, start) + block + document.slice(end + END_MARK.length);
}
