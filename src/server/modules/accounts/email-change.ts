import { and, eq, gt, lt, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { ChangeEmailInput } from '#common/schemas/accounts.ts';
import type { Database } from '#server/db/client.ts';
import { uniqueViolationConstraint } from '#server/db/pg-error-code.ts';
import { emailChangeTokens, passwordResetTokens, users } from '#server/db/schema.ts';
import { conflict, invalidInput } from '#server/errors/domain-errors.ts';
import type { SessionUser } from '#server/http/auth.ts';
import { sendEmailChangeConfirmEmail, sendEmailChangedNotice } from '#server/modules/mail/account-mail-service.ts';
import type { MailService } from '#server/modules/mail/mail-service.ts';
import { checkCurrentPassword } from './current-password.ts';
import { hashToken, newSecretToken } from './secret-token.ts';

const EMAIL_CHANGE_TTL_MS = 24 * 60 * 60 * 1000;
/** Where the confirmation link opens (the client's page, which sends the token back). */
const CONFIRM_EMAIL_PATH = '/confirm-email';

export const SAME_EMAIL = 'That is already your email address';
export const EMAIL_LINK_INVALID = 'This confirmation link is invalid, used or expired. Please ask for a new one from your profile.';
export const EMAIL_NOW_TAKEN = 'Another account uses this email address now, so yours was not changed.';

interface EmailChangeDeps {
  db: Database;
  mail: MailService;
  log: Pick<FastifyBaseLogger, 'error'>;
}

/**
 * After the current password, a confirmation link to the new address (replacing any earlier link of
 * the account); the address changes only when it is opened. Whether another account uses the new
 * address is not looked at here: the answer is the same either way (the link then fails cleanly),
 * so the form cannot be used to find out who has an account.
 */
export async function requestEmailChange(
  deps: Omit<EmailChangeDeps, 'log'>,
  user: SessionUser,
  input: ChangeEmailInput,
  linkBase: string,
): Promise<{ kind: 'locked'; retryAfterSeconds: number } | { kind: 'ok'; send: () => Promise<unknown> }> {
  const { db, mail } = deps;
  const check = await checkCurrentPassword(db, user, input.currentPassword);
  if (check.kind === 'locked') return { kind: 'locked', retryAfterSeconds: check.retryAfterSeconds };
  if (input.newEmail === user.email) throw invalidInput(SAME_EMAIL, [{ path: 'newEmail', message: SAME_EMAIL }]);
  const token = newSecretToken();
  await db.transaction(async (tx) => {
    await tx.delete(emailChangeTokens).where(eq(emailChangeTokens.userId, user.id));
    await tx.insert(emailChangeTokens).values({
      id: hashToken(token),
      userId: user.id,
      newEmail: input.newEmail,
      expiresAt: new Date(Date.now() + EMAIL_CHANGE_TTL_MS),
    });
  });
  const link = new URL(CONFIRM_EMAIL_PATH, linkBase);
  link.searchParams.set('token', token);
  const send = () =>
    sendEmailChangeConfirmEmail(mail, db, input.newEmail, {
      greetingName: user.fullName ?? user.username,
      link: link.toString(),
      validForHours: EMAIL_CHANGE_TTL_MS / 3_600_000,
    });
  return { kind: 'ok', send };
}

/**
 * Opens the link: the account takes the new address, the token and any other of the account's are
 * spent, outstanding password-reset links (sent to the old address) stop working, and the old address
 * is told. The change is conditional on the address the account had when the link was found, so two
 * links racing change it once.
 */
export async function confirmEmailChange(deps: EmailChangeDeps, token: string): Promise<{ email: string }> {
  const { db, mail } = deps;
  const id = hashToken(token);
  const live = and(eq(emailChangeTokens.id, id), gt(emailChangeTokens.expiresAt, new Date()));
  const [found] = await db
    .select({ userId: users.id, username: users.username, fullName: users.fullName, oldEmail: users.email, newEmail: emailChangeTokens.newEmail })
    .from(emailChangeTokens)
    .innerJoin(users, eq(users.id, emailChangeTokens.userId))
    .where(live)
    .limit(1);
  if (!found) throw invalidInput(EMAIL_LINK_INVALID);
  try {
    const changed = await db.transaction(async (tx) => {
      const [spent] = await tx.delete(emailChangeTokens).where(live).returning({ id: emailChangeTokens.id });
      if (!spent) return false;
      const [moved] = await tx
        .update(users)
        .set({ email: found.newEmail })
        .where(and(eq(users.id, found.userId), sql`${users.email} is not distinct from ${found.oldEmail}`))
        .returning({ id: users.id });
      if (!moved) return false;
      await tx.delete(emailChangeTokens).where(eq(emailChangeTokens.userId, found.userId));
      await tx.delete(passwordResetTokens).where(eq(passwordResetTokens.userId, found.userId));
      return true;
    });
    if (!changed) throw invalidInput(EMAIL_LINK_INVALID);
  } catch (error) {
    // taken since the link was sent (or before: the request did not say): the account keeps its address
    if (uniqueViolationConstraint(error) !== null) throw conflict(EMAIL_NOW_TAKEN);
    throw error;
  }
  // the change is made: a notice that fails to queue is logged, not turned into a failed confirmation
  if (found.oldEmail) {
    await sendEmailChangedNotice(mail, db, found.oldEmail, { greetingName: found.fullName ?? found.username, newEmail: found.newEmail }).catch(
      (error: unknown) => deps.log.error({ err: error }, 'e-mail change notice failed'),
    );
  }
  return { email: found.newEmail };
}

export async function deleteExpiredEmailChangeTokens(db: Database): Promise<void> {
  await db.delete(emailChangeTokens).where(lt(emailChangeTokens.expiresAt, new Date()));
}
