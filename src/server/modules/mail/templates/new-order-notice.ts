import { formatPrice } from '#common/money.ts';
import { emailLayout, escapeHtml } from './html.ts';
import { orderSummaryHtml, orderSummaryText, shownNumber, type OrderEmailData, type RenderedEmail } from './order-summary.ts';

/** To the fulfilment address (site settings fulfillmentEmail): a paid order to pack. */
export function renderNewOrderNotice(order: OrderEmailData, shopName: string): RenderedEmail {
  const number = shownNumber(order);
  const subject = `New order #${number} to fulfil (${order.items.reduce((n, item) => n + item.quantity, 0)} items, ${formatPrice(order.total)})`;
  const contact = [order.customerName, order.customerEmail, order.phone].filter(Boolean) as string[];
  const html = emailLayout({
    shopName,
    heading: `New paid order #${number}`,
    body: `<p style="margin:0 0 12px;">Customer: ${contact.map(escapeHtml).join(' &middot; ')}</p>
<p style="margin:0 0 12px;">Placed: ${escapeHtml(order.createdAt)}</p>
${orderSummaryHtml(order)}`,
  });
  const text = [`New paid order #${number}`, `Customer: ${contact.join(' / ')}`, `Placed: ${order.createdAt}`, '', orderSummaryText(order)].join('\n');
  return { subject, html, text };
}
