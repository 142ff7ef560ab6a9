import { emailLayout, escapeHtml, safeHref } from './html.ts';
import { marketingFooter } from './newsletter.ts';
import type { RenderedEmail } from './order-summary.ts';

export interface CheckoutReminderData {
  /** the owner's subject and message (plain text) */
  subject: string;
  message: string;
  /** what the checkout held: "2 × Pro 16 - Blue" */
  lines: { name: string; quantity: number }[];
  /** the signed link that puts the lines back in the cart */
  cartUrl: string;
  unsubscribeUrl: string;
}

/** The abandoned-checkout reminder: the owner's words, what was left, the way back, the way out. */
export function renderCheckoutReminder(data: CheckoutReminderData, shopName: string): RenderedEmail {
  const footer = marketingFooter(data.unsubscribeUrl);
  const paragraphs = data.message.split(/\n{2,}/).map((paragraph) => paragraph.trim());
  const html = emailLayout({
    shopName,
    heading: data.subject,
    body: `${paragraphs.map((paragraph) => `<p style="margin:0 0 12px;white-space:pre-line;">${escapeHtml(paragraph)}</p>`).join('\n')}
<ul style="margin:0 0 16px;padding-left:20px;">${data.lines.map((line) => `<li>${line.quantity} × ${escapeHtml(line.name)}</li>`).join('')}</ul>
<p style="margin:0 0 16px;"><a href="${escapeHtml(safeHref(data.cartUrl) ?? '')}" style="display:inline-block;background:#1e40af;color:#ffffff;padding:10px 18px;border-radius:6px;text-decoration:none;font-weight:bold;">Return to your cart</a></p>
<p style="margin:0 0 12px;font-size:13px;color:#4b5563;">Prices and stock are today's, checked again when the cart opens.</p>
${footer.html}`,
  });
  const text = [
    data.message,
    '',
    ...data.lines.map((line) => `${line.quantity} × ${line.name}`),
    '',
    `Return to your cart: ${data.cartUrl}`,
    "Prices and stock are today's, checked again when the cart opens.",
    '',
    footer.text,
    '',
    shopName,
  ].join('\n');
  return { subject: `${data.subject} - ${shopName}`, html, text };
}
