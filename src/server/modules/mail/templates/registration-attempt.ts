import { emailLayout, escapeHtml, textParagraph } from './html.ts';
import type { RenderedEmail } from './order-summary.ts';
import { defineEmailTemplate, renderTexts } from './template-texts.ts';

export interface RegistrationAttemptEmailData {
  /** the saved full name, else the username */
  greetingName: string;
  /** the account's username: the owner may have forgotten it */
  username: string;
  /** the sign-in page, where "Forgot password?" is too */
  signInLink: string;
}

const scope = (data: RegistrationAttemptEmailData, shopName: string) => ({
  shop: { name: shopName },
  customer: { name: data.greetingName, username: data.username },
});

const SAMPLE: RegistrationAttemptEmailData = { greetingName: 'Jordan Lee', username: 'jordan', signInLink: 'https://shop.example/login' };

export const registrationAttemptEmail = defineEmailTemplate({
  key: 'registration-attempt',
  label: 'Registration with a known address',
  description: 'To the owner of an account when someone tries to register again with its e-mail address: how to get back in.',
  defaults: {
    subject: 'Someone tried to register with your e-mail address - {{ shop.name }}',
    heading: 'You already have an account',
    greeting: 'Hi {{ customer.name }},',
    intro: 'Someone tried to create a new account at {{ shop.name }} with this e-mail address. It already belongs to your account, so no new account was made.',
    yours:
      'If it was you: you already have an account, username "{{ customer.username }}". Sign in, or choose "Forgot password?" on the same page to set a new password.',
    closing: 'If it was not you, you can ignore this e-mail: nothing about your account has changed.',
  },
  sample: scope(SAMPLE, 'Pickleball Shop'),
  preview: (blocks) => renderRegistrationAttempt(SAMPLE, 'Pickleball Shop', blocks),
});

/**
 * To the owner of an address someone just tried to register again: the form said it is taken (the
 * shop cannot answer otherwise and still sign a new shopper in, decision 036), so the owner hears of
 * it, and a shopper who forgot their account finds the way back.
 */
export function renderRegistrationAttempt(data: RegistrationAttemptEmailData, shopName: string, blocks?: Partial<Record<string, string>>): RenderedEmail {
  const t = renderTexts(registrationAttemptEmail, blocks, scope(data, shopName));
  const html = emailLayout({
    shopName,
    heading: t.heading,
    body: `${textParagraph(t.greeting)}
${textParagraph(t.intro)}
${textParagraph(t.yours, '0 0 16px')}
<p style="margin:0 0 16px;"><a href="${escapeHtml(data.signInLink)}" style="display:inline-block;background:#1e40af;color:#ffffff;padding:10px 18px;border-radius:6px;text-decoration:none;font-weight:bold;">Sign in</a></p>
<p style="margin:0 0 12px;font-size:13px;color:#4b5563;">Or open this address: ${escapeHtml(data.signInLink)}</p>
${textParagraph(t.closing)}`,
  });
  const text = [t.greeting, '', t.intro, '', t.yours, data.signInLink, '', t.closing, '', shopName].join('\n');
  return { subject: t.subject, html, text };
}
