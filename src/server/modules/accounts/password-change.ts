import { and, eq, ne } from 'drizzle-orm';
import type { ChangePasswordInput } from '#common/schemas/accounts.ts';
import type { Database } from '#server/db/client.ts';
import { passwordResetTokens, sessions, users } from '#server/db/schema.ts';
import { conflict, DomainError, invalidInput } from '#server/errors/domain-errors.ts';
import type { SessionUser } from '#server/http/auth.ts';
import { checkCurrentPassword, type CurrentPasswordCheck } from './current-password.ts';
import { assertStrongPassword } from './password-strength.ts';
import { hashPassword } from './passwords.ts';
import { hashToken } from './secret-token.ts';

export const SAME_PASSWORD = 'Choose a password different from your current one';
const PASSWORD_CHANGED_MEANWHILE = 'Your password was changed in the meantime. Please sign in again with the new one.';

/**
 * A new password after the current one (same strength rule as registration). Every other session of the
 * account ends with it, and any password-reset link: whoever else got in is out. The session that asked
 * stays. The update names the hash it replaces, so of two changes racing with the same current password
 * only one is made.
 */
export async function changePassword(db: Database, user: SessionUser, input: ChangePasswordInput, sessionToken: string): Promise<CurrentPasswordCheck> {
  const check = await checkCurrentPassword(db, user, input.currentPassword);
  if (check.kind === 'locked') return { kind: 'locked', retryAfterSeconds: check.retryAfterSeconds };
  if (input.newPassword === input.currentPassword) throw invalidInput(SAME_PASSWORD, [{ path: 'newPassword', message: SAME_PASSWORD }]);
  try {
    await assertStrongPassword(input.newPassword, [user.username, user.email ?? '']);
  } catch (error) {
    // the strength rule names the registration form's field; here it is the new password's
    if (error instanceof DomainError) throw invalidInput(error.message, [{ path: 'newPassword', message: error.message }]);
    throw error;
  }
  const passwordHash = await hashPassword(input.newPassword);
  const changed = await db.transaction(async (tx) => {
    const [row] = await tx
      .update(users)
      .set({ passwordHash })
      .where(and(eq(users.id, user.id), eq(users.passwordHash, check.passwordHash!)))
      .returning({ id: users.id });
    if (!row) return false;
    await tx.delete(sessions).where(and(eq(sessions.userId, user.id), ne(sessions.id, hashToken(sessionToken))));
    await tx.delete(passwordResetTokens).where(eq(passwordResetTokens.userId, user.id));
    return true;
  });
  if (!changed) throw conflict(PASSWORD_CHANGED_MEANWHILE);
  return { kind: 'ok' };
}
