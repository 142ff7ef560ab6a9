import { emailLayout, escapeHtml, safeHref, textParagraph } from './html.ts';
import { marketingFooter } from './newsletter.ts';
import type { RenderedEmail } from './order-summary.ts';
import { defineEmailTemplate, renderTexts } from './template-texts.ts';

export interface CheckoutReminderData {
  /** the owner's subject and message (plain text), from the Newsletter page (decision 056) */
  subject: string;
  message: string;
  /** what the checkout held: "2 × Pro 16 - Blue" */
  lines: { name: string; quantity: number }[];
  /** the signed link that puts the lines back in the cart */
  cartUrl: string;
  unsubscribeUrl: string;
}

const scope = (data: CheckoutReminderData, shopName: string) => ({ shop: { name: shopName }, reminder: { subject: data.subject } });

const SAMPLE: CheckoutReminderData = {
  subject: 'You left something in your cart',
  message: 'Your cart is still waiting.\n\nCome back whenever you are ready.',
  lines: [{ name: 'Pro 16 Paddle - Blue', quantity: 1 }],
  cartUrl: 'https://shop.example/cart?restore=sample',
  unsubscribeUrl: 'https://shop.example/api/checkout-recovery/unsubscribe?token=sample',
};

export const checkoutReminderEmail = defineEmailTemplate({
  key: 'checkout-reminder',
  label: 'Abandoned checkout reminder',
  description:
    'To a shopper who gave an address at checkout and did not order (decision 056). Its subject line and message are set on the Newsletter page; the unsubscribe link cannot be removed.',
  marketing: true,
  defaults: {
    subject: '{{ reminder.subject }} - {{ shop.name }}',
    heading: '{{ reminder.subject }}',
    note: "Prices and stock are today's, checked again when the cart opens.",
  },
  sample: scope(SAMPLE, 'Pickleball Shop'),
  preview: (blocks) => renderCheckoutReminder(SAMPLE, 'Pickleball Shop', blocks),
});

/** The abandoned-checkout reminder: the owner's words, what was left, the way back, the way out. */
export function renderCheckoutReminder(data: CheckoutReminderData, shopName: string, blocks?: Partial<Record<string, string>>): RenderedEmail {
  const t = renderTexts(checkoutReminderEmail, blocks, scope(data, shopName));
  const footer = marketingFooter(data.unsubscribeUrl);
  const paragraphs = data.message.split(/\n{2,}/).map((paragraph) => paragraph.trim());
  const html = emailLayout({
    shopName,
    heading: t.heading,
    body: `${paragraphs.map((paragraph) => textParagraph(paragraph)).join('\n')}
<ul style="margin:0 0 16px;padding-left:20px;">${data.lines.map((line) => `<li>${line.quantity} × ${escapeHtml(line.name)}</li>`).join('')}</ul>
<p style="margin:0 0 16px;"><a href="${escapeHtml(safeHref(data.cartUrl) ?? '')}" style="display:inline-block;background:#1e40af;color:#ffffff;padding:10px 18px;border-radius:6px;text-decoration:none;font-weight:bold;">Return to your cart</a></p>
<p style="margin:0 0 12px;font-size:13px;color:#4b5563;white-space:pre-line;">${escapeHtml(t.note)}</p>
${footer.html}`,
  });
  const text = [
    data.message,
    '',
    ...data.lines.map((line) => `${line.quantity} × ${line.name}`),
    '',
    `Return to your cart: ${data.cartUrl}`,
    t.note,
    '',
    footer.text,
    '',
    shopName,
  ].join('\n');
  return { subject: t.subject, html, text };
}
