import { emailLayout, escapeHtml, safeHref, textParagraph } from './html.ts';
import type { RenderedEmail } from './order-summary.ts';
import { defineEmailTemplate, renderTexts } from './template-texts.ts';

export interface OrderLinkEmailData {
  orderNumber: string;
  customerName: string;
  customerEmail: string;
  link: string;
  validForDays: number;
}

const scope = (data: OrderLinkEmailData, shopName: string) => ({
  shop: { name: shopName },
  customer: { name: data.customerName },
  order: { number: data.orderNumber },
  link: { days: data.validForDays },
});

const SAMPLE: OrderLinkEmailData = {
  orderNumber: 'PB-7K3Q9D',
  customerName: 'Jordan Lee',
  customerEmail: 'jordan@example.com',
  link: 'https://shop.example/orders/PB-7K3Q9D?token=sample',
  validForDays: 7,
};

export const orderLinkEmail = defineEmailTemplate({
  key: 'order-link',
  label: 'Order link (guest lookup)',
  description: "To the order's own address when a guest looks the order up: the signed link that opens it.",
  defaults: {
    subject: 'Your order #{{ order.number }} - {{ shop.name }}',
    heading: 'Your order #{{ order.number }}',
    greeting: 'Hi {{ customer.name }},',
    intro: 'Here is the link to your order #{{ order.number }}:',
    closing: 'The link opens the order for {{ link.days }} days. If you did not look this order up, you can ignore this e-mail.',
  },
  sample: scope(SAMPLE, 'Pickleball Shop'),
  preview: (blocks) => renderOrderLink(SAMPLE, 'Pickleball Shop', blocks),
});

/** To the order's own e-mail address after a lookup found it: the link that opens the order; `blocks` are the owner's words. */
export function renderOrderLink(data: OrderLinkEmailData, shopName: string, blocks?: Partial<Record<string, string>>): RenderedEmail {
  const t = renderTexts(orderLinkEmail, blocks, scope(data, shopName));
  const href = safeHref(data.link) ?? '';
  const html = emailLayout({
    shopName,
    heading: t.heading,
    body: `${textParagraph(t.greeting)}
${textParagraph(t.intro)}
<p style="margin:0 0 16px;"><a href="${escapeHtml(href)}" style="display:inline-block;background:#1e40af;color:#ffffff;padding:10px 18px;border-radius:6px;text-decoration:none;font-weight:bold;">View your order</a></p>
<p style="margin:0 0 12px;font-size:13px;color:#4b5563;">Or open this address: ${escapeHtml(data.link)}</p>
${textParagraph(t.closing)}`,
  });
  const text = [t.greeting, '', t.intro, data.link, '', t.closing, '', shopName].join('\n');
  return { subject: t.subject, html, text };
}
