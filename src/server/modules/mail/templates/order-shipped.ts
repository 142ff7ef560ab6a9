import { emailLayout, escapeHtml, safeHref } from './html.ts';
import { orderSummaryHtml, orderSummaryText, type OrderEmailData, type RenderedEmail } from './order-summary.ts';

/** To the customer when the order is marked shipped with a tracking number. */
export function renderOrderShipped(order: OrderEmailData, shopName: string): RenderedEmail {
  const subject = `Order #${order.id} has shipped - ${shopName}`;
  const href = safeHref(order.trackingUrl);
  const tracking = order.trackingNumber
    ? `<p style="margin:0 0 12px;">Tracking number: <strong>${escapeHtml(order.trackingNumber)}</strong></p>` +
      (href ? `<p style="margin:0 0 12px;"><a href="${escapeHtml(href)}" style="color:#1e40af;">Track your package</a></p>` : '')
    : '';
  const html = emailLayout({
    shopName,
    heading: 'Your order is on its way!',
    body: `<p style="margin:0 0 12px;">Hi ${escapeHtml(order.customerName)},</p>
<p style="margin:0 0 12px;">Good news: order <strong>#${order.id}</strong> has shipped.</p>
${tracking}
${orderSummaryHtml(order)}`,
  });
  const text = [
    `Hi ${order.customerName},`,
    '',
    `Good news: order #${order.id} has shipped.`,
    ...(order.trackingNumber ? [`Tracking number: ${order.trackingNumber}`] : []),
    ...(href ? [`Track your package: ${href}`] : []),
    '',
    orderSummaryText(order),
    '',
    shopName,
  ].join('\n');
  return { subject, html, text };
}
