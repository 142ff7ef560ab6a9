import { emailLayout, escapeHtml } from './html.ts';
import type { RenderedEmail } from './order-summary.ts';

export interface EmailChangeConfirmData {
  /** the saved full name, else the username */
  greetingName: string;
  link: string;
  validForHours: number;
}

/** To the new address of an account: the account's e-mail changes only when this link is opened. */
export function renderEmailChangeConfirm(data: EmailChangeConfirmData, shopName: string): RenderedEmail {
  const subject = `Confirm your new e-mail address - ${shopName}`;
  const intro = `You asked to use this address for your account at ${shopName}. Your e-mail address changes when you open this link.`;
  const validity = `The link works once, for ${data.validForHours} hours. If you did not ask for it, ignore this e-mail: nothing changes.`;
  const html = emailLayout({
    shopName,
    heading: 'Confirm your new e-mail address',
    body: `<p style="margin:0 0 12px;">Hi ${escapeHtml(data.greetingName)},</p>
<p style="margin:0 0 12px;">${escapeHtml(intro)}</p>
<p style="margin:0 0 16px;"><a href="${escapeHtml(data.link)}" style="display:inline-block;background:#1e40af;color:#ffffff;padding:10px 18px;border-radius:6px;text-decoration:none;font-weight:bold;">Confirm this address</a></p>
<p style="margin:0 0 12px;font-size:13px;color:#4b5563;">Or open this address: ${escapeHtml(data.link)}</p>
<p style="margin:0 0 12px;">${escapeHtml(validity)}</p>`,
  });
  const text = [`Hi ${data.greetingName},`, '', intro, data.link, '', validity, '', shopName].join('\n');
  return { subject, html, text };
}

export interface EmailChangedNoticeData {
  greetingName: string;
  newEmail: string;
}

/** To the old address once the change is made: a stolen session cannot move an account away unnoticed. */
export function renderEmailChangedNotice(data: EmailChangedNoticeData, shopName: string): RenderedEmail {
  const subject = `Your e-mail address was changed - ${shopName}`;
  const intro = `The e-mail address of your account at ${shopName} is now ${data.newEmail}. E-mails about your account and orders go there from now on.`;
  const notYou = `If you did not make this change, reply to this e-mail or contact ${shopName} at once.`;
  const html = emailLayout({
    shopName,
    heading: 'Your e-mail address was changed',
    body: `<p style="margin:0 0 12px;">Hi ${escapeHtml(data.greetingName)},</p>
<p style="margin:0 0 12px;">${escapeHtml(intro)}</p>
<p style="margin:0 0 12px;">${escapeHtml(notYou)}</p>`,
  });
  const text = [`Hi ${data.greetingName},`, '', intro, '', notYou, '', shopName].join('\n');
  return { subject, html, text };
}
