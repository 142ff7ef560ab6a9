import { emailLayout, escapeHtml, safeHref } from './html.ts';
import { orderLinkHtml, orderLinkText, shownNumber, type OrderEmailData, type RenderedEmail } from './order-summary.ts';

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

/** To the customer when a parcel of the order leaves: its items and its tracking link. */
export function renderShipmentSent(order: OrderEmailData, shipment: ShipmentEmailData, shopName: string): RenderedEmail {
  const number = shownNumber(order);
  const subject = shipment.complete ? `Order #${number} has shipped - ${shopName}` : `Part of order #${number} has shipped - ${shopName}`;
  const href = safeHref(shipment.trackingUrl);
  const sentence = shipment.complete
    ? `Good news: the rest of order <strong>#${number}</strong> is on its way.`
    : `Good news: part of order <strong>#${number}</strong> is on its way. We will e-mail you again when the rest ships.`;
  const carrier = shipment.carrierName ? `${shipment.carrierName} ` : '';
  const tracking = shipment.trackingNumber
    ? `<p style="margin:0 0 12px;">Tracking number: <strong>${escapeHtml(carrier + shipment.trackingNumber)}</strong></p>` +
      (href ? `<p style="margin:0 0 12px;"><a href="${escapeHtml(href)}" style="color:#1e40af;">Track your package</a></p>` : '')
    : '';
  const html = emailLayout({
    shopName,
    heading: 'Your package is on its way!',
    body: `<p style="margin:0 0 12px;">Hi ${escapeHtml(order.customerName)},</p>
<p style="margin:0 0 12px;">${sentence}</p>
${tracking}
${linesHtml(shipment.lines)}
${orderLinkHtml(order)}`,
  });
  const text = [
    `Hi ${order.customerName},`,
    '',
    sentence.replace(/<\/?strong>/g, ''),
    ...(shipment.trackingNumber ? [`Tracking number: ${carrier}${shipment.trackingNumber}`] : []),
    ...(href ? [`Track your package: ${href}`] : []),
    '',
    ...linesText(shipment.lines),
    ...orderLinkText(order),
    '',
    shopName,
  ].join('\n');
  return { subject, html, text };
}

/** To a local pickup customer when the order waits at the shop: where and when to collect it. */
export function renderReadyForPickup(order: OrderEmailData, shipment: ShipmentEmailData, shopName: string, place: PickupPlace): RenderedEmail {
  const number = shownNumber(order);
  const subject = `Order #${number} is ready for pickup - ${shopName}`;
  const where = [place.address && `Address: ${place.address}`, place.hours && `Hours: ${place.hours}`].filter((line): line is string => Boolean(line));
  const html = emailLayout({
    shopName,
    heading: 'Your order is ready for pickup',
    body: `<p style="margin:0 0 12px;">Hi ${escapeHtml(order.customerName)},</p>
<p style="margin:0 0 12px;">Order <strong>#${number}</strong> is ready. Bring your order number when you come by.</p>
${where.map((line) => `<p style="margin:0 0 8px;">${escapeHtml(line)}</p>`).join('\n')}
${linesHtml(shipment.lines)}
${orderLinkHtml(order)}`,
  });
  const text = [
    `Hi ${order.customerName},`,
    '',
    `Order #${number} is ready. Bring your order number when you come by.`,
    ...where,
    '',
    ...linesText(shipment.lines),
    ...orderLinkText(order),
    '',
    shopName,
  ].join('\n');
  return { subject, html, text };
}
