import type { Database } from '#server/db/client.ts';
import { readTemplateBlocks } from './email-template-service.ts';
import type { MailResult, MailService } from './mail-service.ts';
import { readShop } from './shop-details.ts';
import { renderEmailChangeConfirm, renderEmailChangedNotice, type EmailChangeConfirmData, type EmailChangedNoticeData } from './templates/email-change.ts';
import { renderPasswordReset, type PasswordResetEmailData } from './templates/password-reset.ts';
import { renderRegistrationAttempt, type RegistrationAttemptEmailData } from './templates/registration-attempt.ts';
import { renderStaffInvitation, type StaffInvitationEmailData } from './templates/staff-invitation.ts';

/** The link to choose a new password, to the account's e-mail address. */
export async function sendPasswordResetEmail(mail: MailService, db: Database, to: string, data: PasswordResetEmailData): Promise<MailResult> {
  const { shopName } = await readShop(db);
  const blocks = await readTemplateBlocks(db, 'password-reset');
  return mail.send({ kind: 'password-reset', to, ...renderPasswordReset(data, shopName, blocks) });
}

/** To the owner of an address someone tried to register again: the account exists, and how to get back in. */
export async function sendRegistrationAttemptEmail(mail: MailService, db: Database, to: string, data: RegistrationAttemptEmailData): Promise<MailResult> {
  const { shopName } = await readShop(db);
  const blocks = await readTemplateBlocks(db, 'registration-attempt');
  return mail.send({ kind: 'registration-attempt', to, ...renderRegistrationAttempt(data, shopName, blocks) });
}

/** The link that confirms a new e-mail address, to that new address. */
export async function sendEmailChangeConfirmEmail(mail: MailService, db: Database, to: string, data: EmailChangeConfirmData): Promise<MailResult> {
  const { shopName } = await readShop(db);
  const blocks = await readTemplateBlocks(db, 'email-change-confirm');
  return mail.send({ kind: 'email-change-confirm', to, ...renderEmailChangeConfirm(data, shopName, blocks) });
}

/** To the account's former address, once the new one is confirmed. */
export async function sendEmailChangedNotice(mail: MailService, db: Database, to: string, data: EmailChangedNoticeData): Promise<MailResult> {
  const { shopName } = await readShop(db);
  const blocks = await readTemplateBlocks(db, 'email-changed');
  return mail.send({ kind: 'email-changed', to, ...renderEmailChangedNotice(data, shopName, blocks) });
}

/** The owner's invitation to the staff, with its single-use link, to the invited address. */
export async function sendStaffInvitationEmail(mail: MailService, db: Database, to: string, data: StaffInvitationEmailData): Promise<MailResult> {
  const { shopName } = await readShop(db);
  const blocks = await readTemplateBlocks(db, 'staff-invitation');
  return mail.send({ kind: 'staff-invitation', to, ...renderStaffInvitation(data, shopName, blocks) });
}
