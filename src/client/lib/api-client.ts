import type { ApiIssue } from '#common/schemas/api-error.ts';

// Every request carries the session cookie; JSON content type only with a body;
// a failed response becomes an Error whose message follows the generic rule.

/** A non-ok response: `status` for branching (401, 409...), `issues` for form fields, `body` for anything else. */
export class ApiError extends Error {
  readonly status: number;
  readonly issues: ApiIssue[];
  readonly body: unknown;

  constructor(status: number, message: string, body: unknown = null, issues: ApiIssue[] = []) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.body = body;
    this.issues = issues;
  }
}

/** No answer at all: the browser could not reach the shop (offline, connection dropped). */
export class NetworkError extends Error {
  constructor(cause: unknown) {
    super('The shop could not be reached', { cause });
    this.name = 'NetworkError';
  }
}

/** Why a read failed, for what the page says: the thing is gone, the shop is unreachable, or the shop failed. */
type FailureKind = 'not-found' | 'network' | 'server';

export function failureKind(error: unknown): FailureKind {
  if (error instanceof ApiError && error.status === 404) return 'not-found';
  if (error instanceof NetworkError) return 'network';
  return 'server';
}

/** What a read uses of an answer: a fetch Response has it, and so has a server render's in-process answer. */
export interface FetchedAnswer {
  ok: boolean;
  status: number;
  statusText: string;
  headers: { get(name: string): string | null };
  text(): Promise<string>;
}

/** How a request reaches the shop: the platform's fetch, or what a server render hands in. */
export type Fetcher = (url: string, init: RequestInit) => Promise<FetchedAnswer>;

/**
 * What a query function passes on to its read: the query's meta, where a server render's QueryClient
 * names the fetch its reads go through (answered in-process, decision 021). In the browser it names none.
 */
export type ReadMeta = { fetch?: Fetcher };
export interface ReadContext {
  meta?: ReadMeta | undefined;
}

/** fetch, with a refused or dropped connection as NetworkError; a cancelled read stays an AbortError. */
async function send(url: string, init: RequestInit, fetcher: Fetcher = fetch): Promise<FetchedAnswer> {
  try {
    return await fetcher(url, init);
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new NetworkError(error);
  }
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** JSON -> its message field, else its error field, else the whole JSON; otherwise "{status}: {text or statusText}". */
export function errorMessageOf(status: number, statusText: string, text: string, contentType: string | null): { message: string; body: unknown } {
  if (contentType?.includes('json')) {
    try {
      const body: unknown = JSON.parse(text);
      if (isRecord(body) && typeof body.message === 'string' && body.message) return { message: body.message, body };
      if (isRecord(body) && typeof body.error === 'string' && body.error) return { message: body.error, body };
      return { message: JSON.stringify(body), body };
    } catch {
      // not JSON after all: fall through to the text rule
    }
  }
  return { message: `${status}: ${text || statusText}`, body: text };
}

function issuesOf(body: unknown): ApiIssue[] {
  if (!isRecord(body) || !Array.isArray(body.issues)) return [];
  return body.issues.filter((issue): issue is ApiIssue => isRecord(issue) && typeof issue.path === 'string' && typeof issue.message === 'string');
}

async function throwIfNotOk(response: FetchedAnswer): Promise<void> {
  if (response.ok) return;
  const text = await response.text();
  const { message, body } = errorMessageOf(response.status, response.statusText, text, response.headers.get('content-type'));
  throw new ApiError(response.status, message, body, issuesOf(body));
}

async function readBody<T>(response: FetchedAnswer): Promise<T> {
  const text = await response.text();
  if (!text) return null as T;
  return (response.headers.get('content-type')?.includes('json') ? JSON.parse(text) : text) as T;
}

/** Any call; the answer's JSON (null when empty). Throws ApiError when not ok. */
export async function apiRequest<T = unknown>(method: string, url: string, body?: unknown, signal?: AbortSignal): Promise<T> {
  const response = await send(url, {
    method,
    credentials: 'include',
    headers: body === undefined ? undefined : { 'Content-Type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
    // a write whose answer no longer matters (a tax for an address since changed) is cancelled by its caller
    ...(signal ? { signal } : {}),
  });
  await throwIfNotOk(response);
  return readBody<T>(response);
}

/** A multipart write (a form with a file); the browser sets the boundary. Throws ApiError when not ok. */
export async function apiFormRequest<T = unknown>(method: string, url: string, form: FormData): Promise<T> {
  const response = await send(url, { method, credentials: 'include', body: form });
  await throwIfNotOk(response);
  return readBody<T>(response);
}

/** A read. With `on401: 'returnNull'` a 401 is an empty result instead of an error; `meta` from the query's context. */
export async function getJson<T>(url: string, options: { on401?: 'throw' | 'returnNull'; signal?: AbortSignal } & ReadContext = {}): Promise<T> {
  const response = await send(url, { credentials: 'include', signal: options.signal }, options.meta?.fetch);
  if (options.on401 === 'returnNull' && response.status === 401) {
    // read the (tiny) body anyway: a no-store answer left unread keeps the request open in the browser
    await response.text().catch(() => '');
    return null as T;
  }
  await throwIfNotOk(response);
  return readBody<T>(response);
}

/** A query string from the defined, non-empty values. */
export function withQuery(path: string, params: Record<string, string | number | undefined | null>): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value !== undefined && value !== null && value !== '') search.set(key, String(value));
  }
  const query = search.toString();
  return query ? `${path}?${query}` : path;
}
