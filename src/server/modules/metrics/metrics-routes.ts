import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import type { CheckoutRefusal, ShopMetrics } from './metrics-service.ts';

/** The two routes that place an order and start its payment (spec: create-payment-intent; decision 042: a wallet's). */
const CHECKOUT_ROUTES = new Set(['/api/create-payment-intent', '/api/express-checkout/orders']);

const REFUSAL_OF_STATUS: Record<number, CheckoutRefusal> = { 400: 'invalid_input', 409: 'conflict', 429: 'quota', 502: 'provider', 503: 'unavailable' };

/**
 * Times every answered request under its route pattern (`/api/products/:id`, never `/api/products/17`:
 * one series per route however many products), and counts the checkouts' outcomes from their answers.
 */
export function installRequestMetrics(app: FastifyInstance, metrics: ShopMetrics): void {
  app.addHook('onResponse', (request, reply, done) => {
    // no pattern: nothing matched (404), or a raw hijacked answer
    const route = request.routeOptions.url ?? 'unmatched';
    metrics.observeRequest(route, request.method, reply.statusCode, reply.elapsedTime / 1000);
    if (request.method === 'POST' && CHECKOUT_ROUTES.has(route)) {
      if (reply.statusCode < 300) metrics.checkoutPlaced();
      else metrics.checkoutRefused(REFUSAL_OF_STATUS[reply.statusCode] ?? 'other');
    }
    done();
  });
}

/**
 * Prometheus's scrape address, outside /api and the API reference. Without a token configured it is not
 * there (404); with one, it answers only `Authorization: Bearer <token>`: request figures and queue depth
 * are not for everyone.
 */
export const metricsRoutes: FastifyPluginAsync<{ metrics: ShopMetrics | null; token: string | undefined }> = async (app, { metrics, token }) => {
  const expected = token ? digest(token) : null;
  app.get('/metrics', { schema: { hide: true } }, async (request, reply) => {
    reply.header('cache-control', 'no-store');
    if (!metrics || !expected) return reply.status(404).send({ message: 'Not found' });
    const presented = /^Bearer\s+(.+)$/i.exec(request.headers.authorization ?? '')?.[1];
    if (!presented || !timingSafeEqual(digest(presented), expected)) {
      return reply.status(401).header('www-authenticate', 'Bearer realm="metrics"').send({ message: 'A valid metrics token is required' });
    }
    return reply.type(metrics.registry.contentType).send(await metrics.registry.metrics());
  });
};

// equal lengths for timingSafeEqual, whatever was sent
function digest(value: string): Buffer {
  return createHash('sha256').update(value).digest();
}
