import { formatGiftCardCode } from '#common/gift-cards.ts';
import { formatCents } from '#common/money.ts';
import { emailLayout, escapeHtml } from './html.ts';
import type { RenderedEmail } from './order-summary.ts';
import { defineEmailTemplate, renderTexts } from './template-texts.ts';

export interface GiftCardDeliveryEmailData {
  code: string;
  amountCents: number;
  recipientName: string;
  senderName: string;
  /** the buyer's own words, shown as they wrote them (escaped), never a Liquid block */
  message: string | null;
}

interface GiftCardScope {
  shop: { name: string };
  recipient: { name: string };
  sender: { name: string };
  card: { amount: string };
}

const scope = (data: GiftCardDeliveryEmailData, shopName: string): GiftCardScope => ({
  shop: { name: shopName },
  recipient: { name: data.recipientName },
  sender: { name: data.senderName },
  card: { amount: formatCents(data.amountCents) },
});

const SAMPLE: GiftCardDeliveryEmailData = {
  code: 'ABCDEFGHJKMNPQRS',
  amountCents: 5000,
  recipientName: 'Robin Rally',
  senderName: 'Jordan Lee',
  message: 'Happy birthday! See you on the court.',
};

export const giftCardDeliveryEmail = defineEmailTemplate({
  key: 'gift-card-delivery',
  kinds: ['gift-card'],
  label: 'Gift card',
  description: 'To the recipient of a gift card bought in the shop, on the day the buyer chose: the code, the amount and the message.',
  defaults: {
    subject: '{{ sender.name }} sent you a {{ card.amount }} gift card - {{ shop.name }}',
    heading: 'You have a gift card',
    greeting: 'Hi {{ recipient.name }},',
    intro: '{{ sender.name }} sent you a {{ card.amount }} gift card for {{ shop.name }}.',
    closing:
      'Enter the code at checkout under Pay with a gift card. It can pay for several orders until it is used up; the Gift card balance page shows what is left.',
  },
  sample: scope(SAMPLE, 'Pickleball Shop'),
  preview: (blocks) => renderGiftCardDelivery(SAMPLE, 'Pickleball Shop', blocks),
});

/** The gift card itself: its code appears in this e-mail and nowhere else (the shop keeps only its hash). */
export function renderGiftCardDelivery(data: GiftCardDeliveryEmailData, shopName: string, blocks?: Partial<Record<string, string>>): RenderedEmail {
  const t = renderTexts(giftCardDeliveryEmail, blocks, scope(data, shopName));
  const code = formatGiftCardCode(data.code);
  const amount = formatCents(data.amountCents);
  const html = emailLayout({
    shopName,
    heading: t.heading,
    body: `<p style="margin:0 0 12px;">${escapeHtml(t.greeting)}</p>
<p style="margin:0 0 12px;white-space:pre-line;">${escapeHtml(t.intro)}</p>
${data.message ? `<p style="margin:0 0 12px;padding:12px;border-left:4px solid #1e40af;background:#f3f4f6;white-space:pre-line;">${escapeHtml(data.message)}</p>` : ''}
<p style="margin:0 0 4px;font-size:13px;color:#4b5563;">Gift card code (${escapeHtml(amount)})</p>
<p style="margin:0 0 16px;font-family:monospace;font-size:22px;font-weight:bold;letter-spacing:2px;">${escapeHtml(code)}</p>
<p style="margin:0 0 12px;white-space:pre-line;">${escapeHtml(t.closing)}</p>`,
  });
  const text = [
    t.greeting,
    '',
    t.intro,
    ...(data.message ? ['', data.message] : []),
    '',
    `Gift card code (${amount}): ${code}`,
    '',
    t.closing,
    '',
    shopName,
  ].join('\n');
  return { subject: t.subject, html, text };
}
