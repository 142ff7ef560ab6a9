// The growth tier's reads, straight through the shop's services one at a time on the generated shop
// (PostgreSQL, no response cache), as catalog-queries.ts and report-queries.ts measure the smaller shops.
import os from 'node:os';
import { CatalogQuery } from '#common/schemas/catalog-listing.ts';
import { OrderListQuery } from '#common/schemas/admin-orders.ts';
import type { Database } from '#server/db/client.ts';
import { createCatalogReads } from '#server/modules/catalog/catalog-service.ts';
import { listAdminOrders } from '#server/modules/orders/order-admin-service.ts';
import { taxReport, topReport } from '#server/modules/reports/breakdown-reports.ts';
import { catchUpReports } from '#server/modules/reports/report-rollup.ts';
import { salesReport } from '#server/modules/reports/sales-report.ts';
import { percentile, round } from './stats.ts';

export interface GrowthRead {
  name: string;
  /** the p95 the issue allows, ms */
  budgetMs: number;
  iterations: number;
  p50Ms: number;
  p95Ms: number;
  slowestMs: number;
  /** 1-minute load average when the read's timing ended */
  loadAverage: number;
}

const LISTINGS = [
  { type: 'paddles', 'f.shape': 'Elongated,Hybrid', 'f.static_weight': 'mid', 'o.core_thickness': '16 mm', sort: 'price_asc' },
  { type: 'paddles', brand: '1,2,3,4,5,6', 'f.face_material': 'Raw carbon,Kevlar', in_stock: '1', sort: 'newest', page: '2' },
  { type: 'paddles', price: '100-150,150-200', 'o.grip_size': '4 1/4 in', usapa: '1', sort: 'price_desc' },
  { type: 'balls', 'o.court': 'Outdoor', 'o.pack_size': '3-pack,6-pack', in_stock: '1', sort: 'name' },
];
// one value chosen: every other facet of the type counted again under it
const FACETS = [
  { type: 'paddles', 'f.shape': 'Elongated' },
  { type: 'balls', 'o.court': 'Indoor' },
  { type: 'shoes', 'o.color': 'Red' },
  { type: 'paddles', brand: '3' },
  { type: 'bags' },
];
const TYPE_PAGES = [
  { type: 'paddles', sort: 'price_asc' },
  { type: 'balls', sort: 'newest', page: '3' },
  { type: 'shoes', sort: 'name' },
  { type: 'paddles', sort: 'price_desc', page: '40' },
];
const SEARCHES = ['paddles', '16mm', 'outdoor balls', 'court shoes', 'apex pro', 'elongated paddle', 'bolt', 'carbn'];
const TYPED = ['pa', 'pad', 'padl', 'padle', 'paddels', 'brand 1', 'brnad', 'outdoor b', 'court sh', 'pickelball', 'carbn', 'elongated pad'];
// the list as the owner pages it, and the filters the Orders page offers
const ORDER_PAGES: Record<string, string>[] = [{ page: '1' }, { page: '2' }, { page: '5' }, { page: '40' }, { page: '1', pageSize: '100' }];
const ORDER_FILTERS: Record<string, string>[] = [
  { status: 'shipped' },
  { status: 'processing' },
  { kind: 'unpaid' },
  { kind: 'orders', page: '3' },
  { disputed: 'true' },
];
// a surname (thousands of orders), a full address, a part of one, a rare name, an order's number, a domain
const ORDER_SEARCHES = ['smith', 'maria.garcia', 'nguyen1234', 'dmitri', '#123456', 'icloud', 'priya.patel77'];

async function time(name: string, budgetMs: number, iterations: number, run: (index: number) => Promise<unknown>): Promise<GrowthRead> {
  for (let index = 0; index < Math.min(10, iterations); index += 1) await run(index);
  const samples: number[] = [];
  for (let index = 0; index < iterations; index += 1) {
    const started = performance.now();
    await run(index);
    samples.push(performance.now() - started);
  }
  return {
    name,
    budgetMs,
    iterations,
    p50Ms: round(percentile(samples, 50), 1),
    p95Ms: round(percentile(samples, 95), 1),
    slowestMs: round(Math.max(...samples), 1),
    loadAverage: round(os.loadavg()[0]!, 1),
  };
}

const day = (at: Date) => at.toISOString().slice(0, 10);

/**
 * A listing's query as a choice no read before it made, with the same answer: a price range that adds no product
 * to the chosen ones ($100,000 + the read's number and up) or, with none chosen, one that leaves every product (up to
 * that). Each read is then counted over the catalogue rather than answered from the counts a repeated choice keeps
 * (decision 086), as a listing right after a change or a choice nobody made before is.
 */
function afresh(query: Readonly<Record<string, string | undefined>>, index: number): CatalogQuery {
  const bound = 100_000 + index;
  return CatalogQuery.parse({ ...query, price: query.price ? `${query.price},${bound}-` : `0-${bound}` });
}

interface GrowthReadPlan {
  name: string;
  budgetMs: number;
  /** its share of the iterations: the reports are read a fifth as often */
  share: number;
  run(index: number): Promise<unknown>;
}

/** The tier's reads, each a function of its iteration (which listing, search or page). */
export function growthReadPlans(db: Database, anchor: Date): GrowthReadPlan[] {
  // as the production shop keeps the listing's metadata between requests
  const catalog = createCatalogReads(db, { keepMetadataMs: 60_000 });
  const cycle =
    <T>(list: readonly T[]) =>
    (index: number) =>
      list[index % list.length]!;
  const orderQuery = (query: Record<string, string>) => OrderListQuery.parse(query);
  const month = { from: day(new Date(anchor.getTime() - 30 * 86_400_000)), to: day(anchor) };
  const wholeRange = { from: day(new Date(anchor.getTime() - 3 * 365 * 86_400_000)), to: day(anchor), interval: 'day' as const };
  const plan = (name: string, budgetMs: number, run: (index: number) => Promise<unknown>, share = 1): GrowthReadPlan => ({ name, budgetMs, share, run });
  return [
    plan('storefront listing: all products by page, counts', 50, (i) => catalog.listCatalog(afresh({ page: String(1 + (i % 5)) }, i))),
    plan("storefront listing: a type's page, sorted", 50, (i) => catalog.listCatalog(afresh(cycle(TYPE_PAGES)(i), i))),
    plan('faceted listing: 3+ facets, counts, sort', 50, (i) => catalog.listCatalog(afresh(cycle(LISTINGS)(i), i))),
    plan("facets: a type's filters counted under one chosen value", 50, (i) => catalog.listCatalog(afresh(cycle(FACETS)(i), i))),
    plan('search (listing with q)', 50, (i) => catalog.listCatalog(CatalogQuery.parse({ q: cycle(SEARCHES)(i) }))),
    plan('predictive search (suggestions as typed)', 100, (i) => catalog.suggest(cycle(TYPED)(i))),
    plan('admin order list: newest first by page, with the total', 100, (i) => listAdminOrders(db, false, orderQuery(cycle(ORDER_PAGES)(i)))),
    plan('admin order list: a status, paid or unpaid, disputed', 100, (i) => listAdminOrders(db, false, orderQuery(cycle(ORDER_FILTERS)(i)))),
    plan('admin order list: the last 30 days', 100, () => listAdminOrders(db, false, orderQuery(month))),
    plan('admin order search: name, e-mail, order number', 100, (i) => listAdminOrders(db, false, orderQuery({ q: cycle(ORDER_SEARCHES)(i) }))),
    plan(
      'reports over the whole three years by day (catch-up, sales with the period before, top products, tax)',
      500,
      async () => {
        await catchUpReports(db);
        await salesReport(db, wholeRange);
        await topReport(db, wholeRange, 'product');
        await taxReport(db, wholeRange);
      },
      0.2,
    ),
  ];
}

/** Every read of the tier, in turn; `log` hears each as it ends. */
export async function measureGrowthReads(db: Database, options: { iterations: number; anchor: Date; log: (line: string) => void }): Promise<GrowthRead[]> {
  const plans = growthReadPlans(db, options.anchor);
  const reads: GrowthRead[] = [];
  for (const { name, budgetMs, share, run } of plans) {
    const read = await time(name, budgetMs, Math.max(10, Math.round(options.iterations * share)), run);
    options.log(`${name}: p95 ${read.p95Ms} ms (p50 ${read.p50Ms} ms), load ${read.loadAverage}`);
    reads.push(read);
  }
  return reads;
}
