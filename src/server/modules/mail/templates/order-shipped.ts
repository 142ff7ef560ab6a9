import { emailLayout, escapeHtml, safeHref } from './html.ts';
import {
  orderEmailScope,
  orderLinkHtml,
  orderLinkText,
  orderSummaryHtml,
  orderSummaryText,
  SAMPLE_ORDER,
  type OrderEmailData,
  type RenderedEmail,
} from './order-summary.ts';
import { defineEmailTemplate, renderTexts } from './template-texts.ts';

export const orderShippedEmail = defineEmailTemplate({
  key: 'order-shipped',
  label: 'Order shipped',
  description: 'To the customer when the whole order is marked shipped, with its tracking link.',
  defaults: {
    subject: 'Order #{{ order.number }} has shipped - {{ shop.name }}',
    heading: 'Your order is on its way!',
    greeting: 'Hi {{ customer.name }},',
    intro: 'Good news: order #{{ order.number }} has shipped.',
  },
  sample: orderEmailScope(SAMPLE_ORDER, 'Pickleball Shop'),
  preview: (blocks) => renderOrderShipped(SAMPLE_ORDER, 'Pickleball Shop', blocks),
});

/** To the customer when the order is marked shipped with a tracking number; `blocks` are the owner's words. */
export function renderOrderShipped(order: OrderEmailData, shopName: string, blocks?: Partial<Record<string, string>>): RenderedEmail {
  const t = renderTexts(orderShippedEmail, blocks, orderEmailScope(order, shopName));
  const href = safeHref(order.trackingUrl);
  const tracking = order.trackingNumber
    ? `<p style="margin:0 0 12px;">Tracking number: <strong>${escapeHtml(order.trackingNumber)}</strong></p>` +
      (href ? `<p style="margin:0 0 12px;"><a href="${escapeHtml(href)}" style="color:#1e40af;">Track your package</a></p>` : '')
    : '';
  const html = emailLayout({
    shopName,
    heading: t.heading,
    body: `<p style="margin:0 0 12px;">${escapeHtml(t.greeting)}</p>
<p style="margin:0 0 12px;white-space:pre-line;">${escapeHtml(t.intro)}</p>
${tracking}
${orderLinkHtml(order)}
${orderSummaryHtml(order)}`,
  });
  const text = [
    t.greeting,
    '',
    t.intro,
    ...(order.trackingNumber ? [`Tracking number: ${order.trackingNumber}`] : []),
    ...(href ? [`Track your package: ${href}`] : []),
    ...orderLinkText(order),
    '',
    orderSummaryText(order),
    '',
    shopName,
  ].join('\n');
  return { subject: t.subject, html, text };
}
