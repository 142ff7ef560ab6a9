import { createHmac, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

// EasyPost faked at the network edge (decision 057). The real @easypost/api client talks to this server
// (EASYPOST_API_BASE) and it answers the part of the API the shop uses, with EasyPost's shapes:
//   POST /v2/shipments (rates for the parcel), GET /v2/shipments/:id, POST /v2/shipments/:id/buy
//   (one purchase per shipment; an Idempotency-Key replays its first answer), POST /v2/shipments/:id/refund
// and serves the labels' PDFs. Its prices follow a rule the tests can work out to the cent.

interface FakeRate {
  id: string;
  object: 'Rate';
  shipment_id: string;
  carrier: string;
  service: string;
  rate: string;
  currency: 'USD';
  delivery_days: number;
}

interface FakeShipment {
  id: string;
  object: 'Shipment';
  mode: 'test';
  to_address: Record<string, unknown>;
  from_address: Record<string, unknown>;
  parcel: { weight: number; length?: number; width?: number; height?: number };
  rates: FakeRate[];
  selected_rate: FakeRate | null;
  tracking_code: string | null;
  postage_label: { object: 'PostageLabel'; label_url: string; label_pdf_url: string; label_file_type: 'application/pdf' } | null;
  tracker: { object: 'Tracker'; public_url: string } | null;
  refund_status: string | null;
}

export interface FakeEasyPost {
  url: string;
  /** the API base the client is given (…/v2/) */
  apiBase: string;
  shipments: Map<string, FakeShipment>;
  /** labels actually bought (a replayed purchase is not another) */
  purchases: string[];
  requests: Array<{ method: string; path: string; idempotencyKey: string | null }>;
  /** answer every request with EasyPost's 503 */
  down: boolean;
  /** wait this long before answering rates (a slow carrier) */
  delayMs: number;
  close(): Promise<void>;
}

/** The fake's prices: a base per service plus a price per started pound. */
const SERVICES: Array<{ carrier: string; service: string; baseCents: number; perPoundCents: number; days: number }> = [
  { carrier: 'USPS', service: 'GroundAdvantage', baseCents: 550, perPoundCents: 60, days: 5 },
  { carrier: 'USPS', service: 'Priority', baseCents: 800, perPoundCents: 110, days: 2 },
  { carrier: 'UPS', service: 'Ground', baseCents: 1025, perPoundCents: 95, days: 4 },
  { carrier: 'UPS', service: 'NextDayAir', baseCents: 3000, perPoundCents: 250, days: 1 },
];

/** The fake's price of a service for a parcel of `weightOz`, in cents: base + per pound started. */
export function fakeRateCents(service: string, weightOz: number): number {
  const entry = SERVICES.find((candidate) => candidate.service === service);
  if (!entry) throw new Error(`the fake does not rate ${service}`);
  return entry.baseCents + entry.perPoundCents * Math.ceil(weightOz / 16);
}

/** EasyPost's webhook signature header for a body (X-Hmac-Signature), as EasyPost computes it. */
export function signEasyPostWebhook(body: string, secret: string): string {
  return `hmac-sha256-hex=${createHmac('sha256', Buffer.from(secret.normalize('NFKD'), 'utf8'))
    .update(body, 'utf8')
    .digest('hex')}`;
}

/** A `tracker.updated` event as EasyPost sends it. */
export function trackerEvent(values: { trackingCode: string; status: string; shipmentId?: string }): string {
  return JSON.stringify({
    id: `evt_${randomBytes(8).toString('hex')}`,
    object: 'Event',
    description: 'tracker.updated',
    mode: 'test',
    result: {
      id: `trk_${randomBytes(8).toString('hex')}`,
      object: 'Tracker',
      tracking_code: values.trackingCode,
      status: values.status,
      shipment_id: values.shipmentId ?? null,
    },
  });
}

const id = (prefix: string) => `${prefix}_${randomBytes(12).toString('hex')}`;

function readJson(request: IncomingMessage): Promise<Record<string, unknown>> {
  return new Promise((resolve, reject) => {
    let body = '';
    request.setEncoding('utf8');
    request.on('data', (chunk: string) => (body += chunk));
    request.on('end', () => {
      try {
        resolve(body ? (JSON.parse(body) as Record<string, unknown>) : {});
      } catch (error) {
        reject(error as Error);
      }
    });
    request.on('error', reject);
  });
}

function send(response: ServerResponse, status: number, body: unknown) {
  response.writeHead(status, { 'content-type': 'application/json' });
  response.end(JSON.stringify(body));
}

const apiError = (response: ServerResponse, status: number, code: string, message: string) => send(response, status, { error: { code, message, errors: [] } });

/** On a port of the caller's choosing (the browser suite's, which must know it before the shop starts), else any free one. */
export async function startFakeEasyPost(port = 0): Promise<FakeEasyPost> {
  const shipments = new Map<string, FakeShipment>();
  const replays = new Map<string, { status: number; body: unknown }>();
  let url = '';

  const fake: FakeEasyPost = {
    url: '',
    apiBase: '',
    shipments,
    purchases: [],
    requests: [],
    down: false,
    delayMs: 0,
    close: async () => {},
  };

  function createShipment(body: Record<string, unknown>): FakeShipment {
    const params = (body.shipment ?? {}) as { to_address?: Record<string, unknown>; from_address?: Record<string, unknown>; parcel?: FakeShipment['parcel'] };
    const weight = Number(params.parcel?.weight);
    const shipmentId = id('shp');
    const shipment: FakeShipment = {
      id: shipmentId,
      object: 'Shipment',
      mode: 'test',
      to_address: params.to_address ?? {},
      from_address: params.from_address ?? {},
      parcel: { ...params.parcel, weight },
      rates: SERVICES.map((entry) => ({
        id: id('rate'),
        object: 'Rate',
        shipment_id: shipmentId,
        carrier: entry.carrier,
        service: entry.service,
        rate: (fakeRateCents(entry.service, weight) / 100).toFixed(2),
        currency: 'USD',
        delivery_days: entry.days,
      })),
      selected_rate: null,
      tracking_code: null,
      postage_label: null,
      tracker: null,
      refund_status: null,
    };
    shipments.set(shipment.id, shipment);
    return shipment;
  }

  function buy(shipment: FakeShipment, rateId: string): FakeShipment {
    const rate = shipment.rates.find((candidate) => candidate.id === rateId);
    if (!rate) throw new Error('rate');
    const trackingCode = `9400${randomBytes(9).toString('hex').replace(/\D/g, '').padEnd(18, '7').slice(0, 18)}`;
    shipment.selected_rate = rate;
    shipment.tracking_code = trackingCode;
    const label = `${url}/labels/${shipment.id}.pdf`;
    shipment.postage_label = { object: 'PostageLabel', label_url: label, label_pdf_url: label, label_file_type: 'application/pdf' };
    shipment.tracker = { object: 'Tracker', public_url: `https://track.easypost.com/${trackingCode}` };
    fake.purchases.push(shipment.id);
    return shipment;
  }

  async function handle(request: IncomingMessage, response: ServerResponse) {
    const path = new URL(request.url ?? '/', 'http://fake').pathname;
    const idempotencyKey = typeof request.headers['idempotency-key'] === 'string' ? request.headers['idempotency-key'] : null;
    fake.requests.push({ method: request.method ?? 'GET', path, idempotencyKey });
    if (request.method === 'GET' && path.startsWith('/labels/')) {
      response.writeHead(200, { 'content-type': 'application/pdf' });
      response.end('%PDF-1.4\n% fake label\n%%EOF\n');
      return;
    }
    if (fake.down) return apiError(response, 503, 'SERVICE_UNAVAILABLE', 'The carrier is unavailable');
    const auth = request.headers.authorization ?? '';
    if (!auth.startsWith('Basic ')) return apiError(response, 401, 'APIKEY.REQUIRED', 'No API key');
    const body = request.method === 'POST' ? await readJson(request) : {};

    if (request.method === 'POST' && path === '/v2/shipments') {
      if (fake.delayMs > 0) await new Promise((resolve) => setTimeout(resolve, fake.delayMs));
      return send(response, 201, createShipment(body));
    }
    const match = /^\/v2\/shipments\/([^/]+)(?:\/(buy|refund))?$/.exec(path);
    const shipment = match ? shipments.get(match[1]!) : undefined;
    if (!match || !shipment) return apiError(response, 404, 'NOT_FOUND', 'The requested resource could not be found.');
    if (request.method === 'GET' && !match[2]) return send(response, 200, shipment);
    if (request.method === 'POST' && match[2] === 'buy') {
      const replay = idempotencyKey ? replays.get(idempotencyKey) : undefined;
      if (replay) return send(response, replay.status, replay.body);
      const rateId = (body.rate as { id?: string } | undefined)?.id ?? '';
      let answer: { status: number; body: unknown };
      if (shipment.selected_rate)
        answer = { status: 422, body: { error: { code: 'SHIPMENT.POSTAGE.EXISTS', message: 'Postage already exists for this shipment.', errors: [] } } };
      else if (!shipment.rates.some((rate) => rate.id === rateId))
        answer = { status: 422, body: { error: { code: 'SHIPMENT.RATE.INVALID', message: 'Invalid rate.', errors: [] } } };
      else answer = { status: 200, body: buy(shipment, rateId) };
      if (idempotencyKey) replays.set(idempotencyKey, answer);
      return send(response, answer.status, answer.body);
    }
    if (request.method === 'POST' && match[2] === 'refund') {
      shipment.refund_status = 'submitted';
      return send(response, 200, shipment);
    }
    return apiError(response, 404, 'NOT_FOUND', 'The requested resource could not be found.');
  }

  const server = createServer((request, response) => {
    handle(request, response).catch((error: unknown) => apiError(response, 500, 'INTERNAL_SERVER_ERROR', String(error)));
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  fake.url = url;
  fake.apiBase = `${url}/v2/`;
  fake.close = () =>
    new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    });
  return fake;
}
