import { emailLayout, escapeHtml, textParagraph } from './html.ts';
import type { RenderedEmail } from './order-summary.ts';
import { defineEmailTemplate, renderTexts } from './template-texts.ts';

export interface ReviewReplyEmailData {
  greetingName: string;
  productName: string;
  reviewTitle: string;
  reply: string;
  /** the product page, where the reply shows under the review */
  productUrl: string;
}

const scope = (data: ReviewReplyEmailData, shopName: string) => ({
  shop: { name: shopName },
  customer: { name: data.greetingName },
  product: { name: data.productName },
  review: { title: data.reviewTitle },
});

const SAMPLE: ReviewReplyEmailData = {
  greetingName: 'Jordan Lee',
  productName: 'Pro 16 Paddle',
  reviewTitle: 'Great control',
  reply: 'Thanks, Jordan! Glad it suits your game.',
  productUrl: 'https://shop.example/products/12',
};

export const reviewReplyEmail = defineEmailTemplate({
  key: 'review-reply',
  label: 'Reply to a review',
  description: "To a customer whose review the shop answered: the shop's reply and a link to the product page.",
  defaults: {
    subject: '{{ shop.name }} replied to your review of {{ product.name }}',
    heading: 'We replied to your review',
    greeting: 'Hi {{ customer.name }},',
    intro: 'Thank you for reviewing {{ product.name }} ("{{ review.title }}"). Our reply:',
  },
  sample: scope(SAMPLE, 'Pickleball Shop'),
  preview: (blocks) => renderReviewReply(SAMPLE, 'Pickleball Shop', blocks),
});

/** To a customer whose review the shop answered: the reply as plain text (never the customer's words as HTML). */
export function renderReviewReply(data: ReviewReplyEmailData, shopName: string, blocks?: Partial<Record<string, string>>): RenderedEmail {
  const t = renderTexts(reviewReplyEmail, blocks, scope(data, shopName));
  const html = emailLayout({
    shopName,
    heading: t.heading,
    body: `${textParagraph(t.greeting)}
${textParagraph(t.intro)}
<p style="margin:0 0 16px;padding:12px;background:#f3f4f6;border-radius:6px;white-space:pre-line;">${escapeHtml(data.reply)}</p>
<p style="margin:0 0 12px;"><a href="${escapeHtml(data.productUrl)}" style="color:#1e40af;">See it on the product page</a></p>`,
  });
  const text = [t.greeting, '', t.intro, '', data.reply, '', `See it on the product page: ${data.productUrl}`, '', shopName].join('\n');
  return { subject: t.subject, html, text };
}
