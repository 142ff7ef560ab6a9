import { emailLayout, escapeHtml, safeHref } from './html.ts';
import { orderLinkHtml, orderLinkText, orderSummaryHtml, orderSummaryText, shownNumber, type OrderEmailData, type RenderedEmail } from './order-summary.ts';

/** To the customer when the order is marked shipped with a tracking number. */
export function renderOrderShipped(order: OrderEmailData, shopName: string): RenderedEmail {
  const number = shownNumber(order);
  const subject = `Order #${number} has shipped - ${shopName}`;
  const href = safeHref(order.trackingUrl);
  const tracking = order.trackingNumber
    ? `<p style="margin:0 0 12px;">Tracking number: <strong>${escapeHtml(order.trackingNumber)}</strong></p>` +
      (href ? `<p style="margin:0 0 12px;"><a href="${escapeHtml(href)}" style="color:#1e40af;">Track your package</a></p>` : '')
    : '';
  const html = emailLayout({
    shopName,
    heading: 'Your order is on its way!',
    body: `<p style="margin:0 0 12px;">Hi ${escapeHtml(order.customerName)},</p>
<p style="margin:0 0 12px;">Good news: order <strong>#${number}</strong> has shipped.</p>
${tracking}
${orderLinkHtml(order)}
${orderSummaryHtml(order)}`,
  });
  const text = [
    `Hi ${order.customerName},`,
    '',
    `Good news: order #${number} has shipped.`,
    ...(order.trackingNumber ? [`Tracking number: ${order.trackingNumber}`] : []),
    ...(href ? [`Track your package: ${href}`] : []),
    ...orderLinkText(order),
    '',
    orderSummaryText(order),
    '',
    shopName,
  ].join('\n');
  return { subject, html, text };
}
