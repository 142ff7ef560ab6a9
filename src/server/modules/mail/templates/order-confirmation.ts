import { emailLayout, escapeHtml } from './html.ts';
import { orderSummaryHtml, orderSummaryText, type OrderEmailData, type RenderedEmail } from './order-summary.ts';

/** To the customer once the payment succeeded. */
export function renderOrderConfirmation(order: OrderEmailData, shopName: string): RenderedEmail {
  const subject = `Order #${order.id} confirmed - ${shopName}`;
  const html = emailLayout({
    shopName,
    heading: 'Thank you for your order!',
    body: `<p style="margin:0 0 12px;">Hi ${escapeHtml(order.customerName)},</p>
<p style="margin:0 0 12px;">We have received your payment for order <strong>#${order.id}</strong>. We will e-mail you again when it ships.</p>
${orderSummaryHtml(order)}`,
  });
  const text = [
    `Hi ${order.customerName},`,
    '',
    `Thank you for your order! We have received your payment for order #${order.id}.`,
    'We will e-mail you again when it ships.',
    '',
    orderSummaryText(order),
    '',
    shopName,
  ].join('\n');
  return { subject, html, text };
}
