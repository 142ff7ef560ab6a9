import { emailLayout, escapeHtml, safeHref, textParagraph } from './html.ts';
import type { RenderedEmail } from './order-summary.ts';
import { defineEmailTemplate, renderTexts } from './template-texts.ts';

const button = (href: string, label: string) =>
  `<p style="margin:0 0 16px;"><a href="${escapeHtml(safeHref(href) ?? '')}" style="display:inline-block;background:#1e40af;color:#ffffff;padding:10px 18px;border-radius:6px;text-decoration:none;font-weight:bold;">${escapeHtml(label)}</a></p>`;

const shopScope = (shopName: string) => ({ shop: { name: shopName } });
const SAMPLE_CONFIRM = { confirmUrl: 'https://shop.example/api/newsletter/confirm?token=sample' };
const SAMPLE_WELCOME = { shopUrl: 'https://shop.example/', unsubscribeUrl: 'https://shop.example/api/newsletter/unsubscribe?token=sample' };

export const newsletterConfirmEmail = defineEmailTemplate({
  key: 'newsletter-confirm',
  label: 'Newsletter: confirm subscription',
  description: 'The double opt-in e-mail of a newsletter sign-up: the address gets marketing only once it opens this link.',
  defaults: {
    subject: 'Confirm your subscription - {{ shop.name }}',
    heading: 'Confirm your subscription',
    intro: "Someone, hopefully you, asked to get {{ shop.name }}'s e-mails about new gear and offers at this address.",
    closing: 'If you did not ask for this, ignore this e-mail: you will get nothing more from us.',
  },
  sample: shopScope('Pickleball Shop'),
  preview: (blocks) => renderNewsletterConfirm(SAMPLE_CONFIRM, 'Pickleball Shop', blocks),
});

/** Double opt-in: the address gets marketing only once it has opened this link; `blocks` are the owner's words. */
export function renderNewsletterConfirm(data: { confirmUrl: string }, shopName: string, blocks?: Partial<Record<string, string>>): RenderedEmail {
  const t = renderTexts(newsletterConfirmEmail, blocks, shopScope(shopName));
  const html = emailLayout({
    shopName,
    heading: t.heading,
    body: `${textParagraph(t.intro)}
${button(data.confirmUrl, 'Confirm subscription')}
<p style="margin:0 0 12px;font-size:13px;color:#4b5563;">Or open this address: ${escapeHtml(data.confirmUrl)}</p>
${textParagraph(t.closing)}`,
  });
  const text = [t.intro, '', 'Confirm your subscription:', data.confirmUrl, '', t.closing, '', shopName].join('\n');
  return { subject: t.subject, html, text };
}

/**
 * The footer every marketing e-mail ends with: why it came, and the way out in one click. It is code, not an
 * owner's block, so no edit can take the unsubscribe link out of a marketing e-mail.
 */
export function marketingFooter(unsubscribeUrl: string): { html: string; text: string } {
  const why = 'You get this e-mail because you subscribed to our news.';
  return {
    html: `<p style="margin:16px 0 0;font-size:13px;color:#4b5563;">${escapeHtml(why)} <a href="${escapeHtml(safeHref(unsubscribeUrl) ?? '')}">Unsubscribe</a></p>`,
    text: `${why} Unsubscribe: ${unsubscribeUrl}`,
  };
}

export const newsletterWelcomeEmail = defineEmailTemplate({
  key: 'newsletter-welcome',
  label: 'Newsletter: welcome',
  description: 'The first marketing e-mail, once a subscription is confirmed; it always ends with the unsubscribe link.',
  marketing: true,
  defaults: {
    subject: "You're subscribed - {{ shop.name }}",
    heading: "You're subscribed",
    intro: "Thanks for confirming. We'll write when new gear arrives and when there's an offer worth your time.",
  },
  sample: shopScope('Pickleball Shop'),
  preview: (blocks) => renderNewsletterWelcome(SAMPLE_WELCOME, 'Pickleball Shop', blocks),
});

/** The first marketing e-mail: the subscription is confirmed, with the unsubscribe link every one carries. */
export function renderNewsletterWelcome(
  data: { shopUrl: string; unsubscribeUrl: string },
  shopName: string,
  blocks?: Partial<Record<string, string>>,
): RenderedEmail {
  const t = renderTexts(newsletterWelcomeEmail, blocks, shopScope(shopName));
  const footer = marketingFooter(data.unsubscribeUrl);
  const html = emailLayout({
    shopName,
    heading: t.heading,
    body: `${textParagraph(t.intro)}
${button(data.shopUrl, 'Visit the shop')}
${footer.html}`,
  });
  const text = [t.intro, '', `Visit the shop: ${data.shopUrl}`, '', footer.text, '', shopName].join('\n');
  return { subject: t.subject, html, text };
}
