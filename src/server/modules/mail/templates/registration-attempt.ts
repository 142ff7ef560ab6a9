import { emailLayout, escapeHtml } from './html.ts';
import type { RenderedEmail } from './order-summary.ts';

export interface RegistrationAttemptEmailData {
  /** the saved full name, else the username */
  greetingName: string;
  /** the account's username: the owner may have forgotten it */
  username: string;
  /** the sign-in page, where "Forgot password?" is too */
  signInLink: string;
}

/**
 * To the owner of an address someone just tried to register again: the form said it is taken (the
 * shop cannot answer otherwise and still sign a new shopper in, decision 036), so the owner hears of
 * it, and a shopper who forgot their account finds the way back.
 */
export function renderRegistrationAttempt(data: RegistrationAttemptEmailData, shopName: string): RenderedEmail {
  const subject = `Someone tried to register with your e-mail address - ${shopName}`;
  const intro = `Someone tried to create a new account at ${shopName} with this e-mail address. It already belongs to your account, so no new account was made.`;
  const yours = `If it was you: you already have an account, username "${data.username}". Sign in, or choose "Forgot password?" on the same page to set a new password.`;
  const notYours = 'If it was not you, you can ignore this e-mail: nothing about your account has changed.';
  const html = emailLayout({
    shopName,
    heading: 'You already have an account',
    body: `<p style="margin:0 0 12px;">Hi ${escapeHtml(data.greetingName)},</p>
<p style="margin:0 0 12px;">${escapeHtml(intro)}</p>
<p style="margin:0 0 16px;">${escapeHtml(yours)}</p>
<p style="margin:0 0 16px;"><a href="${escapeHtml(data.signInLink)}" style="display:inline-block;background:#1e40af;color:#ffffff;padding:10px 18px;border-radius:6px;text-decoration:none;font-weight:bold;">Sign in</a></p>
<p style="margin:0 0 12px;font-size:13px;color:#4b5563;">Or open this address: ${escapeHtml(data.signInLink)}</p>
<p style="margin:0 0 12px;">${escapeHtml(notYours)}</p>`,
  });
  const text = [`Hi ${data.greetingName},`, '', intro, '', yours, data.signInLink, '', notYours, '', shopName].join('\n');
  return { subject, html, text };
}
