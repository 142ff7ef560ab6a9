import type { FastifyInstance } from 'fastify';
import type { Fetcher } from '#client/ssr-entry.tsx';

// The pages are rendered from the client's own query options (same keys, same query functions), so the
// data handed to the browser is exactly what its reads would get. Those functions read through the fetch
// their QueryClient names (the render's, createRenderQueryClient); this one answers a read in-process by
// app.inject: the same route, validation, service and serializer as the API, no socket and no loopback
// connection. Only the public catalogue and content reads are answered, without the visitor's cookies:
// nothing signed-in can reach a rendered (and cached) page.

/** The reads a page may be rendered from: the same for every visitor. Products and brands by id or slug. */
export const PAGE_READS =
  /^\/api\/(site-settings|home|contact-info|policies|config|product-types|brands(\/featured|\/[a-z0-9-]{1,100})?|products(\/featured|\/[a-z0-9-]{1,100})?|catalog(\/compare)?|paddle-finder|shipping\/promise)(\?.*)?$/;

/** The fetch a render's reads go through: `app` answers the page reads, anything else is refused. */
export function inProcessReads(app: FastifyInstance): Fetcher {
  return async (url) => {
    if (!PAGE_READS.test(url)) return new Response(JSON.stringify({ message: 'Not available while rendering' }), { status: 403 });
    const answer = await app.inject({ method: 'GET', url, headers: { accept: 'application/json' } });
    const headers = new Headers();
    const contentType = answer.headers['content-type'];
    if (typeof contentType === 'string') headers.set('content-type', contentType);
    return new Response(answer.statusCode === 204 || answer.statusCode === 304 ? null : answer.body, { status: answer.statusCode, headers });
  };
}
