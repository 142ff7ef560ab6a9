import { emailLayout, escapeHtml } from './html.ts';
import { orderEmailScope, orderSummaryHtml, orderSummaryText, SAMPLE_ORDER, type OrderEmailData, type RenderedEmail } from './order-summary.ts';
import { defineEmailTemplate, renderTexts } from './template-texts.ts';

const scope = (order: OrderEmailData, shopName: string) => {
  const base = orderEmailScope(order, shopName);
  return { ...base, order: { ...base.order, items: order.items.reduce((n, item) => n + item.quantity, 0) } };
};

export const newOrderNoticeEmail = defineEmailTemplate({
  key: 'order-fulfilment',
  label: 'New order to fulfil (staff)',
  description: 'To the fulfilment address in the site settings when an order is paid: the order to pack.',
  defaults: {
    subject: 'New order #{{ order.number }} to fulfil ({{ order.items }} items, {{ order.total }})',
    heading: 'New paid order #{{ order.number }}',
  },
  sample: scope(SAMPLE_ORDER, 'Pickleball Shop'),
  preview: (blocks) => renderNewOrderNotice(SAMPLE_ORDER, 'Pickleball Shop', blocks),
});

/** To the fulfilment address (site settings fulfillmentEmail): a paid order to pack. */
export function renderNewOrderNotice(order: OrderEmailData, shopName: string, blocks?: Partial<Record<string, string>>): RenderedEmail {
  const t = renderTexts(newOrderNoticeEmail, blocks, scope(order, shopName));
  const contact = [order.customerName, order.customerEmail, order.phone].filter(Boolean) as string[];
  const html = emailLayout({
    shopName,
    heading: t.heading,
    body: `<p style="margin:0 0 12px;">Customer: ${contact.map(escapeHtml).join(' &middot; ')}</p>
<p style="margin:0 0 12px;">Placed: ${escapeHtml(order.createdAt)}</p>
${orderSummaryHtml(order)}`,
  });
  const text = [t.heading, `Customer: ${contact.join(' / ')}`, `Placed: ${order.createdAt}`, '', orderSummaryText(order)].join('\n');
  return { subject: t.subject, html, text };
}
