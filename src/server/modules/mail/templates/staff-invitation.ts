import { emailLayout, escapeHtml, textParagraph } from './html.ts';
import type { RenderedEmail } from './order-summary.ts';
import { defineEmailTemplate, renderTexts } from './template-texts.ts';

export interface StaffInvitationEmailData {
  /** who invited: the owner's full name, else their username */
  inviterName: string;
  /** the role's name as the admin shows it ("Fulfilment") */
  roleLabel: string;
  link: string;
  validForDays: number;
}

const scope = (data: StaffInvitationEmailData, shopName: string) => ({
  shop: { name: shopName },
  inviter: { name: data.inviterName },
  role: { name: data.roleLabel },
  link: { days: data.validForDays },
});

const SAMPLE: StaffInvitationEmailData = {
  inviterName: 'Jordan Lee',
  roleLabel: 'Fulfilment',
  link: 'https://shop.example/join?token=sample',
  validForDays: 7,
};

export const staffInvitationEmail = defineEmailTemplate({
  key: 'staff-invitation',
  label: 'Staff invitation',
  description: 'To someone the owner invited to the staff: the one link that joins them, with the role it gives.',
  defaults: {
    subject: 'You are invited to help run {{ shop.name }}',
    heading: 'Join the staff',
    intro: '{{ inviter.name }} invited you to the staff of {{ shop.name }} as {{ role.name }}.',
    howTo: 'Open the link to choose a username and password, or to sign in with the account you have',
    closing: 'The link works once, for {{ link.days }} days. If you did not expect it, ignore this e-mail.',
  },
  sample: scope(SAMPLE, 'Pickleball Shop'),
  preview: (blocks) => renderStaffInvitation(SAMPLE, 'Pickleball Shop', blocks),
});

/** To someone the owner invited to the staff: the one link that joins them, with the role it gives; `blocks` are the owner's words. */
export function renderStaffInvitation(data: StaffInvitationEmailData, shopName: string, blocks?: Partial<Record<string, string>>): RenderedEmail {
  const t = renderTexts(staffInvitationEmail, blocks, scope(data, shopName));
  const html = emailLayout({
    shopName,
    heading: t.heading,
    body: `${textParagraph(t.intro)}
${textParagraph(`${t.howTo}.`)}
<p style="margin:0 0 16px;"><a href="${escapeHtml(data.link)}" style="display:inline-block;background:#1e40af;color:#ffffff;padding:10px 18px;border-radius:6px;text-decoration:none;font-weight:bold;">Accept the invitation</a></p>
<p style="margin:0 0 12px;font-size:13px;color:#4b5563;">Or open this address: ${escapeHtml(data.link)}</p>
${textParagraph(t.closing)}`,
  });
  const text = [t.intro, '', `${t.howTo}:`, data.link, '', t.closing, '', shopName].join('\n');
  return { subject: t.subject, html, text };
}
