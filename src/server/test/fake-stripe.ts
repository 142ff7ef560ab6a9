import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import Stripe from 'stripe';

// Stripe faked at the network edge. The real stripe-node client talks to this
// server (STRIPE_API_BASE) and it answers the part of the API the shop uses:
//   POST /v1/payment_intents, GET /v1/payment_intents/:id, POST /v1/payment_intents/:id/cancel,
//   POST /v1/refunds (never more than the payment's amount; metadata kept)
// with Stripe's shapes, errors and idempotency-key replay; and for the admin diagnostics
//   GET /v1/balance (livemode follows the key, as on Stripe) and GET /v1/webhook_endpoints.

export interface FakeIntent {
  id: string;
  object: 'payment_intent';
  amount: number;
  currency: string;
  status: string;
  client_secret: string;
  metadata: Record<string, string>;
  description: string | null;
  receipt_email: string | null;
  last_payment_error: { message: string; code: string } | null;
  livemode: false;
  created: number;
}

interface FakeRefund {
  id: string;
  object: 'refund';
  amount: number;
  payment_intent: string;
  status: 'succeeded';
  currency: string;
  created: number;
  metadata: Record<string, string>;
}

interface FakeWebhookEndpoint {
  id: string;
  object: 'webhook_endpoint';
  url: string;
  status: 'enabled' | 'disabled';
  enabled_events: string[];
  livemode: boolean;
  created: number;
  description: string | null;
  metadata: Record<string, string>;
  api_version: string | null;
  application: string | null;
}

export interface FakeStripe {
  url: string;
  /** the account's webhook endpoints, listed by GET /v1/webhook_endpoints (oldest first here, newest first there) */
  webhookEndpoints: FakeWebhookEndpoint[];
  addWebhookEndpoint(values: Partial<FakeWebhookEndpoint> & { url: string }): FakeWebhookEndpoint;
  /** null: the balance's livemode follows the key (sk_live_/rk_live_); a boolean overrides it */
  balanceLivemode: boolean | null;
  intents: Map<string, FakeIntent>;
  refunds: FakeRefund[];
  requests: Array<{ method: string; path: string; idempotencyKey: string | null; authorization: string | null }>;
  /** this many creates answer Stripe's 500 api_error (stripe-node retries, so set it above the retry count) */
  failCreates: number;
  /** this many refunds answer Stripe's 500 api_error (stripe-node retries twice, so 3 make one call fail) */
  failRefunds: number;
  /** what the shopper's browser would do with Stripe.js: pay, or fail with a decline */
  succeed(id: string): FakeIntent;
  decline(id: string, message?: string): FakeIntent;
  close(): Promise<void>;
}

function readForm(request: IncomingMessage): Promise<URLSearchParams> {
  return new Promise((resolve, reject) => {
    let body = '';
    request.setEncoding('utf8');
    request.on('data', (chunk: string) => (body += chunk));
    request.on('end', () => resolve(new URLSearchParams(body)));
    request.on('error', reject);
  });
}

function send(response: ServerResponse, status: number, body: unknown): void {
  response.writeHead(status, { 'content-type': 'application/json', 'request-id': `req_${randomBytes(6).toString('hex')}` });
  response.end(JSON.stringify(body));
}

const missing = (id: string) => ({
  error: { type: 'invalid_request_error', code: 'resource_missing', message: `No such payment_intent: '${id}'`, param: 'intent' },
});

function metadataOf(form: URLSearchParams): Record<string, string> {
  const metadata: Record<string, string> = {};
  for (const [key, value] of form) {
    const match = /^metadata\[(.+)\]$/.exec(key);
    if (match) metadata[match[1]!] = value;
  }
  return metadata;
}

/** Stripe's list pagination: newest first, `limit` per page, `starting_after` an id from the last page. */
function listPage(items: FakeWebhookEndpoint[], query: URLSearchParams, url: string) {
  const newestFirst = [...items].reverse();
  const limit = Math.min(100, Math.max(1, Number(query.get('limit') ?? 10) || 10));
  const after = query.get('starting_after');
  const start = after ? newestFirst.findIndex((item) => item.id === after) + 1 : 0;
  const data = newestFirst.slice(start, start + limit);
  return { object: 'list', url, has_more: start + limit < newestFirst.length, data };
}

export async function startFakeStripe(): Promise<FakeStripe> {
  const intents = new Map<string, FakeIntent>();
  const replays = new Map<string, FakeIntent>();
  const refundReplays = new Map<string, FakeRefund>();
  const requests: FakeStripe['requests'] = [];

  const fake: FakeStripe = {
    url: '',
    webhookEndpoints: [],
    addWebhookEndpoint(values) {
      const endpoint: FakeWebhookEndpoint = {
        id: `we_${randomBytes(12).toString('hex')}`,
        object: 'webhook_endpoint',
        status: 'enabled',
        enabled_events: ['payment_intent.succeeded', 'payment_intent.payment_failed'],
        livemode: false,
        created: Math.floor(Date.now() / 1000),
        description: null,
        metadata: {},
        api_version: null,
        application: null,
        ...values,
      };
      fake.webhookEndpoints.push(endpoint);
      return endpoint;
    },
    balanceLivemode: null,
    intents,
    refunds: [],
    requests,
    failCreates: 0,
    failRefunds: 0,
    succeed(id) {
      const intent = intents.get(id)!;
      Object.assign(intent, { status: 'succeeded', last_payment_error: null });
      return structuredClone(intent);
    },
    decline(id, message = 'Your card was declined.') {
      const intent = intents.get(id)!;
      Object.assign(intent, { status: 'requires_payment_method', last_payment_error: { message, code: 'card_declined' } });
      return structuredClone(intent);
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };

  async function handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const path = new URL(request.url ?? '/', 'http://fake').pathname;
    const idempotencyKey = (request.headers['idempotency-key'] as string | undefined) ?? null;
    requests.push({ method: request.method ?? '', path, idempotencyKey, authorization: request.headers.authorization ?? null });
    if (!/^Bearer (sk|rk)_/.test(request.headers.authorization ?? '')) {
      return send(response, 401, { error: { type: 'invalid_request_error', message: 'Invalid API Key provided' } });
    }
    const form = request.method === 'POST' ? await readForm(request) : new URLSearchParams();

    if (request.method === 'POST' && path === '/v1/payment_intents') {
      if (idempotencyKey && replays.has(idempotencyKey)) return send(response, 200, replays.get(idempotencyKey));
      if (fake.failCreates > 0) {
        fake.failCreates -= 1;
        return send(response, 500, { error: { type: 'api_error', message: 'Something went wrong on our end.' } });
      }
      const amount = Number(form.get('amount'));
      if (!Number.isInteger(amount) || amount < 50) {
        return send(response, 400, {
          error: { type: 'invalid_request_error', code: 'amount_too_small', message: 'Amount must be at least $0.50 usd', param: 'amount' },
        });
      }
      const metadata = metadataOf(form);
      const id = `pi_${randomBytes(12).toString('hex')}`;
      const intent: FakeIntent = {
        id,
        object: 'payment_intent',
        amount,
        currency: form.get('currency') ?? 'usd',
        status: 'requires_payment_method',
        client_secret: `${id}_secret_${randomBytes(8).toString('hex')}`,
        metadata,
        description: form.get('description'),
        receipt_email: form.get('receipt_email'),
        last_payment_error: null,
        livemode: false,
        created: Math.floor(Date.now() / 1000),
      };
      intents.set(id, intent);
      if (idempotencyKey) replays.set(idempotencyKey, structuredClone(intent));
      return send(response, 200, intent);
    }

    if (request.method === 'POST' && path === '/v1/refunds') {
      if (idempotencyKey && refundReplays.has(idempotencyKey)) return send(response, 200, refundReplays.get(idempotencyKey));
      if (fake.failRefunds > 0) {
        fake.failRefunds -= 1;
        return send(response, 500, { error: { type: 'api_error', message: 'Something went wrong on our end.' } });
      }
      const intentId = form.get('payment_intent') ?? '';
      const intent = intents.get(intentId);
      if (!intent) return send(response, 404, missing(intentId));
      const refunded = fake.refunds.filter((refund) => refund.payment_intent === intentId).reduce((sum, refund) => sum + refund.amount, 0);
      const amount = Number(form.get('amount') ?? intent.amount - refunded);
      if (intent.status !== 'succeeded' || amount > intent.amount - refunded) {
        return send(response, 400, {
          error: { type: 'invalid_request_error', code: 'charge_already_refunded', message: `Refund of ${amount} exceeds what is left of ${intentId}.` },
        });
      }
      const refund: FakeRefund = {
        id: `re_${randomBytes(12).toString('hex')}`,
        object: 'refund',
        amount,
        payment_intent: intentId,
        status: 'succeeded',
        currency: intent.currency,
        created: Math.floor(Date.now() / 1000),
        metadata: metadataOf(form),
      };
      fake.refunds.push(refund);
      if (idempotencyKey) refundReplays.set(idempotencyKey, refund);
      return send(response, 200, refund);
    }

    if (request.method === 'GET' && path === '/v1/balance') {
      const livemode = fake.balanceLivemode ?? /^Bearer (sk|rk)_live_/.test(request.headers.authorization ?? '');
      return send(response, 200, { object: 'balance', available: [{ amount: 0, currency: 'usd' }], pending: [{ amount: 0, currency: 'usd' }], livemode });
    }
    if (request.method === 'GET' && path === '/v1/webhook_endpoints') {
      return send(response, 200, listPage(fake.webhookEndpoints, new URL(request.url ?? '/', 'http://fake').searchParams, path));
    }

    const one = /^\/v1\/payment_intents\/([^/]+)(\/cancel)?$/.exec(path);
    if (one) {
      const intent = intents.get(one[1]!);
      if (!intent) return send(response, 404, missing(one[1]!));
      if (!one[2] && request.method === 'GET') return send(response, 200, intent);
      if (one[2] && request.method === 'POST') {
        if (intent.status === 'succeeded' || intent.status === 'canceled' || intent.status === 'processing') {
          return send(response, 400, {
            error: {
              type: 'invalid_request_error',
              code: 'payment_intent_unexpected_state',
              message: `You cannot cancel this PaymentIntent because it has a status of ${intent.status}.`,
            },
          });
        }
        intent.status = 'canceled';
        return send(response, 200, intent);
      }
    }
    send(response, 404, { error: { type: 'invalid_request_error', message: `Unrecognized request URL (${request.method}: ${path})` } });
  }

  const server: Server = createServer((request, response) => {
    handle(request, response).catch((error: unknown) => send(response, 500, { error: { type: 'api_error', message: String(error) } }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  fake.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return fake;
}

let deliveredEvents = 0;

/**
 * A Stripe event as its webhook sends it (`type`, `data.object`), signed with the shop's webhook secret and
 * delivered to the app under test; `id` when a test needs Stripe's redelivery of the same event.
 */
export function deliverStripeEvent(
  app: FastifyInstance,
  secret: string,
  type: string,
  object: object,
  id = `evt_${++deliveredEvents}_${Date.now()}`,
): Promise<LightMyRequestResponse> {
  const payload = JSON.stringify({
    id,
    object: 'event',
    type,
    api_version: '2025-01-01',
    created: Math.floor(Date.now() / 1000),
    livemode: false,
    data: { object },
  });
  const header = Stripe.webhooks.generateTestHeaderString({ payload, secret });
  return app.inject({ method: 'POST', url: '/api/stripe/webhook', payload, headers: { 'content-type': 'application/json', 'stripe-signature': header } });
}
