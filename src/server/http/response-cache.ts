import { randomBytes } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import { etagMatches } from './etag.ts';
import { RETRY_AFTER_SECONDS, UNAVAILABLE_MESSAGE } from './unavailable.ts';

// docs/performance.md: catalogue reads at 0.9 x a bare node:http server. Their answers are the same for
// every visitor, so the finished response (status, headers, compressed bytes, ETag) is kept in
// memory and written straight to the socket, ahead of every other hook. The storefront's rendered
// pages are kept the same way for visitors without a session (decision 021). Correctness:
// - any successful state-changing request (admin writes, checkout taking stock, payments giving
//   it back) empties the cache before its answer leaves, so this instance never shows old data;
// - entries live TTL_MS at most, so changes made by another instance (docs/operations.md) or by the
//   background reservation sweep show within that time.

/**
 * Public catalogue reads (related and bought-together products, search suggestions, the shop page's listing and the Google
 * product feed too): the same bytes for everyone, signed in or not. Product pages (/api/products/:id) read
 * the database, and so does the listing with a search (?q=): a plain search's first page is counted for
 * the search terms report (decision 054).
 */
export const CACHED_READS =
  /^(\/api\/(products(\/featured|\/[1-9]\d{0,9}\/(related|bought-together))?|brands(\/featured)?|home|site-settings|contact-info|policies|config|search\/suggest|catalog(?![^?]*\?(?:[^#]*&)?q=))|\/feeds\/google\.xml)\/?(\?.*)?$/;

export const TTL_MS = 3000;
const MAX_ENTRIES = 500;

const PER_RESPONSE_HEADERS = new Set(['date', 'connection', 'keep-alive', 'transfer-encoding', 'content-length', 'x-request-id']);

interface Entry {
  status: number;
  /** as answered, content-length included (computed once, not per hit) */
  headers: Record<string, string | string[]>;
  body: Buffer;
  etag: string | undefined;
  expiresAt: number;
}

/** Which page addresses are rendered the same for every anonymous visitor, and the cookie that marks a signed-in one. */
interface CachedPages {
  isPage(path: string): boolean;
  sessionCookie: string;
}

interface ResponseCache {
  clear(): void;
  readonly size: number;
}

/**
 * A fill slower than this is given up: its waiters get a 503 and the next request starts a fresh
 * fill. The database timeouts normally end a stalled fill sooner; this bounds it whatever the cause,
 * so one read that never settles cannot hold a URL after the database is back.
 */
const FILL_TIMEOUT_MS = 10_000;

interface Fill {
  entry: Promise<Entry>;
  /** past its deadline: no longer shared, and its answer is not kept */
  abandoned: boolean;
  deadline: number;
}

/** Install first, before helmet, cookies and sessions: a hit skips all of them. */
export function installResponseCache(
  app: FastifyInstance,
  options: {
    enabled?: boolean;
    ttlMs?: number;
    maxEntries?: number;
    fillTimeoutMs?: number;
    pages?: CachedPages;
    /** told of each cached read's lookup (the /metrics hit ratio) */
    onLookup?: (outcome: 'hit' | 'miss') => void;
  } = {},
): ResponseCache {
  const ttlMs = options.ttlMs ?? TTL_MS;
  const maxEntries = options.maxEntries ?? MAX_ENTRIES;
  const fillTimeoutMs = options.fillTimeoutMs ?? FILL_TIMEOUT_MS;
  const entries = new Map<string, Entry>();
  const filling = new Map<string, Fill>();
  // the filling request goes through the whole app; this header (secret per process) lets it pass
  const fillHeader = 'x-response-cache-fill';
  const fillToken = randomBytes(16).toString('hex');
  let generation = 0;

  const clear = () => {
    generation += 1;
    entries.clear();
    filling.clear();
  };

  async function read(url: string, requestHeaders: RequestHeaders): Promise<Entry> {
    const response = await app.inject({ method: 'GET', url, headers: { ...requestHeaders, [fillHeader]: fillToken } });
    const headers: Record<string, string | string[]> = {};
    for (const [name, value] of Object.entries(response.headers)) {
      if (!PER_RESPONSE_HEADERS.has(name) && value !== undefined) headers[name] = Array.isArray(value) ? value : String(value);
    }
    headers['content-length'] = String(response.rawPayload.length);
    return {
      status: response.statusCode,
      headers,
      body: response.rawPayload,
      etag: typeof headers.etag === 'string' ? headers.etag : undefined,
      expiresAt: Date.now() + ttlMs,
    };
  }

  /** One read per URL at a time, shared by the requests that arrive while it runs. */
  function fill(key: string, url: string, headers: RequestHeaders): Fill {
    const startedIn = generation;
    const current: Fill = {
      abandoned: false,
      deadline: Date.now() + fillTimeoutMs,
      entry: read(url, headers)
        .then((entry) => {
          // only plain successes for everyone are kept, never one read before a write that emptied
          // the cache, nor one that came too late (a newer fill may already have answered)
          if (entry.status === 200 && isShared(entry) && startedIn === generation && !current.abandoned) {
            if (entries.size >= maxEntries) entries.delete(entries.keys().next().value!);
            entries.set(key, entry);
          }
          return entry;
        })
        .finally(() => {
          clearTimeout(timer);
          // a failed fill is not shared any further: the next request reads again
          if (filling.get(key) === current) filling.delete(key);
        }),
    };
    const timer = setTimeout(() => {
      current.abandoned = true;
      if (filling.get(key) === current) filling.delete(key);
    }, fillTimeoutMs);
    timer.unref();
    filling.set(key, current);
    return current;
  }

  /** The fill's answer, or null when its deadline passes first. */
  async function waitFor(current: Fill): Promise<Entry | null> {
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<null>((resolve) => {
      timer = setTimeout(() => resolve(null), Math.max(0, current.deadline - Date.now()));
    });
    try {
      return await Promise.race([current.entry, late]);
    } finally {
      clearTimeout(timer);
    }
  }

  if (options.enabled === false) return { clear, size: 0 };

  const answerParams = new Map<string, ReadonlySet<string> | null>();
  app.addHook('onRoute', (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    if (methods.includes('GET') && CACHED_READS.test(route.url)) answerParams.set(withoutTrailingSlash(route.url), queryParamNames(route.schema?.querystring));
  });
  // junk parameters (?_=123) and their order do not make another entry: a flood of them cannot force misses
  const canonicalUrl = (url: string) => canonicalCacheUrl(url, answerParams);
  const { pages } = options;
  const isCachedPage = (url: string, cookie: string | undefined) =>
    pages !== undefined && isPagePath(url, pages) && !cookie?.includes(`${pages.sessionCookie}=`);
  // what a fill sends: the encoding it is kept per (a page's links start with PUBLIC_URL, whatever Host says)
  const fillHeaders = (headers: IncomingMessage['headers']): RequestHeaders => {
    const kept: RequestHeaders = {};
    for (const name of KEPT_PER_HEADERS) {
      const value = headers[name];
      if (typeof value === 'string') kept[name] = value;
    }
    return kept;
  };
  const keyOf = (url: string, headers: RequestHeaders) => [url, ...Object.values(headers)].join('\n');
  const lookup = (request: { method?: string; url?: string; headers: IncomingMessage['headers'] }) => {
    const { url } = request;
    if (request.method !== 'GET' || !url || !(CACHED_READS.test(url) || isCachedPage(url, request.headers.cookie))) return null;
    const canonical = canonicalUrl(url);
    const headers = fillHeaders(request.headers);
    return { url: canonical, headers, key: keyOf(canonical, headers) };
  };

  // A hit on a real socket is answered before Fastify builds its request, reply and logger: that
  // per-request work is most of what separates Fastify from bare node:http on these tiny answers.
  const fastifyListeners = app.server.listeners('request') as Array<(request: IncomingMessage, response: ServerResponse) => void>;
  if (fastifyListeners.length > 0) {
    app.server.removeAllListeners('request');
    app.server.on('request', (request: IncomingMessage, response: ServerResponse) => {
      const cached = lookup(request);
      if (cached) {
        const entry = entries.get(cached.key);
        if (entry && entry.expiresAt > Date.now()) {
          options.onLookup?.('hit');
          writeEntry(request.headers['if-none-match'], response, entry);
          return;
        }
      }
      for (const listener of fastifyListeners) listener.call(app.server, request, response);
    });
  }

  // misses (and app.inject, which never touches the socket) come through Fastify to here
  app.addHook('onRequest', async (request, reply) => {
    if (request.headers[fillHeader] === fillToken) return;
    const cached = lookup(request.raw);
    if (!cached) return;
    const { key } = cached;
    let entry: Entry | null | undefined = entries.get(key);
    const fresh = entry !== undefined && entry.expiresAt > Date.now();
    options.onLookup?.(fresh ? 'hit' : 'miss');
    if (!entry || !fresh) {
      const running = filling.get(key);
      // a fill past its deadline is not joined, even if its timer has not run yet
      const joinable = running && running.deadline > Date.now() ? running : undefined;
      if (running && !joinable) running.abandoned = true;
      entry = await waitFor(joinable ?? fill(key, cached.url, cached.headers));
      if (!entry) {
        return reply.status(503).header('retry-after', String(RETRY_AFTER_SECONDS)).send({ message: UNAVAILABLE_MESSAGE });
      }
    }
    reply.hijack();
    writeEntry(request.headers['if-none-match'], reply.raw, entry);
  });

  return {
    clear,
    get size() {
      return entries.size;
    },
  };
}

type RequestHeaders = Record<string, string>;

// what an answer differs by; never Host or X-Forwarded-*: a forged one must not get a copy of its own
const KEPT_PER_HEADERS = ['accept-encoding'];

/** A page address (no API read, no file): rendered alike for every anonymous visitor. */
function isPagePath(url: string, pages: CachedPages): boolean {
  const mark = url.indexOf('?');
  const path = mark === -1 ? url : url.slice(0, mark);
  return !path.startsWith('/api/') && pages.isPage(path);
}

/** Not private to one visitor: no cookie set, no Cache-Control that keeps it to one browser. */
function isShared(entry: Entry): boolean {
  const cacheControl = entry.headers['cache-control'];
  return !entry.headers['set-cookie'] && !(typeof cacheControl === 'string' && /\b(private|no-store)\b/.test(cacheControl));
}

function withoutTrailingSlash(path: string): string {
  return path.length > 1 && path.endsWith('/') ? path.slice(0, -1) : path;
}

/** The names a route's querystring schema (zod object or JSON schema) knows; null when it cannot tell, so every parameter counts. */
function queryParamNames(schema: unknown): ReadonlySet<string> | null {
  if (schema === undefined) return new Set();
  // a schema taking any parameter (the shop listing's facets, f.<key> and o.<key>) reads every one
  const catchall = (schema as { def?: { catchall?: { def?: { type?: string } } } }).def?.catchall?.def?.type;
  if (catchall !== undefined && catchall !== 'never') return null;
  const shape = (schema as { shape?: unknown; properties?: unknown }).shape ?? (schema as { properties?: unknown }).properties;
  return shape && typeof shape === 'object' ? new Set(Object.keys(shape)) : null;
}

/**
 * The URL a cached read is kept under: its path without a trailing slash and only the query
 * parameters its route's schema reads, sorted by name (values of one name keep their order). Every
 * other parameter is dropped by the schema before the handler runs, so it cannot change the answer;
 * the entry is filled by reading this URL itself.
 */
function canonicalCacheUrl(url: string, answerParams: ReadonlyMap<string, ReadonlySet<string> | null>): string {
  const mark = url.indexOf('?');
  const path = withoutTrailingSlash(mark === -1 ? url : url.slice(0, mark));
  const names = answerParams.get(path);
  if (names === undefined) return url;
  if (mark === -1) return path;
  const kept = new URLSearchParams();
  for (const [name, value] of new URLSearchParams(url.slice(mark + 1))) {
    if (names === null || names.has(name)) kept.append(name, value);
  }
  kept.sort();
  const query = kept.toString();
  return query ? `${path}?${query}` : path;
}

function writeEntry(ifNoneMatch: string | undefined, raw: ServerResponse, entry: Entry): void {
  if (entry.etag && etagMatches(ifNoneMatch, entry.etag)) {
    const { 'content-encoding': _encoding, 'content-type': _type, 'content-length': _length, ...headers } = entry.headers;
    raw.writeHead(304, headers);
    raw.end();
    return;
  }
  raw.writeHead(entry.status, entry.headers);
  raw.end(entry.body);
}
