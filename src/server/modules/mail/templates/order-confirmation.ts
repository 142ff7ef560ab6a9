import { emailLayout, escapeHtml } from './html.ts';
import { orderLinkHtml, orderLinkText, orderSummaryHtml, orderSummaryText, shownNumber, type OrderEmailData, type RenderedEmail } from './order-summary.ts';

/** To the customer once the payment succeeded. */
export function renderOrderConfirmation(order: OrderEmailData, shopName: string): RenderedEmail {
  const number = shownNumber(order);
  const subject = `Order #${number} confirmed - ${shopName}`;
  const html = emailLayout({
    shopName,
    heading: 'Thank you for your order!',
    body: `<p style="margin:0 0 12px;">Hi ${escapeHtml(order.customerName)},</p>
<p style="margin:0 0 12px;">We have received your payment for order <strong>#${number}</strong>. We will e-mail you again when it ships.</p>
${orderLinkHtml(order)}
${orderSummaryHtml(order)}`,
  });
  const text = [
    `Hi ${order.customerName},`,
    '',
    `Thank you for your order! We have received your payment for order #${number}.`,
    'We will e-mail you again when it ships.',
    ...orderLinkText(order),
    '',
    orderSummaryText(order),
    '',
    shopName,
  ].join('\n');
  return { subject, html, text };
}
