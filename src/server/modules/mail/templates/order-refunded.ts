import { formatCents } from '#common/money.ts';
import { emailLayout, escapeHtml, textParagraph } from './html.ts';
import { orderEmailScope, orderLinkHtml, orderLinkText, SAMPLE_ORDER, type OrderEmailData, type RenderedEmail } from './order-summary.ts';
import { defineEmailTemplate, renderTexts } from './template-texts.ts';

/** How the customer reaches the shop about a refund; empty fields are left out. */
export interface ShopContact {
  email: string | null;
  phone: string | null;
  address: string | null;
}

export interface RefundEmailData {
  amountCents: number;
  reason: string;
  /** "2 × Reset Pro 16 (16 mm)": the lines refunded, empty for an amount refund */
  lines: string[];
  /** the whole order's money has now gone back */
  fullyRefunded: boolean;
  /** where it went when gift cards paid the order: "$12.00 to gift card ••••ABCD, $8.00 to the card" (decision 072) */
  split?: string | null;
}

export function contactLines(contact: ShopContact): string[] {
  return [contact.email && `E-mail: ${contact.email}`, contact.phone && `Phone: ${contact.phone}`, contact.address && `Address: ${contact.address}`].filter(
    (line): line is string => Boolean(line),
  );
}

const refundScope = (order: OrderEmailData, refund: RefundEmailData, shopName: string) => ({
  ...orderEmailScope(order, shopName),
  refund: { amount: formatCents(refund.amountCents), reason: refund.reason, full: refund.fullyRefunded, split: refund.split ?? '' },
});

const SAMPLE_REFUND: RefundEmailData = {
  amountCents: 1999,
  reason: 'Damaged in transit',
  lines: ['1 × Outdoor Balls (6)'],
  fullyRefunded: false,
  split: '$12.00 to gift card ••••ABCD, $7.99 to the card',
};
const SAMPLE_CONTACT: ShopContact = { email: 'hello@shop.example', phone: '555-0100', address: null };

export const orderRefundedEmail = defineEmailTemplate({
  key: 'order-refunded',
  label: 'Order refunded',
  description: 'To the customer when the shop refunds all or part of a paid order: how much, why, and how to reach the shop.',
  defaults: {
    subject: 'Order #{{ order.number }} {% if refund.full %}has been refunded{% else %}has been partly refunded{% endif %} - {{ shop.name }}',
    heading: '{% if refund.full %}Your order has been refunded{% else %}Part of your order has been refunded{% endif %}',
    greeting: 'Hi {{ customer.name }},',
    intro:
      'We have refunded {{ refund.amount }} {% if refund.split != "" %}({{ refund.split }}){% else %}to your card{% endif %} for order #{{ order.number }}; depending on your bank it shows within 5-10 business days.',
    questions: 'Questions? Contact us:',
  },
  sample: refundScope(SAMPLE_ORDER, SAMPLE_REFUND, 'Pickleball Shop'),
  preview: (blocks) => renderOrderRefunded(SAMPLE_ORDER, SAMPLE_REFUND, 'Pickleball Shop', SAMPLE_CONTACT, blocks),
});

/** To the customer when the shop refunds all or part of a paid order; `blocks` are the owner's words. */
export function renderOrderRefunded(
  order: OrderEmailData,
  refund: RefundEmailData,
  shopName: string,
  contact: ShopContact,
  blocks?: Partial<Record<string, string>>,
): RenderedEmail {
  const t = renderTexts(orderRefundedEmail, blocks, refundScope(order, refund, shopName));
  const contacts = contactLines(contact);
  const html = emailLayout({
    shopName,
    heading: t.heading,
    body: `${textParagraph(t.greeting)}
${textParagraph(t.intro)}
<p style="margin:0 0 12px;"><strong>Reason:</strong> ${escapeHtml(refund.reason)}</p>
${refund.lines.length ? `<ul style="margin:0 0 12px;padding-left:20px;">${refund.lines.map((line) => `<li>${escapeHtml(line)}</li>`).join('')}</ul>` : ''}
${orderLinkHtml(order)}
${contacts.length ? `${textParagraph(t.questions, '0 0 4px')}<p style="margin:0 0 12px;">${contacts.map(escapeHtml).join('<br>')}</p>` : ''}`,
  });
  const text = [
    t.greeting,
    '',
    t.intro,
    `Reason: ${refund.reason}`,
    ...(refund.lines.length ? ['', ...refund.lines.map((line) => `- ${line}`)] : []),
    ...orderLinkText(order),
    ...(contacts.length ? ['', t.questions, ...contacts] : []),
    '',
    shopName,
  ].join('\n');
  return { subject: t.subject, html, text };
}
