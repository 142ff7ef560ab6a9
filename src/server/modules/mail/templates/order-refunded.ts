import { formatCents } from '#common/money.ts';
import { emailLayout, escapeHtml } from './html.ts';
import { orderLinkHtml, orderLinkText, shownNumber, type OrderEmailData, type RenderedEmail } from './order-summary.ts';

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
}

export function contactLines(contact: ShopContact): string[] {
  return [contact.email && `E-mail: ${contact.email}`, contact.phone && `Phone: ${contact.phone}`, contact.address && `Address: ${contact.address}`].filter(
    (line): line is string => Boolean(line),
  );
}

/** To the customer when the shop refunds all or part of a paid order. */
export function renderOrderRefunded(order: OrderEmailData, refund: RefundEmailData, shopName: string, contact: ShopContact): RenderedEmail {
  const number = shownNumber(order);
  const amount = formatCents(refund.amountCents);
  const subject = `Order #${number} ${refund.fullyRefunded ? 'has been refunded' : 'has been partly refunded'} - ${shopName}`;
  const sentence = `We have refunded ${amount} to your card for order #${number}; depending on your bank it shows within 5-10 business days.`;
  const contacts = contactLines(contact);
  const html = emailLayout({
    shopName,
    heading: refund.fullyRefunded ? 'Your order has been refunded' : 'Part of your order has been refunded',
    body: `<p style="margin:0 0 12px;">Hi ${escapeHtml(order.customerName)},</p>
<p style="margin:0 0 12px;">${escapeHtml(sentence)}</p>
<p style="margin:0 0 12px;"><strong>Reason:</strong> ${escapeHtml(refund.reason)}</p>
${refund.lines.length ? `<ul style="margin:0 0 12px;padding-left:20px;">${refund.lines.map((line) => `<li>${escapeHtml(line)}</li>`).join('')}</ul>` : ''}
${orderLinkHtml(order)}
${contacts.length ? `<p style="margin:0 0 4px;">Questions? Contact us:</p><p style="margin:0 0 12px;">${contacts.map(escapeHtml).join('<br>')}</p>` : ''}`,
  });
  const text = [
    `Hi ${order.customerName},`,
    '',
    sentence,
    `Reason: ${refund.reason}`,
    ...(refund.lines.length ? ['', ...refund.lines.map((line) => `- ${line}`)] : []),
    ...orderLinkText(order),
    ...(contacts.length ? ['', 'Questions? Contact us:', ...contacts] : []),
    '',
    shopName,
  ].join('\n');
  return { subject, html, text };
}
