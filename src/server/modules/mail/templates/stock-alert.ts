import { emailLayout, escapeHtml, safeHref, textParagraph } from './html.ts';
import type { RenderedEmail } from './order-summary.ts';
import { defineEmailTemplate, renderTexts } from './template-texts.ts';

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

const scope = (data: StockAlertEmailData, shopName: string) => ({ shop: { name: shopName }, item: { name: data.itemName } });

const SAMPLE: StockAlertEmailData = {
  itemName: 'Pro 16 Paddle - 16 mm, Blue',
  productUrl: 'https://shop.example/products/12?variant=34',
  actionUrl: 'https://shop.example/api/stock-alerts/confirm?token=sample',
};

export const stockAlertConfirmEmail = defineEmailTemplate({
  key: 'stock-alert-confirm',
  label: 'Back-in-stock alert: confirm',
  description: "The double opt-in e-mail of a guest's back-in-stock sign-up: the alert counts once this link is opened.",
  defaults: {
    subject: 'Confirm your back-in-stock alert - {{ shop.name }}',
    heading: 'Confirm your alert',
    intro: 'You asked to hear when {{ item.name }} is back in stock.',
    closing: 'If you did not ask for this, ignore this e-mail: you will get nothing more from us.',
  },
  sample: scope(SAMPLE, 'Pickleball Shop'),
  preview: (blocks) => renderStockAlertConfirm(SAMPLE, 'Pickleball Shop', blocks),
});

/** Double opt-in: a guest's sign-up counts only once its address has opened this link; `blocks` are the owner's words. */
export function renderStockAlertConfirm(data: StockAlertEmailData, shopName: string, blocks?: Partial<Record<string, string>>): RenderedEmail {
  const t = renderTexts(stockAlertConfirmEmail, blocks, scope(data, shopName));
  const html = emailLayout({
    shopName,
    heading: t.heading,
    body: `${textParagraph(t.intro)}
${button(data.actionUrl, 'Confirm alert')}
<p style="margin:0 0 12px;font-size:13px;color:#4b5563;">Or open this address: ${escapeHtml(data.actionUrl)}</p>
${textParagraph(t.closing)}`,
  });
  const text = [t.intro, '', 'Confirm your alert:', data.actionUrl, '', t.closing, '', shopName].join('\n');
  return { subject: t.subject, html, text };
}

export const backInStockEmail = defineEmailTemplate({
  key: 'back-in-stock',
  label: 'Back in stock',
  description: 'The alert itself, once per sign-up, linking to the variant; it always ends with its unsubscribe link.',
  marketing: true,
  defaults: {
    subject: 'Back in stock: {{ item.name }} - {{ shop.name }}',
    heading: 'Back in stock',
    intro: '{{ item.name }} is back in stock.',
    detail: 'Stock is limited, and we let the people waiting know in the order they signed up.',
  },
  sample: scope(SAMPLE, 'Pickleball Shop'),
  preview: (blocks) => renderBackInStock({ ...SAMPLE, actionUrl: 'https://shop.example/api/stock-alerts/unsubscribe?token=sample' }, 'Pickleball Shop', blocks),
});

/** The alert itself: once per sign-up, linking to the variant, with its unsubscribe link (code, so no edit removes it). */
export function renderBackInStock(data: StockAlertEmailData, shopName: string, blocks?: Partial<Record<string, string>>): RenderedEmail {
  const t = renderTexts(backInStockEmail, blocks, scope(data, shopName));
  const html = emailLayout({
    shopName,
    heading: t.heading,
    body: `${textParagraph([t.intro, t.detail].filter(Boolean).join(' '))}
${button(data.productUrl, 'View it now')}
<p style="margin:0 0 12px;font-size:13px;color:#4b5563;">Or open this address: ${escapeHtml(data.productUrl)}</p>
<p style="margin:0 0 12px;font-size:13px;color:#4b5563;">This is the only e-mail you get for this alert. <a href="${escapeHtml(safeHref(data.actionUrl) ?? '')}">Unsubscribe</a></p>`,
  });
  const text = [
    t.intro,
    '',
    `View it: ${data.productUrl}`,
    '',
    `This is the only e-mail you get for this alert. Unsubscribe: ${data.actionUrl}`,
    '',
    shopName,
  ].join('\n');
  return { subject: t.subject, html, text };
}
