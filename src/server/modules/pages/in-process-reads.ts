import { AsyncLocalStorage } from 'node:async_hooks';
import type { FastifyInstance } from 'fastify';

// The pages are rendered from the client's own query options (same keys, same query functions), so the
// data handed to the browser is exactly what its reads would get. Those functions call fetch('/api/...');
// while a page renders, such a relative read is answered in-process by app.inject: the same route,
// validation, service and serializer as the API, no socket and no loopback connection. Only the public
// catalogue and content reads are answered, without the visitor's cookies: nothing signed-in can reach
// a rendered (and cached) page.

/** The reads a page may be rendered from: the same for every visitor. Products and brands by id or slug. */
export const PAGE_READS =
  /^\/api\/(site-settings|contact-info|policies|config|product-types|brands(\/featured|\/[a-z0-9-]{1,100})?|products(\/featured|\/[a-z0-9-]{1,100})?|catalog(\/compare)?|paddle-finder)(\?.*)?$/;

type Fetch = typeof globalThis.fetch;
const pageReads = new AsyncLocalStorage<(url: string) => Promise<Response>>();
let installed = false;

/** Routes relative reads made while `run` runs (and what it starts) to `app`; every other fetch is the platform's. */
export function withInProcessReads<T>(app: FastifyInstance, run: () => Promise<T>): Promise<T> {
  installFetch();
  return pageReads.run((url) => readInProcess(app, url), run);
}

async function readInProcess(app: FastifyInstance, url: string): Promise<Response> {
  if (!PAGE_READS.test(url)) return new Response(JSON.stringify({ message: 'Not available while rendering' }), { status: 403 });
  const answer = await app.inject({ method: 'GET', url, headers: { accept: 'application/json' } });
  const headers = new Headers();
  const contentType = answer.headers['content-type'];
  if (typeof contentType === 'string') headers.set('content-type', contentType);
  return new Response(answer.statusCode === 204 || answer.statusCode === 304 ? null : answer.body, { status: answer.statusCode, headers });
}

function installFetch(): void {
  if (installed) return;
  installed = true;
  const platformFetch: Fetch = globalThis.fetch;
  globalThis.fetch = ((input: Parameters<Fetch>[0], init?: Parameters<Fetch>[1]) => {
    const read = pageReads.getStore();
    if (read && typeof input === 'string' && input.startsWith('/')) return read(input);
    return platformFetch(input, init);
  }) as Fetch;
}
