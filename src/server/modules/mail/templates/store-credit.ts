import { formatGiftCardCode } from '#common/gift-cards.ts';
import { formatCents } from '#common/money.ts';
import { emailLayout, escapeHtml, textParagraph } from './html.ts';
import { orderEmailScope, orderLinkHtml, orderLinkText, SAMPLE_ORDER, type OrderEmailData, type RenderedEmail } from './order-summary.ts';
import { defineEmailTemplate, renderTexts } from './template-texts.ts';

/** Store credit for a return, issued as a gift card (decision 072): its code exists in this e-mail only. */
export interface StoreCreditEmailData {
  code: string;
  amountCents: number;
  /** "1 × Pro 16 Paddle (Blue)": the returned units it pays for */
  lines: string[];
  /** the owner's note to the customer, shown as written (escaped) */
  note: string | null;
}

const scope = (order: OrderEmailData, data: StoreCreditEmailData, shopName: string) => ({
  ...orderEmailScope(order, shopName),
  credit: { amount: formatCents(data.amountCents) },
});

const SAMPLE: StoreCreditEmailData = { code: 'ABCDEFGHJKMNPQRS', amountCents: 11999, lines: ['1 × Pro 16 Paddle (Blue)'], note: null };

export const storeCreditEmail = defineEmailTemplate({
  key: 'store-credit',
  label: 'Store credit issued',
  description: 'To the customer when a return is settled as store credit: a gift card for the amount, with its code.',
  defaults: {
    subject: 'Your store credit of {{ credit.amount }} for order #{{ order.number }} - {{ shop.name }}',
    heading: 'Your store credit',
    greeting: 'Hi {{ customer.name }},',
    intro: 'For the items you returned from order #{{ order.number }}, here is store credit of {{ credit.amount }} as a gift card.',
    closing:
      'Enter the code at checkout under Pay with a gift card. It can pay for several orders until it is used up; the Gift card balance page shows what is left.',
  },
  sample: scope(SAMPLE_ORDER, SAMPLE, 'Pickleball Shop'),
  preview: (blocks) => renderStoreCredit(SAMPLE_ORDER, SAMPLE, 'Pickleball Shop', blocks),
});

export function renderStoreCredit(
  order: OrderEmailData,
  data: StoreCreditEmailData,
  shopName: string,
  blocks?: Partial<Record<string, string>>,
): RenderedEmail {
  const t = renderTexts(storeCreditEmail, blocks, scope(order, data, shopName));
  const code = formatGiftCardCode(data.code);
  const amount = formatCents(data.amountCents);
  const html = emailLayout({
    shopName,
    heading: t.heading,
    body: `${textParagraph(t.greeting)}
${textParagraph(t.intro)}
${data.lines.length ? `<ul style="margin:0 0 12px;padding-left:20px;">${data.lines.map((line) => `<li>${escapeHtml(line)}</li>`).join('')}</ul>` : ''}
${data.note ? textParagraph(data.note) : ''}
<p style="margin:0 0 4px;font-size:13px;color:#4b5563;">Gift card code (${escapeHtml(amount)})</p>
<p style="margin:0 0 16px;font-family:monospace;font-size:22px;font-weight:bold;letter-spacing:2px;">${escapeHtml(code)}</p>
${textParagraph(t.closing)}
${orderLinkHtml(order)}`,
  });
  const text = [
    t.greeting,
    '',
    t.intro,
    ...(data.lines.length ? ['', ...data.lines.map((line) => `- ${line}`)] : []),
    ...(data.note ? ['', data.note] : []),
    '',
    `Gift card code (${amount}): ${code}`,
    '',
    t.closing,
    ...orderLinkText(order),
    '',
    shopName,
  ].join('\n');
  return { subject: t.subject, html, text };
}
