import type { FastifyInstance } from 'fastify';

/**
 * Admin answers carry customers' names, addresses and e-mails: no browser or proxy keeps a
 * copy (a shared shop computer's disk cache included). Install in an encapsulated admin plugin.
 */
export function sendNoStore(app: FastifyInstance): void {
  app.addHook('onSend', async (_request, reply, payload) => {
    reply.header('cache-control', 'no-store');
    return payload;
  });
}
