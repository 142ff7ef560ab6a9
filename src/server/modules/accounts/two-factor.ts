import { randomBytes } from 'node:crypto';
import { and, eq, gt, isNull, lt, or, sql } from 'drizzle-orm';
import type { Database } from '#server/db/client.ts';
import { accountSecuritySettings, pendingLogins, recoveryCodes, users } from '#server/db/schema.ts';
import { conflict, invalidInput, notAllowed, notSignedIn } from '#server/errors/domain-errors.ts';
import type { SessionUser } from '#server/http/auth.ts';
import { loadTotpKey } from '#server/http/totp-key.ts';
import { checkCurrentPassword } from './current-password.ts';
import { clearLoginFailures, lockedForSeconds, recordLoginFailure } from './login-backoff.ts';
import { hashToken, newSecretToken } from './secret-token.ts';
import { isSealed, openTotpSecret, sealTotpSecret } from './totp-secret-box.ts';

const RECOVERY_CODE_COUNT = 10;
/** How long the sign-in form may wait for the code after the password passed. */
const PENDING_LOGIN_TTL_MS = 5 * 60 * 1000;
const ISSUER = 'Pickleball Shop';

export const WRONG_CODE = 'That code is not correct';
export const SIGN_IN_EXPIRED = 'Your sign-in has expired, please sign in again';
export const ALREADY_ENABLED = 'Two-factor sign-in is already on';
const NOT_STARTED = 'Start two-factor set-up first';
const NOT_ENABLED = 'Two-factor sign-in is not on';
export const STAFF_ONLY = 'Two-factor sign-in is for staff accounts';
export const REQUIRED_BY_SHOP = 'The shop requires two-factor sign-in for staff: it cannot be turned off';
export const ENROL_YOURSELF_FIRST = 'Turn on two-factor sign-in for your own account first';

// loaded on first use: only staff setting up or using a second factor need them, and they took a part of every start
const otp = () => import('otplib');
const qrCode = () => import('qrcode');

const wrongCode = () => invalidInput(WRONG_CODE, [{ path: 'code', message: WRONG_CODE }]);

/** Six digits from the app, or a recovery code as printed (case and dashes do not matter). */
const isTotp = (code: string) => /^\d{6}$/.test(code);
const normaliseRecoveryCode = (code: string) => code.toLowerCase().replace(/[^a-z0-9]/g, '');

/** Whether the owner requires two-factor sign-in of every admin. */
export async function adminTwoFactorRequired(db: Database): Promise<boolean> {
  const [row] = await db.select({ required: accountSecuritySettings.requireAdminTwoFactor }).from(accountSecuritySettings).limit(1);
  return row?.required ?? false;
}

/**
 * The owner's switch. Turning it on while the owner has no second factor would shut them out of the admin they
 * are in, so it is refused until they have one.
 */
export async function setAdminTwoFactorRequired(db: Database, owner: SessionUser, required: boolean): Promise<void> {
  if (required && !(await hasTwoFactor(db, owner.id))) throw conflict(ENROL_YOURSELF_FIRST);
  await db
    .insert(accountSecuritySettings)
    .values({ id: 1, requireAdminTwoFactor: required })
    .onConflictDoUpdate({ target: accountSecuritySettings.id, set: { requireAdminTwoFactor: required, updatedAt: sql`now()` } });
}

async function hasTwoFactor(db: Database, userId: number): Promise<boolean> {
  const [row] = await db.select({ enabledAt: users.totpEnabledAt }).from(users).where(eq(users.id, userId));
  return Boolean(row?.enabledAt);
}

/** Where a user who just gave the right password stands: has a second factor, and is it required of them. */
export async function signInTwoFactor(db: Database, user: SessionUser): Promise<{ enabled: boolean; required: boolean }> {
  const [enabled, required] = await Promise.all([hasTwoFactor(db, user.id), adminTwoFactorRequired(db)]);
  return { enabled, required: required && user.role !== null };
}

interface TwoFactorStatus {
  enabled: boolean;
  required: boolean;
  recoveryCodesLeft: number;
}

export async function twoFactorStatus(db: Database, user: SessionUser): Promise<TwoFactorStatus> {
  const [enabled, required, [left]] = await Promise.all([
    hasTwoFactor(db, user.id),
    adminTwoFactorRequired(db),
    db
      .select({ count: sql<number>`count(*)::integer` })
      .from(recoveryCodes)
      .where(and(eq(recoveryCodes.userId, user.id), isNull(recoveryCodes.usedAt))),
  ]);
  return { enabled, required: required && user.role !== null, recoveryCodesLeft: enabled ? (left?.count ?? 0) : 0 };
}

/**
 * A new secret for the user's authenticator app, as an otpauth URI and that URI's QR code (SVG). It is not in
 * force until a first code from it is confirmed; starting again replaces it.
 */
export async function startEnrolment(db: Database, user: SessionUser): Promise<{ secret: string; otpauthUri: string; qrSvg: string }> {
  if (user.role === null) throw notAllowed(STAFF_ONLY);
  const { generateSecret, generateURI } = await otp();
  const secret = generateSecret();
  const [row] = await db
    .update(users)
    .set({ totpSecret: sealTotpSecret(await loadTotpKey(db), user.id, secret), totpLastStep: null })
    .where(and(eq(users.id, user.id), isNull(users.totpEnabledAt)))
    .returning({ id: users.id });
  if (!row) throw conflict(ALREADY_ENABLED);
  const otpauthUri = generateURI({ issuer: ISSUER, label: user.email ?? user.username, secret });
  const qrSvg = await (await qrCode()).default.toString(otpauthUri, { type: 'svg', margin: 1, errorCorrectionLevel: 'M' });
  return { secret, otpauthUri, qrSvg };
}

/**
 * The app's first code turns two-factor sign-in on, and answers the recovery codes: shown this once, kept
 * only as hashes. The update names the state it leaves (not yet enabled), so two confirmations make one set.
 */
export async function confirmEnrolment(db: Database, user: SessionUser, code: string): Promise<string[]> {
  const [row] = await db.select({ secret: users.totpSecret, enabledAt: users.totpEnabledAt }).from(users).where(eq(users.id, user.id));
  if (row?.enabledAt) throw conflict(ALREADY_ENABLED);
  if (!row?.secret) throw conflict(NOT_STARTED);
  const step = await matchingStep(openTotpSecret(await loadTotpKey(db), user.id, row.secret), code);
  if (step === null) throw wrongCode();
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
  await db.transaction(async (tx) => {
    const [enabled] = await tx
      .update(users)
      .set({ totpEnabledAt: sql`now()`, totpLastStep: step })
      .where(and(eq(users.id, user.id), isNull(users.totpEnabledAt), eq(users.totpSecret, row.secret!)))
      .returning({ id: users.id });
    if (!enabled) throw conflict(ALREADY_ENABLED);
    await tx.delete(recoveryCodes).where(eq(recoveryCodes.userId, user.id));
    await tx.insert(recoveryCodes).values(codes.map((recovery) => ({ userId: user.id, codeHash: hashToken(normaliseRecoveryCode(recovery)) })));
  });
  return codes;
}

/** Two-factor sign-in off again: the password and a current code (or a recovery code), under the sign-in back-off. */
export async function disableTwoFactor(
  db: Database,
  user: SessionUser,
  password: string,
  code: string,
): Promise<{ kind: 'ok' } | { kind: 'locked'; retryAfterSeconds: number }> {
  const check = await checkCurrentPassword(db, user, password);
  if (check.kind === 'locked') return check;
  if (!(await hasTwoFactor(db, user.id))) throw conflict(NOT_ENABLED);
  if (user.role !== null && (await adminTwoFactorRequired(db))) throw conflict(REQUIRED_BY_SHOP);
  if (!(await useSecondFactor(db, user.id, code))) {
    await recordLoginFailure(db, user.username);
    throw wrongCode();
  }
  await db.transaction(async (tx) => {
    await tx.update(users).set({ totpSecret: null, totpEnabledAt: null, totpLastStep: null }).where(eq(users.id, user.id));
    await tx.delete(recoveryCodes).where(eq(recoveryCodes.userId, user.id));
  });
  return { kind: 'ok' };
}

/** Ten letters and digits in two groups, as people copy them from paper. */
function newRecoveryCode(): string {
  const alphabet = 'abcdefghjkmnpqrstuvwxyz23456789';
  const bytes = randomBytes(10);
  const chars = Array.from(bytes, (byte) => alphabet[byte % alphabet.length]);
  return `${chars.slice(0, 5).join('')}-${chars.slice(5).join('')}`;
}

/** The time step a code belongs to (the current one, or one either side for a slow clock), or null. */
async function matchingStep(secret: string, code: string): Promise<number | null> {
  if (!isTotp(code)) return null;
  const { verify } = await otp();
  const result = await verify({ secret, token: code, epochTolerance: 30 });
  return result.valid && 'timeStep' in result ? result.timeStep : null;
}

/**
 * Spends one second factor of the user: an app code whose time step is later than the last one accepted (so a
 * code seen over a shoulder is no good a second time), or an unused recovery code. Each is a conditional update,
 * so of two requests with the same code one wins.
 */
async function useSecondFactor(db: Database, userId: number, code: string): Promise<boolean> {
  const trimmed = code.trim();
  if (isTotp(trimmed)) {
    const [row] = await db
      .select({ secret: users.totpSecret })
      .from(users)
      .where(and(eq(users.id, userId), sql`${users.totpEnabledAt} is not null`));
    if (!row?.secret) return false;
    const key = await loadTotpKey(db);
    const step = await matchingStep(openTotpSecret(key, userId, row.secret), trimmed);
    if (step === null) return false;
    // a secret from before sealing (decision 048) is sealed at its first use; the update names the value it replaces
    if (!isSealed(row.secret)) {
      await db
        .update(users)
        .set({ totpSecret: sealTotpSecret(key, userId, row.secret) })
        .where(and(eq(users.id, userId), eq(users.totpSecret, row.secret)));
    }
    const [spent] = await db
      .update(users)
      .set({ totpLastStep: step })
      .where(and(eq(users.id, userId), or(isNull(users.totpLastStep), lt(users.totpLastStep, step))))
      .returning({ id: users.id });
    return Boolean(spent);
  }
  const normalised = normaliseRecoveryCode(trimmed);
  if (normalised.length !== 10) return false;
  const [spent] = await db
    .update(recoveryCodes)
    .set({ usedAt: sql`now()` })
    .where(and(eq(recoveryCodes.userId, userId), eq(recoveryCodes.codeHash, hashToken(normalised)), isNull(recoveryCodes.usedAt)))
    .returning({ id: recoveryCodes.id });
  return Boolean(spent);
}

// ---- sign-in's second step -------------------------------------------------------------------

/** The password passed for an account with two-factor sign-in: a token for the form's second step, not a session. */
export async function startPendingLogin(db: Database, userId: number): Promise<{ loginToken: string; expiresAt: Date }> {
  const loginToken = newSecretToken();
  const expiresAt = new Date(Date.now() + PENDING_LOGIN_TTL_MS);
  // an account has one sign-in waiting for its code at a time
  await db.delete(pendingLogins).where(eq(pendingLogins.userId, userId));
  await db.insert(pendingLogins).values({ id: hashToken(loginToken), userId, expiresAt });
  return { loginToken, expiresAt };
}

type SecondStepResult = { kind: 'signed-in'; userId: number } | { kind: 'locked'; retryAfterSeconds: number };

/**
 * The code for a waiting sign-in. A wrong code counts as a failed sign-in of the account (the password's own
 * back-off) and leaves the token for another try; the right one spends the token, so it opens one session.
 */
export async function completePendingLogin(db: Database, loginToken: string, code: string): Promise<SecondStepResult> {
  const id = hashToken(loginToken);
  const [pending] = await db
    .select({ userId: pendingLogins.userId, username: users.username })
    .from(pendingLogins)
    .innerJoin(users, eq(users.id, pendingLogins.userId))
    .where(and(eq(pendingLogins.id, id), gt(pendingLogins.expiresAt, new Date())));
  if (!pending) throw notSignedInAgain();
  const retryAfterSeconds = await lockedForSeconds(db, pending.username);
  if (retryAfterSeconds > 0) return { kind: 'locked', retryAfterSeconds };
  if (!(await useSecondFactor(db, pending.userId, code))) {
    await recordLoginFailure(db, pending.username);
    throw wrongCode();
  }
  const [spent] = await db.delete(pendingLogins).where(eq(pendingLogins.id, id)).returning({ userId: pendingLogins.userId });
  if (!spent) throw notSignedInAgain();
  await clearLoginFailures(db, pending.username);
  return { kind: 'signed-in', userId: spent.userId };
}

/** The account a waiting sign-in belongs to, for the audit trail's entry of its code (null once gone). */
export async function pendingLoginUser(db: Database, loginToken: string): Promise<{ id: number; username: string } | null> {
  const [pending] = await db
    .select({ id: users.id, username: users.username })
    .from(pendingLogins)
    .innerJoin(users, eq(users.id, pendingLogins.userId))
    .where(and(eq(pendingLogins.id, hashToken(loginToken)), gt(pendingLogins.expiresAt, new Date())));
  return pending ?? null;
}

// the waiting sign-in is gone (expired, used, or never was): the form starts again from the password
const notSignedInAgain = () => notSignedIn(SIGN_IN_EXPIRED);

export async function deleteExpiredPendingLogins(db: Database): Promise<void> {
  await db.delete(pendingLogins).where(lt(pendingLogins.expiresAt, new Date()));
}
