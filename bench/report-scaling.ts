// The budget rows and details of the open-loop latency, the two-instance run and the embedded
// databases (the shop's own PostgreSQL, PGlite): the sections that tell how the shop holds up and grows, beside report.ts's.
import type { BudgetRow } from './budget-row.ts';
import type { CheckoutLoadResult } from './checkout-load.ts';
import type { OpenLoopRead } from './open-loop.ts';
import type { PgliteResult } from './pglite-figures.ts';
import type { InstancesComparison, TwoInstancesResult } from './two-instances.ts';
import { round } from './stats.ts';
import type { UncachedRead } from './uncached-reads.ts';

const answers = (codes: Record<string, number>) =>
  Object.entries(codes)
    .map(([code, count]) => `${count} x ${code}`)
    .join(', ');

export function openLoopRows(openLoop: OpenLoopRead[]): BudgetRow[] {
  return openLoop.map((read) => ({
    budget: `Uncached ${read.read}, open loop at half the measured maximum: p99 <= 20 ms`,
    figure:
      `p99 ${read.latencyP99Ms} ms at ${read.offeredRps} req/s offered (maximum ${read.maximumRps}; p50 ${read.latencyP50Ms} ms, ` +
      `slowest ${read.latencyMaxMs} ms, sender up to ${read.maxSendLagMs} ms late, ${read.non2xx} non-2xx, ${read.errors} errors; load average ${read.loadAverage})`,
    pass: read.latencyP99Ms <= 20 && read.non2xx === 0 && read.errors === 0,
  }));
}

function comparisonFigure(comparison: InstancesComparison, unit: string): string {
  return `${comparison.ratio}x (${comparison.twoRps} vs ${comparison.oneRps} ${unit}; p99 ${comparison.twoLatencyP99Ms} vs ${comparison.oneLatencyP99Ms} ms)`;
}

export function twoInstanceRows(run: TwoInstancesResult): BudgetRow[] {
  const clean = (comparison: InstancesComparison) =>
    comparison.non2xx === 0 && comparison.errors === 0 && comparison.oneRps > 0 && comparison.twoRps > 0 ? 'reported' : false;
  const { burst } = run;
  return [
    {
      budget: 'Two instances behind nginx vs one: uncached product by id (100 connections)',
      figure: `${comparisonFigure(run.productById, 'req/s')}, load average ${run.loadAverage}`,
      pass: clean(run.productById),
    },
    {
      budget: 'Two instances behind nginx vs one: checkout sustained (40 connections)',
      figure: `${comparisonFigure(run.checkoutSustained, 'payments/s')}, load average ${run.loadAverage}`,
      pass: clean(run.checkoutSustained),
    },
    ...quotaRows(run.quota),
    {
      budget: `Two instances behind nginx: ${burst.concurrentRequests} concurrent checkouts, stock ${burst.stock} -> exactly ${burst.stock} reserved, 0 oversold, 0 server errors`,
      figure: `${burst.reservations} reservations (${burst.reservedUnits} units), ${burst.oversold} oversold, stock left ${burst.stockLeft}; ${answers(burst.answers)}; ${burst.networkErrors} network errors`,
      pass: burst.reservedUnits === burst.stock && burst.oversold === 0 && burst.stockLeft === 0 && burst.serverErrors === 0 && burst.networkErrors === 0,
    },
  ];
}

/** Two instances doubling the throughput of one is the point of running two: shown where each is held to part of a core. */
const DOUBLING = 1.7;

function quotaRows(quota: TwoInstancesResult['quota']): BudgetRow[] {
  const each = quota ? `each held to ${quota.cores} of a core` : 'each held to part of a core';
  if (!quota) return [{ budget: `Two instances vs one, ${each}`, figure: 'not measured: no CPU quota could be set (cgroups need root)', pass: null }];
  return [
    {
      budget: `Two instances vs one, ${each}: uncached product by id roughly doubles (>= ${DOUBLING}x)`,
      figure: comparisonFigure(quota.productById, 'req/s'),
      pass: quota.productById.ratio >= DOUBLING && quota.productById.non2xx === 0 && quota.productById.errors === 0,
    },
    {
      budget: `Two instances vs one, ${each}: checkout sustained (40 connections, ${quota.products} products)`,
      figure: comparisonFigure(quota.checkoutSustained, 'payments/s'),
      pass: quota.checkoutSustained.non2xx === 0 && quota.checkoutSustained.errors === 0 ? 'reported' : false,
    },
  ];
}

const ENGINE_NAMES = { pglite: 'PGlite', postgres: "The shop's own PostgreSQL" } as const;

/**
 * Without DATABASE_URL. The shop's own PostgreSQL, the default, is held to issue 35's "reads and checkout at least half
 * of PostgreSQL's" against the same reads and checkout in this run; PGlite, the fallback, is reported.
 */
export function pgliteRows(embedded: PgliteResult, uncached: UncachedRead[] | undefined, checkout: CheckoutLoadResult | undefined): BudgetRow[] {
  const engine = ENGINE_NAMES[embedded.engine];
  const heldToHalf = embedded.engine === 'postgres';
  const verdict = (figure: number, postgres: number | undefined, clean: boolean): BudgetRow['pass'] => {
    if (!clean) return false;
    if (!heldToHalf || postgres === undefined) return 'reported';
    return figure >= postgres / 2;
  };
  const rows: BudgetRow[] = embedded.reads.map((read) => {
    const postgres = uncached?.find((row) => row.read === read.read && row.connections === read.connections)?.shopRps;
    return {
      budget: `${engine}: ${read.read}, ${read.connections} connections${heldToHalf && postgres !== undefined ? ": >= 0.5 x PostgreSQL's" : ''}`,
      figure:
        `${read.requestsPerSecond} req/s, p50 ${read.latencyP50Ms} ms, p99 ${read.latencyP99Ms} ms` +
        (postgres !== undefined ? ` (PostgreSQL in this run: ${postgres} req/s, ${round(read.requestsPerSecond / postgres, 2)}x)` : '') +
        `, load average ${read.loadAverage}`,
      pass: verdict(read.requestsPerSecond, postgres, read.non2xx === 0 && read.errors === 0),
    };
  });
  const sustained = embedded.checkoutSustained;
  const postgres = checkout?.sustainedReservationsPerSecond;
  rows.push({
    budget: `${engine}: checkout sustained, ${sustained.connections} connections${heldToHalf && postgres !== undefined ? ": >= 0.5 x PostgreSQL's" : ''}`,
    figure:
      `${sustained.reservationsPerSecond} payments/s, p99 ${sustained.latencyP99Ms} ms, ${sustained.serverErrors} server errors` +
      (postgres !== undefined ? ` (PostgreSQL in this run: ${postgres}/s, ${round(sustained.reservationsPerSecond / postgres, 2)}x)` : '') +
      `, load average ${sustained.loadAverage}`,
    pass: verdict(sustained.reservationsPerSecond, postgres, sustained.serverErrors === 0 && sustained.non2xx === 0),
  });
  return rows;
}

export function scalingDetails(results: { openLoop?: OpenLoopRead[]; twoInstances?: TwoInstancesResult; embedded?: PgliteResult[] }): string[] {
  const parts: string[] = [];
  const { openLoop, twoInstances, embedded } = results;
  if (openLoop?.length) {
    parts.push('### Open loop: uncached reads at half their maximum, constant rate (PostgreSQL, response cache off, gzip)', '');
    parts.push(
      '| Read | Maximum (closed loop, 100 connections) | Offered | Answered | p50 | p99 | Slowest | Sender lag | Load average |',
      '| --- | --- | --- | --- | --- | --- | --- | --- | --- |',
    );
    for (const read of openLoop) {
      parts.push(
        `| ${read.read} | ${read.maximumRps} req/s | ${read.offeredRps} req/s | ${read.answeredRps} req/s | ${read.latencyP50Ms} ms | ${read.latencyP99Ms} ms | ${read.latencyMaxMs} ms | ${read.maxSendLagMs} ms | ${read.loadAverage} |`,
      );
    }
    parts.push('');
  }
  if (twoInstances) {
    const { productById, checkoutSustained, burst } = twoInstances;
    parts.push('### Two instances on one PostgreSQL behind nginx vs one instance behind the same nginx', '');
    parts.push('| Load | One instance | Two instances | Ratio | Rounds one / two | p99 one / two |', '| --- | --- | --- | --- | --- | --- |');
    const rows: Array<[string, InstancesComparison]> = [
      ['uncached product by id (req/s), each on a core of its own', productById],
      ['checkout sustained, one product (payments/s), each on a core of its own', checkoutSustained],
    ];
    if (twoInstances.quota) {
      const { cores } = twoInstances.quota;
      rows.push(
        [`uncached product by id (req/s), each held to ${cores} of a core`, twoInstances.quota.productById],
        [`checkout sustained over ${twoInstances.quota.products} products (payments/s), each held to ${cores} of a core`, twoInstances.quota.checkoutSustained],
      );
    }
    for (const [name, row] of rows) {
      parts.push(
        `| ${name} | ${row.oneRps} | ${row.twoRps} | ${row.ratio} | ${row.oneRounds.join(', ')} / ${row.twoRounds.join(', ')} | ${row.oneLatencyP99Ms} / ${row.twoLatencyP99Ms} ms |`,
      );
    }
    parts.push(
      '',
      `Burst through the two-instance nginx: ${burst.concurrentRequests} simultaneous payments for stock ${burst.stock}: ${answers(burst.answers)} in ${burst.elapsedSeconds} s; ` +
        `the database holds ${burst.reservations} reservations of ${burst.reservedUnits} units, ${burst.stockLeft} left, ${burst.oversold} oversold.` +
        (twoInstances.instanceCpuSeconds
          ? ` CPU used by the instances over the whole run (the first also serves the one-instance rounds): ${twoInstances.instanceCpuSeconds[0]} s and ${twoInstances.instanceCpuSeconds[1]} s.`
          : '') +
        ` Load average ${twoInstances.loadAverage}.`,
      '',
    );
  }
  for (const pglite of embedded ?? []) {
    parts.push(`### Without DATABASE_URL: ${ENGINE_NAMES[pglite.engine]}`, '');
    parts.push('| Load | Connections | req/s | p50 | p99 | non-2xx | Load average |', '| --- | --- | --- | --- | --- | --- | --- |');
    for (const read of pglite.reads) {
      parts.push(
        `| ${read.read} | ${read.connections} | ${read.requestsPerSecond} | ${read.latencyP50Ms} ms | ${read.latencyP99Ms} ms | ${read.non2xx} | ${read.loadAverage} |`,
      );
    }
    const checkout = pglite.checkoutSustained;
    parts.push(
      `| checkout sustained (payments/s) | ${checkout.connections} | ${checkout.reservationsPerSecond} | - | ${checkout.latencyP99Ms} ms | ${checkout.non2xx} | ${checkout.loadAverage} |`,
      '',
    );
  }
  return parts;
}
