import { emailLayout, escapeHtml, safeHref } from './html.ts';
import type { RenderedEmail } from './order-summary.ts';

const button = (href: string, label: string) =>
  `<p style="margin:0 0 16px;"><a href="${escapeHtml(safeHref(href) ?? '')}" style="display:inline-block;background:#1e40af;color:#ffffff;padding:10px 18px;border-radius:6px;text-decoration:none;font-weight:bold;">${escapeHtml(label)}</a></p>`;

/** Double opt-in: the address gets marketing only once it has opened this link. */
export function renderNewsletterConfirm(data: { confirmUrl: string }, shopName: string): RenderedEmail {
  const subject = `Confirm your subscription - ${shopName}`;
  const ignore = 'If you did not ask for this, ignore this e-mail: you will get nothing more from us.';
  const html = emailLayout({
    shopName,
    heading: 'Confirm your subscription',
    body: `<p style="margin:0 0 12px;">Someone, hopefully you, asked to get ${escapeHtml(shopName)}'s e-mails about new gear and offers at this address.</p>
${button(data.confirmUrl, 'Confirm subscription')}
<p style="margin:0 0 12px;font-size:13px;color:#4b5563;">Or open this address: ${escapeHtml(data.confirmUrl)}</p>
<p style="margin:0 0 12px;">${escapeHtml(ignore)}</p>`,
  });
  const text = [
    `Someone, hopefully you, asked to get ${shopName}'s e-mails about new gear and offers at this address.`,
    '',
    'Confirm your subscription:',
    data.confirmUrl,
    '',
    ignore,
    '',
    shopName,
  ].join('\n');
  return { subject, html, text };
}

/** The footer every marketing e-mail ends with: why it came, and the way out in one click. */
export function marketingFooter(unsubscribeUrl: string): { html: string; text: string } {
  const why = 'You get this e-mail because you subscribed to our news.';
  return {
    html: `<p style="margin:16px 0 0;font-size:13px;color:#4b5563;">${escapeHtml(why)} <a href="${escapeHtml(safeHref(unsubscribeUrl) ?? '')}">Unsubscribe</a></p>`,
    text: `${why} Unsubscribe: ${unsubscribeUrl}`,
  };
}

/** The first marketing e-mail: the subscription is confirmed, with the unsubscribe link every one carries. */
export function renderNewsletterWelcome(data: { shopUrl: string; unsubscribeUrl: string }, shopName: string): RenderedEmail {
  const subject = `You're subscribed - ${shopName}`;
  const footer = marketingFooter(data.unsubscribeUrl);
  const html = emailLayout({
    shopName,
    heading: "You're subscribed",
    body: `<p style="margin:0 0 12px;">Thanks for confirming. We'll write when new gear arrives and when there's an offer worth your time.</p>
${button(data.shopUrl, 'Visit the shop')}
${footer.html}`,
  });
  const text = [
    "Thanks for confirming. We'll write when new gear arrives and when there's an offer worth your time.",
    '',
    `Visit the shop: ${data.shopUrl}`,
    '',
    footer.text,
    '',
    shopName,
  ].join('\n');
  return { subject, html, text };
}
