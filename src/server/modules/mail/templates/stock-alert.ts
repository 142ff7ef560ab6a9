import { emailLayout, escapeHtml, safeHref } from './html.ts';
import type { RenderedEmail } from './order-summary.ts';

export interface StockAlertEmailData {
  /** the product and, when it has several, the variant's options ("Pro 16 - 16 mm, Blue") */
  itemName: string;
  /** the variant's page */
  productUrl: string;
  /** confirm: the double opt-in link; back in stock: the one-click unsubscribe page */
  actionUrl: string;
}

const button = (href: string, label: string) =>
  `<p style="margin:0 0 16px;"><a href="${escapeHtml(safeHref(href) ?? '')}" style="display:inline-block;background:#1e40af;color:#ffffff;padding:10px 18px;border-radius:6px;text-decoration:none;font-weight:bold;">${escapeHtml(label)}</a></p>`;

/** Double opt-in: a guest's sign-up counts only once its address has opened this link. */
export function renderStockAlertConfirm(data: StockAlertEmailData, shopName: string): RenderedEmail {
  const subject = `Confirm your back-in-stock alert - ${shopName}`;
  const ignore = 'If you did not ask for this, ignore this e-mail: you will get nothing more from us.';
  const html = emailLayout({
    shopName,
    heading: 'Confirm your alert',
    body: `<p style="margin:0 0 12px;">You asked to hear when <strong>${escapeHtml(data.itemName)}</strong> is back in stock.</p>
${button(data.actionUrl, 'Confirm alert')}
<p style="margin:0 0 12px;font-size:13px;color:#4b5563;">Or open this address: ${escapeHtml(data.actionUrl)}</p>
<p style="margin:0 0 12px;">${escapeHtml(ignore)}</p>`,
  });
  const text = [`You asked to hear when ${data.itemName} is back in stock.`, '', 'Confirm your alert:', data.actionUrl, '', ignore, '', shopName].join('\n');
  return { subject, html, text };
}

/** The alert itself: once per sign-up, linking to the variant, with its unsubscribe link. */
export function renderBackInStock(data: StockAlertEmailData, shopName: string): RenderedEmail {
  const subject = `Back in stock: ${data.itemName} - ${shopName}`;
  const html = emailLayout({
    shopName,
    heading: 'Back in stock',
    body: `<p style="margin:0 0 12px;"><strong>${escapeHtml(data.itemName)}</strong> is back in stock. Stock is limited, and we let the people waiting know in the order they signed up.</p>
${button(data.productUrl, 'View it now')}
<p style="margin:0 0 12px;font-size:13px;color:#4b5563;">Or open this address: ${escapeHtml(data.productUrl)}</p>
<p style="margin:0 0 12px;font-size:13px;color:#4b5563;">This is the only e-mail you get for this alert. <a href="${escapeHtml(safeHref(data.actionUrl) ?? '')}">Unsubscribe</a></p>`,
  });
  const text = [
    `${data.itemName} is back in stock.`,
    '',
    `View it: ${data.productUrl}`,
    '',
    `This is the only e-mail you get for this alert. Unsubscribe: ${data.actionUrl}`,
    '',
    shopName,
  ].join('\n');
  return { subject, html, text };
}
