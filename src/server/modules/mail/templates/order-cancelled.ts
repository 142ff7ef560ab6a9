import { emailLayout, escapeHtml } from './html.ts';
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

export const orderCancelledEmail = defineEmailTemplate({
  key: 'order-cancelled',
  label: 'Order cancelled',
  description: 'To the customer when a paid order is cancelled and its whole amount refunded to the card.',
  defaults: {
    subject: 'Order #{{ order.number }} has been cancelled - {{ shop.name }}',
    heading: 'Your order has been cancelled',
    greeting: 'Hi {{ customer.name }},',
    intro: 'Order #{{ order.number }} has been cancelled.',
    refund: 'The full amount of {{ order.total }} has been refunded to your card; depending on your bank it shows within 5-10 business days.',
  },
  sample: orderEmailScope(SAMPLE_ORDER, 'Pickleball Shop'),
  preview: (blocks) => renderOrderCancelled(SAMPLE_ORDER, 'Pickleball Shop', blocks),
});

/** To the customer when the shop cancels a paid order: the whole amount goes back to the card; `blocks` are the owner's words. */
export function renderOrderCancelled(order: OrderEmailData, shopName: string, blocks?: Partial<Record<string, string>>): RenderedEmail {
  const t = renderTexts(orderCancelledEmail, blocks, orderEmailScope(order, shopName));
  const html = emailLayout({
    shopName,
    heading: t.heading,
    body: `<p style="margin:0 0 12px;">${escapeHtml(t.greeting)}</p>
<p style="margin:0 0 12px;white-space:pre-line;">${escapeHtml(t.intro)}</p>
<p style="margin:0 0 12px;white-space:pre-line;">${escapeHtml(t.refund)}</p>
${orderLinkHtml(order)}
${orderSummaryHtml(order)}`,
  });
  const text = [t.greeting, '', t.intro, t.refund, ...orderLinkText(order), '', orderSummaryText(order), '', shopName].join('\n');
  return { subject: t.subject, html, text };
}
