import { emailLayout, escapeHtml, safeHref } from './html.ts';
import type { RenderedEmail } from './order-summary.ts';

export interface OrderLinkEmailData {
  orderNumber: string;
  customerName: string;
  customerEmail: string;
  link: string;
  validForDays: number;
}

/** To the order's own e-mail address after a lookup found it: the link that opens the order. */
export function renderOrderLink(data: OrderLinkEmailData, shopName: string): RenderedEmail {
  const subject = `Your order #${data.orderNumber} - ${shopName}`;
  const validity = `The link opens the order for ${data.validForDays} days. If you did not look this order up, you can ignore this e-mail.`;
  const href = safeHref(data.link) ?? '';
  const html = emailLayout({
    shopName,
    heading: `Your order #${data.orderNumber}`,
    body: `<p style="margin:0 0 12px;">Hi ${escapeHtml(data.customerName)},</p>
<p style="margin:0 0 12px;">Here is the link to your order <strong>#${escapeHtml(data.orderNumber)}</strong>: its items, status and tracking.</p>
<p style="margin:0 0 16px;"><a href="${escapeHtml(href)}" style="display:inline-block;background:#1e40af;color:#ffffff;padding:10px 18px;border-radius:6px;text-decoration:none;font-weight:bold;">View your order</a></p>
<p style="margin:0 0 12px;font-size:13px;color:#4b5563;">Or open this address: ${escapeHtml(data.link)}</p>
<p style="margin:0 0 12px;">${escapeHtml(validity)}</p>`,
  });
  const text = [`Hi ${data.customerName},`, '', `Here is the link to your order #${data.orderNumber}:`, data.link, '', validity, '', shopName].join('\n');
  return { subject, html, text };
}
