import type { DatabaseTimeouts } from '#server/db/client.ts';
import type { SnapshotData } from './listing-snapshot-read.ts';
import type { AnalysedSearch, SearchMatches } from './search-index.ts';

// What the shop's thread and the catalogue's worker thread (catalog-worker.ts) say to each other.

/** What the worker is started with: its own connection to the shop's PostgreSQL. */
export interface CatalogWorkerData {
  url: string;
  timeouts: DatabaseTimeouts;
}

export type CatalogRequest =
  | { id: number; kind: 'read' }
  | { id: number; kind: 'match'; snapshot: number; search: AnalysedSearch }
  /** ends the worker's connection; the worker then ends */
  | { id: number; kind: 'close' };

export type CatalogAnswer =
  | { id: number; snapshot: number; data: SnapshotData }
  | { id: number; matches: SearchMatches }
  | { id: number; gone: true }
  | { id: number; error: ErrorLink[] };

/** An error and what it wraps, outermost first, as far as the shop's error handling reads them (database-unavailable.ts). */
interface ErrorLink {
  name: string;
  message: string;
  code?: string;
}

/** A thread's error as links that cross to another thread (a structured clone keeps neither `code` nor `cause`). */
export function errorLinks(error: unknown): ErrorLink[] {
  const links: ErrorLink[] = [];
  for (let at: unknown = error; at !== undefined && at !== null && links.length < 8; at = (at as { cause?: unknown }).cause) {
    const { name, message, code } = at as { name?: unknown; message?: unknown; code?: unknown };
    links.push({ name: String(name ?? 'Error'), message: String(message ?? at), ...(typeof code === 'string' && { code }) });
  }
  return links;
}

/** The error again, in this thread, with its `code` and `cause`s. */
export function errorFrom(links: readonly ErrorLink[]): Error {
  return links.reduceRight<Error | undefined>((cause, link) => {
    const error = new Error(link.message, cause && { cause });
    error.name = link.name;
    if (link.code) Object.assign(error, { code: link.code });
    return error;
  }, undefined)!;
}
