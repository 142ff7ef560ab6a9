import Fastify, { type FastifyInstance } from 'fastify';
import helmet, { type FastifyHelmetOptions } from '@fastify/helmet';
import { VIDEO_FRAME_ORIGINS } from '#common/product-video.ts';

const contentSecurityPolicy = {
  defaultSrc: ["'self'"],
  // Stripe.js loads its Elements, the wallets of the Express Checkout Element among them, from js.stripe.com's subdomains
  scriptSrc: ["'self'", 'https://js.stripe.com', 'https://*.js.stripe.com'],
  styleSrc: ["'self'", "'unsafe-inline'"],
  imgSrc: ["'self'", 'data:', 'blob:', 'https://*.stripe.com'],
  connectSrc: ["'self'", 'https://api.stripe.com'],
  // and the product video's privacy-enhanced players, opened only by a click (decision 068)
  frameSrc: ['https://js.stripe.com', 'https://*.js.stripe.com', 'https://hooks.stripe.com', ...VIDEO_FRAME_ORIGINS],
  fontSrc: ["'self'", 'data:'],
  objectSrc: ["'none'"],
  baseUri: ["'self'"],
  formAction: ["'self'"],
  frameAncestors: ["'none'"],
};

/** helmet's defaults with the shop's CSP: Stripe's script, frames and API and the two video players' frames, nothing else from outside. */
export const shopHelmetOptions: FastifyHelmetOptions = { contentSecurityPolicy: { directives: contentSecurityPolicy } };

// Fastify's own and per-response headers: what remains of a probe's answer is helmet's.
const NOT_HELMET = new Set(['content-type', 'content-length', 'date', 'connection', 'keep-alive']);

/**
 * Helmet's headers, worked out once. @fastify/helmet rebuilds its middleware and parses the CSP
 * directives on every request (about a tenth of a product read's CPU in a profile), though the
 * answer never depends on the request: no route sets its own helmet options or CSP nonces. So
 * helmet itself answers one request of a throwaway app at start-up, and its headers are replayed.
 */
async function securityHeaders(options: FastifyHelmetOptions): Promise<Record<string, string>> {
  const probe = Fastify();
  try {
    await probe.register(helmet, options);
    probe.get('/', async () => 'probe');
    const response = await probe.inject({ url: '/' });
    const headers: Record<string, string> = {};
    for (const [name, value] of Object.entries(response.headers)) {
      if (!NOT_HELMET.has(name) && typeof value === 'string') headers[name] = value;
    }
    return headers;
  } finally {
    await probe.close();
  }
}

/** Every answer carries them, errors and 404s included, set before any handler runs (as helmet's hook did). */
export async function installSecurityHeaders(app: FastifyInstance, options: FastifyHelmetOptions): Promise<Record<string, string>> {
  const headers = await securityHeaders(options);
  app.addHook('onRequest', (_request, reply, done) => {
    reply.headers(headers);
    done();
  });
  return headers;
}
