import { returnWindowSentence } from '#common/return-terms.ts';
import { emailLayout, escapeHtml } from './html.ts';
import { orderLinkHtml, orderLinkText, orderSummaryHtml, orderSummaryText, shownNumber, type OrderEmailData, type RenderedEmail } from './order-summary.ts';

/** The shop's return window and terms (decision 027); a window of 0 days means no returns and says nothing. */
interface ReturnTerms {
  windowDays: number;
  conditions: string;
}

function returnsSentence(terms: ReturnTerms | undefined): string | null {
  const sentence = terms ? returnWindowSentence(terms.windowDays) : null;
  return sentence && terms!.conditions ? `${sentence} ${terms!.conditions}` : sentence;
}

/** To the customer once the payment succeeded. */
export function renderOrderConfirmation(order: OrderEmailData, shopName: string, returnTerms?: ReturnTerms): RenderedEmail {
  const returns = returnsSentence(returnTerms);
  const number = shownNumber(order);
  const subject = `Order #${number} confirmed - ${shopName}`;
  const html = emailLayout({
    shopName,
    heading: 'Thank you for your order!',
    body: `<p style="margin:0 0 12px;">Hi ${escapeHtml(order.customerName)},</p>
<p style="margin:0 0 12px;">We have received your payment for order <strong>#${number}</strong>. We will e-mail you again when it ships.</p>
${orderLinkHtml(order)}
${orderSummaryHtml(order)}
${returns ? `<p style="margin:16px 0 0;white-space:pre-line;">${escapeHtml(returns)}</p>` : ''}`,
  });
  const text = [
    `Hi ${order.customerName},`,
    '',
    `Thank you for your order! We have received your payment for order #${number}.`,
    'We will e-mail you again when it ships.',
    ...orderLinkText(order),
    '',
    orderSummaryText(order),
    ...(returns ? ['', returns] : []),
    '',
    shopName,
  ].join('\n');
  return { subject, html, text };
}
