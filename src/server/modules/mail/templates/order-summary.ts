import { EMAILED_ONLY_LINE } from '#common/emailed-orders.ts';
import { formatCents, formatPrice, toCents } from '#common/money.ts';
import type { OrderView } from '#common/schemas/orders.ts';
import { escapeHtml, safeHref } from './html.ts';

/** What an order e-mail needs; an OrderView has it all, and the admin test form can build one by hand. */
export type OrderEmailData = Pick<
  OrderView,
  | 'id'
  | 'createdAt'
  | 'customerName'
  | 'customerEmail'
  | 'phone'
  | 'street'
  | 'city'
  | 'state'
  | 'zipCode'
  | 'country'
  | 'subtotal'
  | 'discountTotal'
  | 'shippingTotal'
  | 'taxTotal'
  | 'total'
  | 'couponCode'
  | 'status'
  | 'trackingNumber'
  | 'trackingUrl'
> & {
  items: ReadonlyArray<{ productName: string; variantName?: string | null; quantity: number; price: string }>;
  /** gift cards alone (an OrderView says so; a hand-made test order ships) */
  shipsNothing?: boolean;
  /** the public number ("PB-7K3Q9D"); a test preview without one shows its made-up id */
  orderNumber?: string;
  /** the customer's order page (a signed link), when the mailer knows the shop's address */
  orderUrl?: string | null;
};

/** The number an e-mail calls the order by: never the internal id of a real order. */
function shownNumber(order: Pick<OrderEmailData, 'id' | 'orderNumber'>): string {
  return order.orderNumber ?? String(order.id);
}

/** "View your order" as a button, or nothing without a link. */
export function orderLinkHtml(order: Pick<OrderEmailData, 'orderUrl'>): string {
  const href = order.orderUrl ? safeHref(order.orderUrl) : null;
  return href
    ? `<p style="margin:0 0 16px;"><a href="${escapeHtml(href)}" style="display:inline-block;background:#1e40af;color:#ffffff;padding:10px 18px;border-radius:6px;text-decoration:none;font-weight:bold;">View your order</a></p>`
    : '';
}

/** The same link for the plain-text part. */
export function orderLinkText(order: Pick<OrderEmailData, 'orderUrl'>): string[] {
  return order.orderUrl ? ['', `View your order: ${order.orderUrl}`] : [];
}

/** "Reset Pro 16 (16 mm / 4 1/4 in)": the product and, when it has options, the variant sold. */
function itemName(item: OrderEmailData['items'][number]): string {
  return item.variantName ? `${item.productName} (${item.variantName})` : item.productName;
}

export interface RenderedEmail {
  subject: string;
  html: string;
  text: string;
}

function lineTotal(price: string, quantity: number): string {
  const cents = toCents(price);
  return formatCents(Number.isNaN(cents) ? 0 : cents * quantity);
}

function summaryRows(order: OrderEmailData): Array<[string, string]> {
  const rows: Array<[string, string]> = [['Subtotal', formatPrice(order.subtotal)]];
  if (Number(order.discountTotal) > 0) {
    rows.push([order.couponCode ? `Discount (${order.couponCode})` : 'Discount', `-${formatPrice(order.discountTotal)}`]);
  }
  rows.push(['Shipping', Number(order.shippingTotal) > 0 ? formatPrice(order.shippingTotal) : 'Free']);
  rows.push(['Tax', formatPrice(order.taxTotal)]);
  rows.push(['Total', formatPrice(order.total)]);
  return rows;
}

/** The delivery block's heading and lines: gift cards alone have no address to print (decision 071). */
function deliveryBlock(order: OrderEmailData): { heading: string; lines: string[] } {
  if (order.shipsNothing) return { heading: 'Delivery', lines: [EMAILED_ONLY_LINE, 'Each card is e-mailed to its recipient on the day chosen for it.'] };
  return { heading: 'Shipping address', lines: addressLines(order) };
}

function addressLines(order: OrderEmailData): string[] {
  const cityLine = [order.city, [order.state, order.zipCode].filter(Boolean).join(' ')].filter(Boolean).join(', ');
  return [order.customerName, order.street ?? '', cityLine, order.country].filter((line) => line.trim() !== '');
}

/** The items table, totals and shipping address, as HTML. */
export function orderSummaryHtml(order: OrderEmailData): string {
  const cell = 'padding:6px 8px;border-bottom:1px solid #e5e7eb;';
  const items = order.items
    .map(
      (item) =>
        `<tr><td style="${cell}">${escapeHtml(itemName(item))}</td><td style="${cell}text-align:center;">${item.quantity}</td>` +
        `<td style="${cell}text-align:right;">${escapeHtml(lineTotal(item.price, item.quantity))}</td></tr>`,
    )
    .join('\n');
  const totals = summaryRows(order)
    .map(
      ([label, value], index, all) =>
        `<tr><td colspan="2" style="padding:4px 8px;text-align:right;${index === all.length - 1 ? 'font-weight:bold;' : ''}">${escapeHtml(label)}</td>` +
        `<td style="padding:4px 8px;text-align:right;${index === all.length - 1 ? 'font-weight:bold;' : ''}">${escapeHtml(value)}</td></tr>`,
    )
    .join('\n');
  const delivery = deliveryBlock(order);
  const address = delivery.lines.map(escapeHtml).join('<br>');
  return `<table role="presentation" style="width:100%;border-collapse:collapse;font-size:14px;margin:16px 0;">
<thead><tr><th style="${cell}text-align:left;">Item</th><th style="${cell}">Qty</th><th style="${cell}text-align:right;">Price</th></tr></thead>
<tbody>
${items}
${totals}
</tbody>
</table>
<h2 style="font-size:16px;margin:16px 0 8px;">${escapeHtml(delivery.heading)}</h2>
<p style="margin:0;line-height:1.5;">${address}</p>`;
}

/** The same summary as plain text. */
export function orderSummaryText(order: OrderEmailData): string {
  const items = order.items.map((item) => `  ${item.quantity} x ${itemName(item)}  ${lineTotal(item.price, item.quantity)}`);
  const totals = summaryRows(order).map(([label, value]) => `  ${label}: ${value}`);
  const delivery = deliveryBlock(order);
  return ['Items:', ...items, '', ...totals, '', `${delivery.heading}:`, ...delivery.lines.map((line) => `  ${line}`)].join('\n');
}

/** The placeholders every order e-mail offers its editable blocks (decision 060). */
interface OrderEmailScope {
  shop: { name: string };
  customer: { name: string; email: string };
  order: { number: string; total: string };
}

export function orderEmailScope(order: OrderEmailData, shopName: string): OrderEmailScope {
  return {
    shop: { name: shopName },
    customer: { name: order.customerName, email: order.customerEmail },
    order: { number: shownNumber(order), total: formatPrice(order.total) },
  };
}

/** A made-up order for the previews and test sends of the order e-mails. */
export const SAMPLE_ORDER: OrderEmailData = {
  id: 1001,
  orderNumber: 'PB-7K3Q9D',
  createdAt: '2026-01-02T15:04:05.000Z',
  customerName: 'Jordan Lee',
  customerEmail: 'jordan@example.com',
  phone: '555-0100',
  street: '12 Baseline Ave',
  city: 'Austin',
  state: 'TX',
  zipCode: '78701',
  country: 'US',
  subtotal: '139.98',
  discountTotal: '0.00',
  shippingTotal: '0.00',
  taxTotal: '11.55',
  total: '151.53',
  couponCode: null,
  status: 'processing',
  trackingNumber: '1Z999AA10123456784',
  trackingUrl: 'https://www.ups.com/track?tracknum=1Z999AA10123456784',
  items: [
    { productName: 'Pro 16 Paddle', variantName: 'Blue', quantity: 1, price: '119.99' },
    { productName: 'Outdoor Balls (6)', quantity: 1, price: '19.99' },
  ],
  orderUrl: 'https://shop.example/orders/PB-7K3Q9D',
};
