import { emailLayout, escapeHtml } from './html.ts';
import type { RenderedEmail } from './order-summary.ts';

export interface StaffInvitationEmailData {
  /** who invited: the owner's full name, else their username */
  inviterName: string;
  /** the role's name as the admin shows it ("Fulfilment") */
  roleLabel: string;
  link: string;
  validForDays: number;
}

/** To someone the owner invited to the staff: the one link that joins them, with the role it gives. */
export function renderStaffInvitation(data: StaffInvitationEmailData, shopName: string): RenderedEmail {
  const subject = `You are invited to help run ${shopName}`;
  const invited = `${data.inviterName} invited you to the staff of ${shopName} as ${data.roleLabel}.`;
  const validity = `The link works once, for ${data.validForDays} days. If you did not expect it, ignore this e-mail.`;
  const html = emailLayout({
    shopName,
    heading: 'Join the staff',
    body: `<p style="margin:0 0 12px;">${escapeHtml(invited)}</p>
<p style="margin:0 0 12px;">Open the link to choose a username and password, or to sign in with the account you have.</p>
<p style="margin:0 0 16px;"><a href="${escapeHtml(data.link)}" style="display:inline-block;background:#1e40af;color:#ffffff;padding:10px 18px;border-radius:6px;text-decoration:none;font-weight:bold;">Accept the invitation</a></p>
<p style="margin:0 0 12px;font-size:13px;color:#4b5563;">Or open this address: ${escapeHtml(data.link)}</p>
<p style="margin:0 0 12px;">${escapeHtml(validity)}</p>`,
  });
  const text = [
    invited,
    '',
    'Open the link to choose a username and password, or to sign in with the account you have:',
    data.link,
    '',
    validity,
    '',
    shopName,
  ].join('\n');
  return { subject, html, text };
}
