import type { FastifyInstance } from 'fastify';
import type { FetchedAnswer, Fetcher } from '#client/ssr-entry.tsx';
import type { ReadAnswer } from './render-memo.ts';

// The pages are rendered from the client's own query options (same keys, same query functions), so the
// data handed to the browser is exactly what its reads would get. Those functions read through the fetch
// their QueryClient names (the render's, createRenderQueryClient); this one answers a read in-process by
// app.inject: the same route, validation, service and serializer as the API, no socket and no loopback
// connection. Only the public catalogue and content reads are answered, without the visitor's cookies:
// nothing signed-in can reach a rendered (and cached) page.

/** The reads a page may be rendered from: the same for every visitor. Products and brands by id or slug. */
export const PAGE_READS =
  /^\/api\/(site-settings|home|contact-info|policies|config|product-types|brands(\/featured|\/[a-z0-9-]{1,100})?|products(\/featured|\/[a-z0-9-]{1,100})?|catalog(\/compare)?|paddle-finder|shipping\/promise)(\?.*)?$/;

/** A read a render made: its address, and its answer once it came. */
export interface NotedRead {
  url: string;
  answer?: ReadAnswer;
}

/**
 * The fetch a render's reads go through: `app` answers the page reads, anything else is refused. Each read
 * is noted in `noted`, in the order the reads were asked, with its answer when it came: what the render
 * was drawn from (render-memo.ts). A refused read has no answer.
 */
export function inProcessReads(app: FastifyInstance, noted: NotedRead[] = []): Fetcher {
  return async (url) => {
    const read: NotedRead = { url };
    noted.push(read);
    if (!PAGE_READS.test(url)) return answered(403, 'application/json', JSON.stringify({ message: 'Not available while rendering' }));
    const answer = await app.inject({ method: 'GET', url, headers: { accept: 'application/json' } });
    read.answer = { status: answer.statusCode, body: answer.body };
    const contentType = answer.headers['content-type'];
    return answered(answer.statusCode, typeof contentType === 'string' ? contentType : null, answer.body);
  };
}

// what the reads use of an answer, without a fetch Response's streams: building those was a tenth of a page
function answered(status: number, contentType: string | null, body: string): FetchedAnswer {
  return {
    ok: status >= 200 && status < 300,
    status,
    statusText: '',
    headers: { get: (name) => (name.toLowerCase() === 'content-type' ? contentType : null) },
    text: async () => body,
  };
}
