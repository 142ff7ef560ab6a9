import type { PeerTargetResult } from './peer-load.ts';

export interface PeerRow {
  read: string;
  ours: string;
  vendure: string;
  shop: PeerTargetResult;
  peer: PeerTargetResult;
  /** shop req/s over Vendure req/s */
  ratio: number;
  /**
   * CPU time (user + system) of each server process per request, warm-up included: holds up far better
   * than req/s when other work shares the cores. PostgreSQL's share is not in it.
   */
  cpuMsPerRequest: { shop: number | null; vendure: number | null };
  /** listing and search: how many products each matched (the total of all pages) */
  found?: {
    shop: number;
    vendure: number;
    /** facet values each answer counts (count above zero), and how many of them both count alike */
    facetValues?: { shop: number; vendure: number; same: number };
  };
  loadAverage: number;
}

export interface PeersResults {
  date: string;
  machine: { cpu: string; cores: number; node: string; pinning: string };
  vendureVersion: string;
  catalogue: { products: number; variants: number; source: string };
  load: { connections: number; rounds: number; secondsPerRound: number; warmupSeconds: number; drainSeconds: number };
  setupSeconds: { install: number; shopCatalogue: number; vendureImport: number; vendureSearchIndex: number };
  loadAverage: { start: number; end: number };
  rows: PeerRow[];
}

// a server that answered nothing in a row has no rate to divide by
const fixed = (value: number, digits = 0) => (Number.isFinite(value) ? value.toFixed(digits) : 'n/a');

/** Fewer answers than this in a row's rounds, and its figures are a handful of requests, not a rate. */
const FEW_ANSWERS = 100;

function fewAnswers(results: PeersResults): string[] {
  return results.rows.flatMap((row) =>
    [
      { server: 'the shop', answered: row.shop.requests },
      { server: 'Vendure', answered: row.peer.requests },
    ]
      .filter(({ answered }) => answered < FEW_ANSWERS)
      .map(({ server, answered }) => `${row.read}: ${server} answered only ${answered} requests in its rounds`),
  );
}

function tableRows(results: PeersResults): string[] {
  return results.rows.map((row) =>
    [
      row.read,
      fixed(row.shop.requestsPerSecond),
      fixed(row.peer.requestsPerSecond),
      Number.isFinite(row.ratio) ? `**${fixed(row.ratio, 1)}x**` : 'n/a',
      `${row.cpuMsPerRequest.shop ?? '?'} / ${row.cpuMsPerRequest.vendure ?? '?'}`,
      row.cpuMsPerRequest.shop && row.cpuMsPerRequest.vendure ? `${fixed(row.cpuMsPerRequest.vendure / row.cpuMsPerRequest.shop, 1)}x` : '?',
      `${fixed(row.shop.latencyP50Ms)} / ${fixed(row.shop.latencyP99Ms)}`,
      `${fixed(row.peer.latencyP50Ms)} / ${fixed(row.peer.latencyP99Ms)}`,
      `${row.shop.failed} / ${row.peer.failed}`,
      fixed(row.loadAverage, 1),
    ].join(' | '),
  );
}

function facetValues(found: NonNullable<PeerRow['found']>): string {
  const counted = found.facetValues;
  return counted ? `; ${counted.shop} facet values counted by the shop, ${counted.vendure} by Vendure, ${counted.same} of them alike` : '';
}

/** The "Peers" section of docs/performance.md, from one run. */
export function formatPeersSection(results: PeersResults): string {
  const { load, catalogue } = results;
  return [
    '## Peers: the shop against Vendure (issue 17, part 6; issue 35)',
    '',
    `\`npm run bench:peers\` (not part of CI; method in bench/peers/README.md), run of ${results.date.slice(0, 16).replace('T', ' ')} UTC on ${results.machine.cpu}, ` +
      `${results.machine.cores} cores, Node ${results.machine.node}; ${results.machine.pinning}. Vendure ${results.vendureVersion} and the shop on the same ` +
      `PostgreSQL, each in a fresh database holding the same ${catalogue.products} products / ${catalogue.variants} variants (${catalogue.source}). ` +
      `${load.connections} connections, ${load.rounds} alternating rounds of ${load.secondsPerRound} s per server (${load.drainSeconds} s apart) after ${load.warmupSeconds} s of warm-up; ` +
      `the shop's response cache off. CPU ms/request is the server process's own CPU time (user + system, from /proc) over every request it was sent, ` +
      `warm-up included, PostgreSQL's share left out: on a busy machine it holds up far better than req/s. Load average ${fixed(results.loadAverage.start, 1)} at the start, ${fixed(results.loadAverage.end, 1)} at the end.`,
    '',
    '| Request | Shop req/s | Vendure req/s | Shop / Vendure | CPU ms/request shop / Vendure | Vendure / shop CPU | Shop p50 / p99 ms | Vendure p50 / p99 ms | Failed (shop / Vendure) | Load |',
    '| --- | --: | --: | --: | --: | --: | --: | --: | --: | --: |',
    ...tableRows(results).map((row) => `| ${row} |`),
    '',
    ...(fewAnswers(results).length ? [`Too few answers to be a measurement (under ${FEW_ANSWERS}): ${fewAnswers(results).join('; ')}.`, ''] : []),
    'What each row sends:',
    '',
    ...results.rows.map(
      (row) =>
        `- ${row.read}: ours \`${row.ours}\`; Vendure ${row.vendure}` +
        (row.found ? ` (matching ${row.found.shop} products in the shop, ${row.found.vendure} in Vendure${facetValues(row.found)}).` : '.'),
    ),
    '',
  ].join('\n');
}

/** The table for the terminal. */
export function formatPeersTable(results: PeersResults): string {
  const header =
    'request | shop req/s | Vendure req/s | shop/Vendure | CPU ms/req shop/Vendure | Vendure/shop CPU | shop p50/p99 ms | Vendure p50/p99 ms | failed | load';
  return [header, ...tableRows(results).map((row) => row.replaceAll('**', ''))].join('\n');
}
