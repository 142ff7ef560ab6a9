import type EasyPostClient from '@easypost/api';
import { toCents } from '#common/money.ts';
import type { Config } from '#server/config.ts';

// The carrier API (EasyPost, through its official client; docs/decisions/057). Everything the shop asks
// of it goes through this one interface, so checkout, the label purchase and the tests' fake see one shape.

interface CarrierAddress {
  name?: string;
  street: string;
  city: string;
  state: string;
  zip: string;
  country: string;
  phone?: string | null;
}

/** Ounces and inches, as the API takes them; dimensions left out when unknown. */
export interface CarrierParcel {
  weightOz: number;
  lengthIn?: number;
  widthIn?: number;
  heightIn?: number;
}

export interface CarrierRateQuote {
  id: string;
  /** lower-case: usps, ups, fedex, or another carrier's own name */
  carrier: string;
  service: string;
  cents: number;
  deliveryDays: number | null;
}

interface CarrierShipmentQuote {
  shipmentId: string;
  rates: CarrierRateQuote[];
}

interface BoughtLabel {
  shipmentId: string;
  carrier: string;
  service: string;
  cents: number;
  trackingCode: string;
  trackingUrl: string | null;
  labelUrl: string;
}

export interface CarrierClient {
  /** a shipment at the provider with its rates, for a parcel between two addresses */
  quote(from: CarrierAddress, to: CarrierAddress, parcel: CarrierParcel): Promise<CarrierShipmentQuote>;
  /** buys the rate's label; the key makes a repeated request answer the same purchase */
  buy(shipmentId: string, rateId: string, idempotencyKey: string): Promise<BoughtLabel>;
  /** the provider's shipment as it stands (a label bought by an earlier request) */
  retrieve(shipmentId: string): Promise<BoughtLabel | null>;
  /** gives an unused label back (bought for units another parcel took meanwhile) */
  refund(shipmentId: string): Promise<void>;
  /** whether EASYPOST_WEBHOOK_SECRET is set: without it no event can be believed */
  webhookSecretSet: boolean;
  /** the webhook's body checked against its HMAC signature; throws when unsigned or forged */
  verifyWebhook(rawBody: Buffer, headers: Record<string, string | string[] | undefined>): Promise<unknown>;
}

interface EasyPostRate {
  id: string;
  carrier: string;
  service: string;
  rate: string;
  delivery_days?: number | null;
}

interface EasyPostShipment {
  id: string;
  rates?: EasyPostRate[];
  selected_rate?: EasyPostRate | null;
  tracking_code?: string | null;
  postage_label?: { label_url?: string | null; label_pdf_url?: string | null } | null;
  tracker?: { public_url?: string | null } | null;
}

/** superagent's request, as the client's middleware receives it */
interface Request {
  set(name: string, value: string): Request;
  timeout(limits: { response: number; deadline: number }): Request;
}

/** How long a label purchase may take at least (the carrier generates the PDF). */
const LABEL_TIMEOUT_MS = 20_000;

const DEFAULT_BASE = 'https://api.easypost.com/v2/';

const toAddress = (address: CarrierAddress) => ({
  name: address.name,
  street1: address.street,
  city: address.city,
  state: address.state,
  zip: address.zip,
  country: address.country,
  phone: address.phone ?? undefined,
});

const toRate = (rate: EasyPostRate): CarrierRateQuote => ({
  id: rate.id,
  carrier: rate.carrier.toLowerCase(),
  service: rate.service,
  cents: toCents(rate.rate),
  deliveryDays: rate.delivery_days ?? null,
});

function toLabel(shipment: EasyPostShipment): BoughtLabel | null {
  const rate = shipment.selected_rate;
  const labelUrl = shipment.postage_label?.label_pdf_url ?? shipment.postage_label?.label_url;
  if (!rate || !shipment.tracking_code || !labelUrl) return null;
  return { shipmentId: shipment.id, ...toRate(rate), trackingCode: shipment.tracking_code, trackingUrl: shipment.tracker?.public_url ?? null, labelUrl };
}

type CarrierConfig = Pick<Config, 'EASYPOST_API_KEY' | 'EASYPOST_API_BASE' | 'EASYPOST_WEBHOOK_SECRET' | 'EASYPOST_TIMEOUT_MS'>;

/** The carrier API, or null without EASYPOST_API_KEY (then every method prices from the owner's tables). */
export function createCarrierClient(config: CarrierConfig): CarrierClient | null {
  const key = config.EASYPOST_API_KEY;
  if (!key) return null;
  const baseUrl = (config.EASYPOST_API_BASE ?? DEFAULT_BASE).replace(/\/?$/, '/');
  const timeout = config.EASYPOST_TIMEOUT_MS;
  // the client keeps a timeout option but never applies it: a slow carrier must not hold checkout, so set it per request
  // the client's package (with its HTTP library) is loaded on the first carrier call, not at every start
  const clientWith = async (limitMs: number, idempotencyKey?: string): Promise<InstanceType<typeof EasyPostClient>> =>
    new (await import('@easypost/api')).default(key, {
      baseUrl,
      requestMiddleware: (request: Request) =>
        (idempotencyKey ? request.set('Idempotency-Key', idempotencyKey) : request).timeout({ response: limitMs, deadline: limitMs }),
    });
  let shared: Promise<InstanceType<typeof EasyPostClient>> | undefined;
  const client = () => (shared ??= clientWith(timeout));
  // buying a label is the owner's click, not a shopper's wait: it may take longer than a rate
  const withKey = (idempotencyKey: string) => clientWith(Math.max(timeout * 5, LABEL_TIMEOUT_MS), idempotencyKey);
  return {
    webhookSecretSet: Boolean(config.EASYPOST_WEBHOOK_SECRET),
    async quote(from, to, parcel) {
      const shipment = (await (
        await client()
      ).Shipment.create({
        from_address: toAddress(from),
        to_address: toAddress(to),
        parcel: { weight: parcel.weightOz, length: parcel.lengthIn, width: parcel.widthIn, height: parcel.heightIn },
        options: { label_format: 'PDF' },
      })) as unknown as EasyPostShipment;
      return { shipmentId: shipment.id, rates: (shipment.rates ?? []).map(toRate) };
    },
    async buy(shipmentId, rateId, idempotencyKey) {
      const shipment = (await (await withKey(idempotencyKey)).Shipment.buy(shipmentId, rateId)) as unknown as EasyPostShipment;
      const label = toLabel(shipment);
      if (!label) throw new Error(`the carrier answered shipment ${shipmentId} without a label`);
      return label;
    },
    async retrieve(shipmentId) {
      return toLabel((await (await client()).Shipment.retrieve(shipmentId)) as unknown as EasyPostShipment);
    },
    async refund(shipmentId) {
      await (await client()).Shipment.refund(shipmentId);
    },
    async verifyWebhook(rawBody, headers) {
      const secret = config.EASYPOST_WEBHOOK_SECRET;
      if (!secret) throw new Error('EASYPOST_WEBHOOK_SECRET is not set');
      return (await client()).Utils.validateWebhook(rawBody, headers, secret);
    },
  };
}
