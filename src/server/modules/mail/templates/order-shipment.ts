import { emailLayout, escapeHtml, safeHref, textParagraph } from './html.ts';
import { orderEmailScope, orderLinkHtml, orderLinkText, SAMPLE_ORDER, type OrderEmailData, type RenderedEmail } from './order-summary.ts';
import { defineEmailTemplate, renderTexts } from './template-texts.ts';

/** One parcel of an order (decision 050): what is in it and how to follow it. */
export interface ShipmentEmailData {
  carrierName: string | null;
  trackingNumber: string | null;
  trackingUrl: string | null;
  lines: ReadonlyArray<{ productName: string; variantName: string | null; quantity: number }>;
  /** the parcel holds the last units: nothing more is coming */
  complete: boolean;
}

/** The shop's pickup counter, from its contact details. */
interface PickupPlace {
  address: string | null;
  hours: string | null;
}

type Line = ShipmentEmailData['lines'][number];
const lineName = (line: Line) => (line.variantName ? `${line.productName} (${line.variantName})` : line.productName);

function linesHtml(lines: readonly Line[]): string {
  const cell = 'padding:6px 8px;border-bottom:1px solid #e5e7eb;';
  const rows = lines.map(
    (line) => `<tr><td style="${cell}">${escapeHtml(lineName(line))}</td><td style="${cell}text-align:center;">${line.quantity}</td></tr>`,
  );
  return `<table role="presentation" style="width:100%;border-collapse:collapse;font-size:14px;margin:16px 0;">
<thead><tr><th style="${cell}text-align:left;">Item</th><th style="${cell}">Qty</th></tr></thead>
<tbody>
${rows.join('\n')}
</tbody>
</table>`;
}

const linesText = (lines: readonly Line[]) => ['In this package:', ...lines.map((line) => `  ${line.quantity} x ${lineName(line)}`)];

const shipmentScope = (order: OrderEmailData, shipment: ShipmentEmailData, shopName: string) => ({
  ...orderEmailScope(order, shopName),
  shipment: { complete: shipment.complete, carrier: shipment.carrierName ?? '', tracking: shipment.trackingNumber ?? '' },
});

const SAMPLE_SHIPMENT: ShipmentEmailData = {
  carrierName: 'UPS',
  trackingNumber: '1Z999AA10123456784',
  trackingUrl: 'https://www.ups.com/track?tracknum=1Z999AA10123456784',
  lines: [{ productName: 'Pro 16 Paddle', variantName: 'Blue', quantity: 1 }],
  complete: false,
};

export const shipmentSentEmail = defineEmailTemplate({
  key: 'order-shipment',
  label: 'Package shipped',
  description: 'To the customer when a parcel of the order leaves (all of it, or part with more to come): its items and tracking link.',
  defaults: {
    subject:
      '{% if shipment.complete %}Order #{{ order.number }} has shipped{% else %}Part of order #{{ order.number }} has shipped{% endif %} - {{ shop.name }}',
    heading: 'Your package is on its way!',
    greeting: 'Hi {{ customer.name }},',
    intro:
      '{% if shipment.complete %}Good news: the rest of order #{{ order.number }} is on its way.{% else %}Good news: part of order #{{ order.number }} is on its way. We will e-mail you again when the rest ships.{% endif %}',
  },
  sample: shipmentScope(SAMPLE_ORDER, SAMPLE_SHIPMENT, 'Pickleball Shop'),
  preview: (blocks) => renderShipmentSent(SAMPLE_ORDER, SAMPLE_SHIPMENT, 'Pickleball Shop', blocks),
});

/** To the customer when a parcel of the order leaves: its items and its tracking link; `blocks` are the owner's words. */
export function renderShipmentSent(
  order: OrderEmailData,
  shipment: ShipmentEmailData,
  shopName: string,
  blocks?: Partial<Record<string, string>>,
): RenderedEmail {
  const t = renderTexts(shipmentSentEmail, blocks, shipmentScope(order, shipment, shopName));
  const href = safeHref(shipment.trackingUrl);
  const carrier = shipment.carrierName ? `${shipment.carrierName} ` : '';
  const tracking = shipment.trackingNumber
    ? `<p style="margin:0 0 12px;">Tracking number: <strong>${escapeHtml(carrier + shipment.trackingNumber)}</strong></p>` +
      (href ? `<p style="margin:0 0 12px;"><a href="${escapeHtml(href)}" style="color:#1e40af;">Track your package</a></p>` : '')
    : '';
  const html = emailLayout({
    shopName,
    heading: t.heading,
    body: `${textParagraph(t.greeting)}
${textParagraph(t.intro)}
${tracking}
${linesHtml(shipment.lines)}
${orderLinkHtml(order)}`,
  });
  const text = [
    t.greeting,
    '',
    t.intro,
    ...(shipment.trackingNumber ? [`Tracking number: ${carrier}${shipment.trackingNumber}`] : []),
    ...(href ? [`Track your package: ${href}`] : []),
    '',
    ...linesText(shipment.lines),
    ...orderLinkText(order),
    '',
    shopName,
  ].join('\n');
  return { subject: t.subject, html, text };
}

const SAMPLE_PLACE: PickupPlace = { address: '12 Baseline Ave, Austin, TX 78701', hours: 'Mon-Sat 10-6' };

export const readyForPickupEmail = defineEmailTemplate({
  key: 'order-ready-for-pickup',
  label: 'Ready for pickup',
  description: 'To a local pickup customer when the order waits at the shop, with the address and hours from the contact details.',
  defaults: {
    subject: 'Order #{{ order.number }} is ready for pickup - {{ shop.name }}',
    heading: 'Your order is ready for pickup',
    greeting: 'Hi {{ customer.name }},',
    intro: 'Order #{{ order.number }} is ready. Bring your order number when you come by.',
  },
  sample: orderEmailScope(SAMPLE_ORDER, 'Pickleball Shop'),
  preview: (blocks) => renderReadyForPickup(SAMPLE_ORDER, { ...SAMPLE_SHIPMENT, complete: true }, 'Pickleball Shop', SAMPLE_PLACE, blocks),
});

/** To a local pickup customer when the order waits at the shop: where and when to collect it; `blocks` are the owner's words. */
export function renderReadyForPickup(
  order: OrderEmailData,
  shipment: ShipmentEmailData,
  shopName: string,
  place: PickupPlace,
  blocks?: Partial<Record<string, string>>,
): RenderedEmail {
  const t = renderTexts(readyForPickupEmail, blocks, orderEmailScope(order, shopName));
  const where = [place.address && `Address: ${place.address}`, place.hours && `Hours: ${place.hours}`].filter((line): line is string => Boolean(line));
  const html = emailLayout({
    shopName,
    heading: t.heading,
    body: `${textParagraph(t.greeting)}
${textParagraph(t.intro)}
${where.map((line) => `<p style="margin:0 0 8px;">${escapeHtml(line)}</p>`).join('\n')}
${linesHtml(shipment.lines)}
${orderLinkHtml(order)}`,
  });
  const text = [t.greeting, '', t.intro, ...where, '', ...linesText(shipment.lines), ...orderLinkText(order), '', shopName].join('\n');
  return { subject: t.subject, html, text };
}
