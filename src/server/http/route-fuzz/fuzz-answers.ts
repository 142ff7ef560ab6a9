import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import type { FuzzRequest } from './fuzz-requests.ts';
import type { Role } from './fuzz-examples.ts';
import { shorten } from './junk-values.ts';
import { knownFinding } from './known-findings.ts';
import type { Operation } from './openapi-operations.ts';

/** What every answer must be, and a tally of the answers (by operation and role) and of the known findings met. */
export class AnswerChecks {
  /** how each operation answered each role: a route that never answers 2xx is fuzzed only at its door */
  readonly statuses = new Map<string, Map<number, number>>();
  readonly knownHits = new Map<string, number>();

  /** `logged`: what the app logs at error level (a 500's stack), shown beside the request that caused it */
  constructor(private readonly logged: string[]) {}

  check(operation: Operation | null, role: Role, request: FuzzRequest, response: LightMyRequestResponse, logStart: number): void {
    const status = response.statusCode;
    const name = operation?.name ?? 'page';
    const counts = this.statuses.get(`${name} as ${role}`) ?? new Map<number, number>();
    this.statuses.set(`${name} as ${role}`, counts.set(status, (counts.get(status) ?? 0) + 1));
    const logged = this.logged.slice(logStart).join('');
    const answer = () => `${status} ${shorten(response.body, 300)}${logged ? `\nlogged:\n${logged.slice(0, 3000)}` : ''}`;
    if (status >= 500) {
      const known = knownFinding(name, role, request);
      if (known) return void this.knownHits.set(known.finding, (this.knownHits.get(known.finding) ?? 0) + 1);
      throw new Error(`server error: ${answer()}`);
    }
    // "not modified" is a read's answer: a write has happened, or not, and says so
    if (request.method !== 'GET' && request.method !== 'HEAD') expect(status, answer()).not.toBe(304);
    if (operation?.admin && role !== 'admin' && reachesRoute(operation, request, response)) {
      // 401 for a visitor (403 when a forged session cookie came from a foreign origin), 403 for a customer
      const refused = role === 'anonymous' && bodyOf(response).message !== 'Cross-origin request refused' ? 401 : 403;
      expect(status, `an admin route answered ${answer()}`).toBe(refused);
    }
    // needs Stripe's signature over the body, which no generated request has: 400 (or before that, 403 from
    // the origin check for a session cookie from elsewhere, 413 past its 1 MB, 415 for a Content-Type that does not parse)
    if (name === 'POST /api/stripe/webhook') {
      expect(Object.keys(WEBHOOK_REFUSALS).map(Number), answer()).toContain(status);
      if (status !== 400) expect(bodyOf(response).message, answer()).toBe(WEBHOOK_REFUSALS[status]);
    }
  }

  /** How many requests an operation was sent as a role. */
  sent(name: string, role: Role): number {
    return [...(this.statuses.get(`${name} as ${role}`)?.values() ?? [])].reduce((sum, count) => sum + count, 0);
  }
}

const WEBHOOK_REFUSALS: Record<number, string> = {
  400: '',
  403: 'Cross-origin request refused',
  413: 'Request body is too large',
  415: 'Unsupported media type',
};

function bodyOf(response: LightMyRequestResponse): { message?: unknown; code?: unknown } {
  try {
    return response.json();
  } catch {
    return {};
  }
}

// Fastify's maxParamLength: a longer path parameter matches no route with parameters
const MAX_PARAM_LENGTH = 100;

/**
 * Whether the request reached the operation's route at all: the router refuses a malformed path segment
 * itself (400 FST_ERR_BAD_URL), a segment too long for a parameter matches no route (414, or the
 * not-found answer where a wildcard route catches it), and inject resolves "." and ".." to another path.
 */
function reachesRoute(operation: Operation, request: FuzzRequest, response: LightMyRequestResponse): boolean {
  if (/^FST_ERR_(BAD_URL|MAX_PARAM_LENGTH)$/.test(String(bodyOf(response).code))) return false;
  const { pathname } = new URL(request.url, 'http://localhost');
  // (a HEAD answer has no body to tell why)
  if (pathname.split('/').some((segment) => segment.length > MAX_PARAM_LENGTH || !decodes(segment))) return false;
  const template = new RegExp(`^${operation.path.replace(/\{\*\}/g, '.*').replace(/\{\w+\}/g, '[^/]+')}$`);
  return template.test(pathname);
}

function decodes(segment: string): boolean {
  try {
    decodeURIComponent(segment);
    return true;
  } catch {
    return false;
  }
}
