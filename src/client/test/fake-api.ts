import { onTestFinished, vi } from 'vitest';

// The network edge of a component test: `fetch` answered as the server would, by method and path.

/** A request as the page sent it: its method, path with query, and JSON body (undefined without one) or multipart form. */
export interface SentRequest {
  method: string;
  url: string;
  path: string;
  query: URLSearchParams;
  body: unknown;
  /** a multipart write's fields and files (a brand with its image, a CSV upload) */
  form: FormData | undefined;
}

/** What a route answers: JSON with a status (200 unless said) and extra headers (a list's X-Total-Count), or a network failure. */
export type Answer = { status?: number; json?: unknown; headers?: Record<string, string> } | { networkError: true };

type Route = (request: SentRequest) => Answer | Promise<Answer>;

/** A JSON answer; `status` for an error (the server's `{ message, issues? }` shape). */
export const ok = (json: unknown): Answer => ({ json });
export const fails = (status: number, message: string, issues?: { path: string; message: string }[]): Answer => ({
  status,
  json: issues ? { message, issues } : { message },
});

/**
 * Replaces `fetch` with the given routes, keyed "GET /api/config" (path without query). A request
 * no route names fails the test with its method and path, so a page cannot quietly ask for more
 * than the test knows (the test fails when it ends). Returns the requests sent, in order, and a way to change a route mid-test.
 */
export function fakeApi(routes: Record<string, Route | Answer>) {
  const table = new Map(Object.entries(routes));
  const sent: SentRequest[] = [];
  const unexpected: string[] = [];

  const fetchStub = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}): Promise<Response> => {
    const url = String(input instanceof Request ? input.url : input);
    const parsed = new URL(url, 'http://shop.test');
    const method = (init.method ?? 'GET').toUpperCase();
    const body = typeof init.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined;
    const form = init.body instanceof FormData ? init.body : undefined;
    const request: SentRequest = { method, url, path: parsed.pathname, query: parsed.searchParams, body, form };
    sent.push(request);
    const route = table.get(`${method} ${parsed.pathname}`);
    if (!route) {
      unexpected.push(`${method} ${url}`);
      return new Response(JSON.stringify({ message: `No fake route for ${method} ${parsed.pathname}` }), {
        status: 501,
        headers: { 'Content-Type': 'application/json' },
      });
    }
    const answer = typeof route === 'function' ? await route(request) : route;
    if ('networkError' in answer) throw new TypeError('Failed to fetch');
    const status = answer.status ?? 200;
    // a 204 (a deleted address) has no body at all, as the server sends it
    return new Response(status === 204 ? null : JSON.stringify(answer.json ?? null), {
      status,
      headers: { 'Content-Type': 'application/json', ...answer.headers },
    });
  });
  vi.stubGlobal('fetch', fetchStub);
  onTestFinished(() => {
    if (unexpected.length > 0) throw new Error(`Requests no fake route answers: ${unexpected.join(', ')}`);
  });

  return {
    /** every request the page sent, in order */
    sent,
    /** the requests to one route ("POST /api/create-payment-intent") */
    sentTo: (key: string) => sent.filter((request) => `${request.method} ${request.path}` === key),
    /** answers a route differently from now on */
    route: (key: string, answer: Route | Answer) => table.set(key, answer),
  };
}
