import { returnWindowSentence } from '#common/return-terms.ts';
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

/** The shop's return window and terms (decision 027); a window of 0 days means no returns and says nothing. */
interface ReturnTerms {
  windowDays: number;
  conditions: string;
}

function returnsSentence(terms: ReturnTerms | undefined): string | null {
  const sentence = terms ? returnWindowSentence(terms.windowDays) : null;
  return sentence && terms!.conditions ? `${sentence} ${terms!.conditions}` : sentence;
}

export const orderConfirmationEmail = defineEmailTemplate({
  key: 'order-confirmation',
  label: 'Order confirmation',
  description: 'To the customer once the payment succeeded, with the items, totals and return terms.',
  defaults: {
    subject: 'Order #{{ order.number }} confirmed - {{ shop.name }}',
    heading: 'Thank you for your order!',
    greeting: 'Hi {{ customer.name }},',
    intro: 'We have received your payment for order #{{ order.number }}.\nWe will e-mail you again when it ships.',
  },
  sample: orderEmailScope(SAMPLE_ORDER, 'Pickleball Shop'),
  preview: (blocks) => renderOrderConfirmation(SAMPLE_ORDER, 'Pickleball Shop', { windowDays: 30, conditions: '' }, blocks),
});

/** To the customer once the payment succeeded; `blocks` are the owner's words, else today's. */
export function renderOrderConfirmation(
  order: OrderEmailData,
  shopName: string,
  returnTerms?: ReturnTerms,
  blocks?: Partial<Record<string, string>>,
  /** the gift cards the order bought: who gets each and on which day (decision 066) */
  giftCards: readonly string[] = [],
): RenderedEmail {
  const returns = returnsSentence(returnTerms);
  const t = renderTexts(orderConfirmationEmail, blocks, orderEmailScope(order, shopName));
  const html = emailLayout({
    shopName,
    heading: t.heading,
    body: `<p style="margin:0 0 12px;">${escapeHtml(t.greeting)}</p>
<p style="margin:0 0 12px;white-space:pre-line;">${escapeHtml(t.intro)}</p>
${orderLinkHtml(order)}
${orderSummaryHtml(order)}
${giftCards.map((line) => `<p style="margin:12px 0 0;">${escapeHtml(line)}</p>`).join('\n')}
${returns ? `<p style="margin:16px 0 0;white-space:pre-line;">${escapeHtml(returns)}</p>` : ''}`,
  });
  const text = [
    t.greeting,
    '',
    `${t.heading} ${t.intro}`,
    ...orderLinkText(order),
    '',
    orderSummaryText(order),
    ...(giftCards.length > 0 ? ['', ...giftCards] : []),
    ...(returns ? ['', returns] : []),
    '',
    shopName,
  ].join('\n');
  return { subject: t.subject, html, text };
}
