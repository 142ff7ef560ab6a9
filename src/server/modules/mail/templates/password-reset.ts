import { emailLayout, escapeHtml } from './html.ts';
import type { RenderedEmail } from './order-summary.ts';

export interface PasswordResetEmailData {
  /** the saved full name, else the username */
  greetingName: string;
  link: string;
  validForMinutes: number;
}

/** To a shopper who asked to choose a new password: the one link that lets them. */
export function renderPasswordReset(data: PasswordResetEmailData, shopName: string): RenderedEmail {
  const subject = `Choose a new password - ${shopName}`;
  const validity = `The link works once, for ${data.validForMinutes} minutes. If you did not ask for it, ignore this e-mail: your password stays as it is.`;
  const html = emailLayout({
    shopName,
    heading: 'Choose a new password',
    body: `<p style="margin:0 0 12px;">Hi ${escapeHtml(data.greetingName)},</p>
<p style="margin:0 0 12px;">Someone (hopefully you) asked to reset the password of your account.</p>
<p style="margin:0 0 16px;"><a href="${escapeHtml(data.link)}" style="display:inline-block;background:#1e40af;color:#ffffff;padding:10px 18px;border-radius:6px;text-decoration:none;font-weight:bold;">Choose a new password</a></p>
<p style="margin:0 0 12px;font-size:13px;color:#4b5563;">Or open this address: ${escapeHtml(data.link)}</p>
<p style="margin:0 0 12px;">${escapeHtml(validity)}</p>`,
  });
  const text = [
    `Hi ${data.greetingName},`,
    '',
    'Someone (hopefully you) asked to reset the password of your account.',
    'Choose a new password here:',
    data.link,
    '',
    validity,
    '',
    shopName,
  ].join('\n');
  return { subject, html, text };
}
