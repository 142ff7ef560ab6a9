import { emailLayout, escapeHtml } from './html.ts';
import { orderSummaryHtml, orderSummaryText, shownNumber, type OrderEmailData, type RenderedEmail } from './order-summary.ts';

/** To the fulfilment address when a customer cancels: the order is refunded and must not ship. */
export function renderOrderCancelledNotice(order: OrderEmailData, shopName: string): RenderedEmail {
  const number = shownNumber(order);
  const subject = `Order #${number} was cancelled by the customer - do not ship`;
  const line = `${order.customerName} cancelled order #${number}. It has been refunded in full and its items are back in stock.`;
  const html = emailLayout({
    shopName,
    heading: `Order #${number} cancelled`,
    body: `<p style="margin:0 0 12px;">${escapeHtml(line)}</p>
${orderSummaryHtml(order)}`,
  });
  const text = [line, '', orderSummaryText(order)].join('\n');
  return { subject, html, text };
}
