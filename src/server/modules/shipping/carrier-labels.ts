import { and, eq, inArray, sql } from 'drizzle-orm';
import { parseBusinessAddress } from '#common/business-address.ts';
import { chooseBox, inchesFor } from '#common/parcel-boxes.ts';
import { CARRIERS, trackingUrlFor, type Carrier } from '#common/carriers.ts';
import type { AdminOrderDetail } from '#common/schemas/order-refunds.ts';
import type { BuyLabelInput, LabelRates } from '#common/schemas/shipments.ts';
import type { Database } from '#server/db/client.ts';
import { contactInfo, orderItems, orders, orderShipments, productVariants } from '#server/db/schema.ts';
import { conflict, DomainError, notFound, providerFailed } from '#server/errors/domain-errors.ts';
import type { MailService } from '#server/modules/mail/mail-service.ts';
import { fulfilOrder, labelShipmentOf, loadAdminOrderDetail, unitsLeftToShip, type Actor } from '#server/modules/orders/order-service.ts';
import type { CarrierClient, CarrierParcel } from './carrier-client.ts';
import { ouncesFor } from './carrier-rates.ts';
import { listShippingBoxes } from './shipping-boxes.ts';

// Labels bought from the order page's Fulfil dialog (docs/decisions/057): the chosen lines' parcel is
// rated by the carrier, the owner buys one rate, and the label's shipment is made like any other parcel.

export interface LabelDeps {
  db: Database;
  mail: MailService;
  carrier: CarrierClient | null;
}

type Log = { warn(obj: object, msg: string): void };
type Lines = BuyLabelInput['lines'];

const NO_CARRIER = 'Carrier labels need the carrier API: set EASYPOST_API_KEY (see the README), or enter the carrier and tracking number by hand.';

function carrierOf(deps: LabelDeps): CarrierClient {
  if (!deps.carrier) throw conflict(NO_CARRIER);
  return deps.carrier;
}

type Box = Awaited<ReturnType<typeof listShippingBoxes>>[number];

/**
 * The parcel of these lines: their weight summed, in the owner's box (the one asked for, else the smallest
 * they fit, decision 069) with its own weight; with no box that holds them, the largest item's length and
 * width and the items' heights stacked (decision 057).
 */
async function parcelFor(
  db: Database,
  orderId: number,
  lines: Lines,
  boxes: readonly Box[],
  boxId?: number,
): Promise<{ parcel: CarrierParcel; box: Box | null }> {
  const rows = await db
    .select({
      itemId: orderItems.id,
      grams: productVariants.weightGrams,
      length: productVariants.lengthMm,
      width: productVariants.widthMm,
      height: productVariants.heightMm,
    })
    .from(orderItems)
    .leftJoin(productVariants, eq(productVariants.id, orderItems.variantId))
    .where(
      and(
        eq(orderItems.orderId, orderId),
        inArray(
          orderItems.id,
          lines.map((line) => line.itemId),
        ),
      ),
    );
  const items = lines.map((line) => {
    const row = rows.find((candidate) => candidate.itemId === line.itemId);
    if (!row) throw notFound(`This order has no line ${line.itemId}.`);
    return { ...row, quantity: line.quantity };
  });
  const grams = items.reduce((sum, item) => sum + (item.grams ?? 0) * item.quantity, 0);
  const asked = boxId === undefined ? undefined : boxes.find((candidate) => candidate.id === boxId);
  if (boxId !== undefined && !asked) throw notFound('Box not found');
  const box =
    asked ??
    chooseBox(
      boxes,
      items.map((item) => ({ lengthMm: item.length, widthMm: item.width, heightMm: item.height, quantity: item.quantity })),
    );
  if (box) {
    const parcel = {
      weightOz: ouncesFor(grams + box.weightGrams),
      lengthIn: inchesFor(box.lengthMm),
      widthIn: inchesFor(box.widthMm),
      heightIn: inchesFor(box.heightMm),
    };
    return { parcel, box };
  }
  const length = Math.max(0, ...items.map((item) => item.length ?? 0));
  const width = Math.max(0, ...items.map((item) => item.width ?? 0));
  const height = items.reduce((sum, item) => sum + (item.height ?? 0) * item.quantity, 0);
  const size = length > 0 && width > 0 && height > 0 ? { lengthIn: inchesFor(length), widthIn: inchesFor(width), heightIn: inchesFor(height) } : {};
  return { parcel: { weightOz: ouncesFor(grams), ...size }, box: null };
}

async function addresses(db: Database, orderId: number) {
  const [order] = await db
    .select({
      orderNumber: orders.orderNumber,
      name: orders.customerName,
      street: orders.street,
      city: orders.city,
      state: orders.state,
      zip: orders.zipCode,
      country: orders.country,
      phone: orders.phone,
      kind: orders.shippingMethodKind,
      shop: sql<string | null>`(select ${contactInfo.address} from ${contactInfo} limit 1)`,
    })
    .from(orders)
    .where(eq(orders.id, orderId));
  if (!order) throw notFound('Order not found');
  if (order.kind === 'pickup') throw conflict(`Order #${order.orderNumber} is collected at the shop: it needs no label.`);
  const from = parseBusinessAddress(order.shop);
  if (!from) throw conflict('Set the shop\'s address in Contact ("street, city, state, ZIP") so labels know where parcels leave from.');
  if (!order.street || !order.city || !order.state || !order.zip) throw conflict(`Order #${order.orderNumber} has no shipping address to print on a label.`);
  const to = { name: order.name, street: order.street, city: order.city, state: order.state, zip: order.zip, country: order.country, phone: order.phone };
  return { orderNumber: order.orderNumber, from: { ...from, name: 'Shipping department' }, to };
}

/** Refuses lines the order no longer has left to ship, before any label is paid for. */
async function refuseShipped(db: Database, orderId: number, orderNumber: string, lines: Lines): Promise<void> {
  const left = await unitsLeftToShip(db, orderId);
  for (const line of lines) {
    const have = left.find((candidate) => candidate.itemId === line.itemId)?.quantity ?? 0;
    if (line.quantity > have)
      throw conflict(`Only ${have} of that item ${have === 1 ? 'is' : 'are'} left to ship on order #${orderNumber}, not ${line.quantity}. Reload to see it.`);
  }
}

/** The carrier's rates for the parcel of these lines, cheapest first. */
export async function quoteLabel(deps: LabelDeps, orderId: number, input: { lines: Lines; boxId?: number }, log?: Log): Promise<LabelRates> {
  const { lines } = input;
  const carrier = carrierOf(deps);
  const { orderNumber, from, to } = await addresses(deps.db, orderId);
  await refuseShipped(deps.db, orderId, orderNumber, lines);
  const boxes = await listShippingBoxes(deps.db);
  const { parcel, box } = await parcelFor(deps.db, orderId, lines, boxes, input.boxId);
  const boxChoices = boxes.map(({ id, name, lengthMm, widthMm, heightMm }) => ({ id, name, lengthMm, widthMm, heightMm }));
  try {
    const quote = await carrier.quote(from, to, parcel);
    const rates = quote.rates
      .map((rate) => ({ id: rate.id, carrier: rate.carrier, service: rate.service, priceCents: rate.cents, deliveryDays: rate.deliveryDays }))
      .sort((a, b) => a.priceCents - b.priceCents);
    return { shipmentId: quote.shipmentId, weightOz: parcel.weightOz, boxId: box?.id ?? null, boxes: boxChoices, rates };
  } catch (error) {
    log?.warn({ err: error, orderId }, 'the carrier did not rate a label');
    throw providerFailed('The carrier did not answer with rates. Please try again in a minute.');
  }
}

const asCarrier = (name: string): Carrier => ((CARRIERS as readonly string[]).includes(name) ? (name as Carrier) : 'other');

/**
 * Buys the rate's label and ships the lines in it, once: a label already made into a shipment answers
 * that shipment; the provider is asked with an idempotency key naming the order and its shipment, so
 * concurrent clicks pay for one label; the order's row lock and the unique provider shipment id let
 * one of them make the shipment (and its e-mail). A label whose units another parcel took meanwhile
 * is given back to the carrier.
 */
export async function buyLabel(deps: LabelDeps, orderId: number, input: BuyLabelInput, actor: Actor, log?: Log): Promise<AdminOrderDetail> {
  const carrier = carrierOf(deps);
  if ((await labelShipmentOf(deps.db, orderId, input.shipmentId)) !== null) return loadAdminOrderDetail(deps.db, orderId);
  const { orderNumber } = await addresses(deps.db, orderId);
  await refuseShipped(deps.db, orderId, orderNumber, input.lines);
  let label;
  try {
    label = await carrier.buy(input.shipmentId, input.rateId, `order-${orderId}-label-${input.shipmentId}`);
  } catch (error) {
    // bought already (by a request whose answer was lost): the provider's shipment holds the label
    label = await carrier.retrieve(input.shipmentId).catch(() => null);
    // the carrier refused what was asked (a rate not of this shipment): the owner's input, not the carrier failing
    const status = (error as { statusCode?: unknown }).statusCode;
    if (!label && typeof status === 'number' && status >= 400 && status < 500) {
      throw conflict('The carrier refused that rate for this parcel. Please get the rates again and choose one.');
    }
    if (!label) {
      log?.warn({ err: error, orderId }, 'the carrier did not sell the label');
      throw providerFailed('The carrier did not sell the label. Please get the rates again and retry.');
    }
  }
  const carrierCode = asCarrier(label.carrier);
  const trackingUrl = trackingUrlFor(carrierCode, label.trackingCode) ?? label.trackingUrl ?? undefined;
  try {
    return await fulfilOrder(deps, orderId, { lines: input.lines, carrier: carrierCode, trackingNumber: label.trackingCode, trackingUrl }, actor, {
      carrierShipmentId: label.shipmentId,
      carrierService: label.service,
      labelUrl: label.labelUrl,
      labelCostCents: label.cents,
    });
  } catch (error) {
    if (error instanceof DomainError && (await labelShipmentOf(deps.db, orderId, input.shipmentId)) === null) {
      await carrier
        .refund(input.shipmentId)
        .catch((refundError: unknown) => log?.warn({ err: refundError, orderId }, 'the unused label could not be given back'));
    }
    throw error;
  }
}

/** How long the carrier's file server may take to hand over a label. */
const LABEL_FETCH_MS = 20_000;

/**
 * The label of one of the order's shipments, as the carrier serves it (decision 069): the shop keeps the
 * carrier's address and hands the PDF to signed-in staff, so the address itself never reaches a browser.
 */
export async function labelFile(db: Database, orderId: number, shipmentId: number, log?: Log): Promise<{ pdf: Buffer; fileName: string }> {
  const [row] = await db
    .select({ labelUrl: orderShipments.labelUrl, orderNumber: orders.orderNumber })
    .from(orderShipments)
    .innerJoin(orders, eq(orders.id, orderShipments.orderId))
    .where(and(eq(orderShipments.id, shipmentId), eq(orderShipments.orderId, orderId)));
  if (!row) throw notFound('Shipment not found');
  if (!row.labelUrl || !/^https?:\/\//i.test(row.labelUrl)) throw notFound('This shipment has no label bought through the carrier.');
  let response: Response;
  try {
    response = await fetch(row.labelUrl, { signal: AbortSignal.timeout(LABEL_FETCH_MS), redirect: 'follow' });
  } catch (error) {
    log?.warn({ err: error, orderId, shipmentId }, 'the carrier did not hand over the label');
    throw providerFailed('The carrier did not hand over the label. Please try again in a minute.');
  }
  const pdf = Buffer.from(await response.arrayBuffer());
  // a carrier's error page is not a label: only a PDF is passed on
  if (!response.ok || !pdf.subarray(0, 5).equals(Buffer.from('%PDF-'))) {
    log?.warn({ status: response.status, orderId, shipmentId }, 'the carrier answered the label address without a PDF');
    throw providerFailed('The carrier did not hand over the label. Please try again in a minute.');
  }
  return { pdf, fileName: `label-${row.orderNumber}-${shipmentId}.pdf` };
}
