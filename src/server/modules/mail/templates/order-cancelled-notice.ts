import { emailLayout, textParagraph } from './html.ts';
import { orderEmailScope, orderSummaryHtml, orderSummaryText, SAMPLE_ORDER, type OrderEmailData, type RenderedEmail } from './order-summary.ts';
import { defineEmailTemplate, renderTexts } from './template-texts.ts';

export const orderCancelledNoticeEmail = defineEmailTemplate({
  key: 'order-cancelled-notice',
  label: 'Order cancelled by the customer (staff)',
  description: 'To the fulfilment address when a customer cancels a paid order: it is refunded and must not ship.',
  defaults: {
    subject: 'Order #{{ order.number }} was cancelled by the customer - do not ship',
    heading: 'Order #{{ order.number }} cancelled',
    message: '{{ customer.name }} cancelled order #{{ order.number }}. It has been refunded in full and its items are back in stock.',
  },
  sample: orderEmailScope(SAMPLE_ORDER, 'Pickleball Shop'),
  preview: (blocks) => renderOrderCancelledNotice(SAMPLE_ORDER, 'Pickleball Shop', blocks),
});

/** To the fulfilment address when a customer cancels: the order is refunded and must not ship. */
export function renderOrderCancelledNotice(order: OrderEmailData, shopName: string, blocks?: Partial<Record<string, string>>): RenderedEmail {
  const t = renderTexts(orderCancelledNoticeEmail, blocks, orderEmailScope(order, shopName));
  const html = emailLayout({
    shopName,
    heading: t.heading,
    body: `${textParagraph(t.message)}
${orderSummaryHtml(order)}`,
  });
  const text = [t.message, '', orderSummaryText(order)].join('\n');
  return { subject: t.subject, html, text };
}
