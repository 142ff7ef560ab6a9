import { emailLayout, escapeHtml } from './html.ts';
import type { RenderedEmail } from './order-summary.ts';
import { defineEmailTemplate, renderTexts } from './template-texts.ts';

export interface PasswordResetEmailData {
  /** the saved full name, else the username */
  greetingName: string;
  link: string;
  validForMinutes: number;
}

interface PasswordResetScope {
  shop: { name: string };
  customer: { name: string };
  link: { minutes: number };
}

const scope = (data: PasswordResetEmailData, shopName: string): PasswordResetScope => ({
  shop: { name: shopName },
  customer: { name: data.greetingName },
  link: { minutes: data.validForMinutes },
});

const SAMPLE: PasswordResetEmailData = { greetingName: 'Jordan Lee', link: 'https://shop.example/reset-password?token=sample', validForMinutes: 60 };

export const passwordResetEmail = defineEmailTemplate({
  key: 'password-reset',
  label: 'Password reset',
  description: 'To a shopper who asked to choose a new password: the one link that lets them.',
  defaults: {
    subject: 'Choose a new password - {{ shop.name }}',
    heading: 'Choose a new password',
    greeting: 'Hi {{ customer.name }},',
    intro: 'Someone (hopefully you) asked to reset the password of your account.',
    closing: 'The link works once, for {{ link.minutes }} minutes. If you did not ask for it, ignore this e-mail: your password stays as it is.',
  },
  sample: scope(SAMPLE, 'Pickleball Shop'),
  preview: (blocks) => renderPasswordReset(SAMPLE, 'Pickleball Shop', blocks),
});

/** To a shopper who asked to choose a new password: the one link that lets them. */
export function renderPasswordReset(data: PasswordResetEmailData, shopName: string, blocks?: Partial<Record<string, string>>): RenderedEmail {
  const t = renderTexts(passwordResetEmail, blocks, scope(data, shopName));
  const html = emailLayout({
    shopName,
    heading: t.heading,
    body: `<p style="margin:0 0 12px;">${escapeHtml(t.greeting)}</p>
<p style="margin:0 0 12px;white-space:pre-line;">${escapeHtml(t.intro)}</p>
<p style="margin:0 0 16px;"><a href="${escapeHtml(data.link)}" style="display:inline-block;background:#1e40af;color:#ffffff;padding:10px 18px;border-radius:6px;text-decoration:none;font-weight:bold;">Choose a new password</a></p>
<p style="margin:0 0 12px;font-size:13px;color:#4b5563;">Or open this address: ${escapeHtml(data.link)}</p>
<p style="margin:0 0 12px;white-space:pre-line;">${escapeHtml(t.closing)}</p>`,
  });
  const text = [t.greeting, '', t.intro, 'Choose a new password here:', data.link, '', t.closing, '', shopName].join('\n');
  return { subject: t.subject, html, text };
}
