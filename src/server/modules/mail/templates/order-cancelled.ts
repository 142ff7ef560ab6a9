import { formatPrice } from '#common/money.ts';
import { emailLayout, escapeHtml } from './html.ts';
import { orderLinkHtml, orderLinkText, orderSummaryHtml, orderSummaryText, shownNumber, type OrderEmailData, type RenderedEmail } from './order-summary.ts';

/** To the customer when the shop cancels a paid order: the whole amount goes back to the card. */
export function renderOrderCancelled(order: OrderEmailData, shopName: string): RenderedEmail {
  const number = shownNumber(order);
  const subject = `Order #${number} has been cancelled - ${shopName}`;
  const refund = `The full amount of ${formatPrice(order.total)} has been refunded to your card; depending on your bank it shows within 5-10 business days.`;
  const html = emailLayout({
    shopName,
    heading: 'Your order has been cancelled',
    body: `<p style="margin:0 0 12px;">Hi ${escapeHtml(order.customerName)},</p>
<p style="margin:0 0 12px;">Order <strong>#${number}</strong> has been cancelled.</p>
<p style="margin:0 0 12px;">${escapeHtml(refund)}</p>
${orderLinkHtml(order)}
${orderSummaryHtml(order)}`,
  });
  const text = [
    `Hi ${order.customerName},`,
    '',
    `Order #${number} has been cancelled.`,
    refund,
    ...orderLinkText(order),
    '',
    orderSummaryText(order),
    '',
    shopName,
  ].join('\n');
  return { subject, html, text };
}
