import { emailLayout, escapeHtml, textParagraph } from './html.ts';
import type { RenderedEmail } from './order-summary.ts';
import { defineEmailTemplate, renderTexts } from './template-texts.ts';

export interface EmailChangeConfirmData {
  /** the saved full name, else the username */
  greetingName: string;
  link: string;
  validForHours: number;
}

const confirmScope = (data: EmailChangeConfirmData, shopName: string) => ({
  shop: { name: shopName },
  customer: { name: data.greetingName },
  link: { hours: data.validForHours },
});

const SAMPLE_CONFIRM: EmailChangeConfirmData = { greetingName: 'Jordan Lee', link: 'https://shop.example/account/email?token=sample', validForHours: 24 };

export const emailChangeConfirmEmail = defineEmailTemplate({
  key: 'email-change-confirm',
  label: 'Confirm a new e-mail address',
  description: "To the new address of an account: the account's e-mail changes only when this link is opened.",
  defaults: {
    subject: 'Confirm your new e-mail address - {{ shop.name }}',
    heading: 'Confirm your new e-mail address',
    greeting: 'Hi {{ customer.name }},',
    intro: 'You asked to use this address for your account at {{ shop.name }}. Your e-mail address changes when you open this link.',
    closing: 'The link works once, for {{ link.hours }} hours. If you did not ask for it, ignore this e-mail: nothing changes.',
  },
  sample: confirmScope(SAMPLE_CONFIRM, 'Pickleball Shop'),
  preview: (blocks) => renderEmailChangeConfirm(SAMPLE_CONFIRM, 'Pickleball Shop', blocks),
});

/** To the new address of an account: the account's e-mail changes only when this link is opened. */
export function renderEmailChangeConfirm(data: EmailChangeConfirmData, shopName: string, blocks?: Partial<Record<string, string>>): RenderedEmail {
  const t = renderTexts(emailChangeConfirmEmail, blocks, confirmScope(data, shopName));
  const html = emailLayout({
    shopName,
    heading: t.heading,
    body: `${textParagraph(t.greeting)}
${textParagraph(t.intro)}
<p style="margin:0 0 16px;"><a href="${escapeHtml(data.link)}" style="display:inline-block;background:#1e40af;color:#ffffff;padding:10px 18px;border-radius:6px;text-decoration:none;font-weight:bold;">Confirm this address</a></p>
<p style="margin:0 0 12px;font-size:13px;color:#4b5563;">Or open this address: ${escapeHtml(data.link)}</p>
${textParagraph(t.closing)}`,
  });
  const text = [t.greeting, '', t.intro, data.link, '', t.closing, '', shopName].join('\n');
  return { subject: t.subject, html, text };
}

export interface EmailChangedNoticeData {
  greetingName: string;
  newEmail: string;
}

const changedScope = (data: EmailChangedNoticeData, shopName: string) => ({
  shop: { name: shopName },
  customer: { name: data.greetingName, newEmail: data.newEmail },
});

const SAMPLE_CHANGED: EmailChangedNoticeData = { greetingName: 'Jordan Lee', newEmail: 'jordan.lee@example.net' };

export const emailChangedNoticeEmail = defineEmailTemplate({
  key: 'email-changed',
  label: 'E-mail address changed',
  description: "To an account's former address once the new one is confirmed, so a change nobody asked for is noticed.",
  defaults: {
    subject: 'Your e-mail address was changed - {{ shop.name }}',
    heading: 'Your e-mail address was changed',
    greeting: 'Hi {{ customer.name }},',
    intro: 'The e-mail address of your account at {{ shop.name }} is now {{ customer.newEmail }}. E-mails about your account and orders go there from now on.',
    closing: 'If you did not make this change, reply to this e-mail or contact {{ shop.name }} at once.',
  },
  sample: changedScope(SAMPLE_CHANGED, 'Pickleball Shop'),
  preview: (blocks) => renderEmailChangedNotice(SAMPLE_CHANGED, 'Pickleball Shop', blocks),
});

/** To the old address once the change is made: a stolen session cannot move an account away unnoticed. */
export function renderEmailChangedNotice(data: EmailChangedNoticeData, shopName: string, blocks?: Partial<Record<string, string>>): RenderedEmail {
  const t = renderTexts(emailChangedNoticeEmail, blocks, changedScope(data, shopName));
  const html = emailLayout({
    shopName,
    heading: t.heading,
    body: `${textParagraph(t.greeting)}
${textParagraph(t.intro)}
${textParagraph(t.closing)}`,
  });
  const text = [t.greeting, '', t.intro, '', t.closing, '', shopName].join('\n');
  return { subject: t.subject, html, text };
}
