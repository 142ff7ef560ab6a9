import { emailLayout, escapeHtml } from './html.ts';
import type { RenderedEmail } from './order-summary.ts';

export interface ReviewReplyEmailData {
  greetingName: string;
  productName: string;
  reviewTitle: string;
  reply: string;
  /** the product page, where the reply shows under the review */
  productUrl: string;
}

/** To a customer whose review the shop answered: the reply as plain text (never the customer's words as HTML). */
export function renderReviewReply(data: ReviewReplyEmailData, shopName: string): RenderedEmail {
  const subject = `${shopName} replied to your review of ${data.productName}`;
  const html = emailLayout({
    shopName,
    heading: 'We replied to your review',
    body: `<p style="margin:0 0 12px;">Hi ${escapeHtml(data.greetingName)},</p>
<p style="margin:0 0 12px;">Thank you for reviewing ${escapeHtml(data.productName)} ("${escapeHtml(data.reviewTitle)}"). Our reply:</p>
<p style="margin:0 0 16px;padding:12px;background:#f3f4f6;border-radius:6px;white-space:pre-line;">${escapeHtml(data.reply)}</p>
<p style="margin:0 0 12px;"><a href="${escapeHtml(data.productUrl)}" style="color:#1e40af;">See it on the product page</a></p>`,
  });
  const text = [
    `Hi ${data.greetingName},`,
    '',
    `Thank you for reviewing ${data.productName} ("${data.reviewTitle}"). Our reply:`,
    '',
    data.reply,
    '',
    `See it on the product page: ${data.productUrl}`,
    '',
    shopName,
  ].join('\n');
  return { subject, html, text };
}
