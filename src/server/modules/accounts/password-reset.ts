import { and, eq, gt, lt } from 'drizzle-orm';
import type { PasswordReset } from '#common/schemas/accounts.ts';
import type { Database } from '#server/db/client.ts';
import { passwordResetTokens, sessions, users } from '#server/db/schema.ts';
import type { SessionUser } from '#server/http/auth.ts';
import { sendPasswordResetEmail } from '#server/modules/mail/account-mail-service.ts';
import type { MailService } from '#server/modules/mail/mail-service.ts';
import { clearLoginFailures } from './login-backoff.ts';
import { assertStrongPassword } from './password-strength.ts';
import { sessionUserColumns } from './user-columns.ts';
import { hashPassword } from './passwords.ts';
import { hashToken, newSecretToken } from './secret-token.ts';

const RESET_TOKEN_TTL_MS = 60 * 60 * 1000;

/**
 * When an account has this (lowercase) e-mail, a new reset token for it, replacing any earlier one
 * so only the latest link works, and the e-mail carrying the link. Nothing happens otherwise.
 */
export async function requestPasswordReset(deps: { db: Database; mail: MailService }, email: string, linkBase: string): Promise<void> {
  const { db, mail } = deps;
  const [user] = await db.select(sessionUserColumns).from(users).where(eq(users.email, email)).limit(1);
  if (!user) return;
  const token = newSecretToken();
  await db.transaction(async (tx) => {
    await tx.delete(passwordResetTokens).where(eq(passwordResetTokens.userId, user.id));
    await tx.insert(passwordResetTokens).values({ id: hashToken(token), userId: user.id, expiresAt: new Date(Date.now() + RESET_TOKEN_TTL_MS) });
  });
  const link = new URL('/reset-password', linkBase);
  link.searchParams.set('token', token);
  await sendPasswordResetEmail(mail, db, email, {
    greetingName: user.fullName ?? user.username,
    link: link.toString(),
    validForMinutes: RESET_TOKEN_TTL_MS / 60_000,
  });
}

/**
 * Sets the new password of the token's account and answers that account, or null when the token is
 * unknown, expired or already used. A weak password is refused before the token is spent, so the
 * shopper can try another. The token, any other of the account's tokens and all its sessions are
 * deleted with the change: a stolen session does not survive a reset.
 */
export async function resetPassword(db: Database, input: PasswordReset): Promise<SessionUser | null> {
  const id = hashToken(input.token);
  const live = and(eq(passwordResetTokens.id, id), gt(passwordResetTokens.expiresAt, new Date()));
  const [user] = await db.select(sessionUserColumns).from(passwordResetTokens).innerJoin(users, eq(users.id, passwordResetTokens.userId)).where(live).limit(1);
  if (!user) return null;
  await assertStrongPassword(input.password, [user.username, user.email ?? '']);
  const passwordHash = await hashPassword(input.password);
  const changed = await db.transaction(async (tx) => {
    // the delete is what spends the token: of two requests racing with one link, only one gets the row
    const [spent] = await tx.delete(passwordResetTokens).where(live).returning({ userId: passwordResetTokens.userId });
    if (!spent) return false;
    await tx.update(users).set({ passwordHash }).where(eq(users.id, user.id));
    await tx.delete(passwordResetTokens).where(eq(passwordResetTokens.userId, user.id));
    await tx.delete(sessions).where(eq(sessions.userId, user.id));
    return true;
  });
  if (!changed) return null;
  // a shopper locked out by the back-off who proved they own the address may sign in again
  await clearLoginFailures(db, user.username);
  if (user.email) await clearLoginFailures(db, user.email);
  return user;
}

export async function deleteExpiredResetTokens(db: Database): Promise<void> {
  await db.delete(passwordResetTokens).where(lt(passwordResetTokens.expiresAt, new Date()));
}
