import { eq, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { LoginInput, ProfileUpdate, PublicUser, RegisterInput } from '#common/schemas/accounts.ts';
import { ROLE_PERMISSIONS } from '#common/staff-roles.ts';
import type { Database } from '#server/db/client.ts';
import { uniqueViolationConstraint } from '#server/db/pg-error-code.ts';
import { users } from '#server/db/schema.ts';
import { conflict, DomainError } from '#server/errors/domain-errors.ts';
import { clearLoginFailures, lockedForSeconds, recordLoginFailure } from './login-backoff.ts';
import { assertStrongPassword } from './password-strength.ts';
import { hashPassword, verifyAgainstDummy, verifyPassword } from './passwords.ts';
import { tellOwnerOfRegistrationAttempt, type RegistrationNoticeDeps } from './registration-notice.ts';
import { signInTwoFactor } from './two-factor.ts';
import { sessionUserColumns } from './user-columns.ts';
import type { SessionUser } from '#server/http/auth.ts';

export const USERNAME_TAKEN = 'Username already exists';
export const EMAIL_TAKEN = 'Email already registered';

/** An address that has an account: its owner is told of the attempt. */
class EmailTaken extends DomainError {
  constructor() {
    super('conflict', EMAIL_TAKEN);
  }
}

export function toPublicUser(user: SessionUser): PublicUser {
  return {
    id: user.id,
    username: user.username,
    email: user.email,
    fullName: user.fullName,
    marketingConsent: user.marketingConsent,
    isAdmin: user.isAdmin,
    role: user.role,
    permissions: user.role ? [...ROLE_PERMISSIONS[user.role]] : [],
    ...(user.refundLimitCents !== undefined && { refundLimitCents: user.refundLimitCents }),
    createdAt: user.createdAt.toISOString(),
    ...(user.twoFactor && { twoFactor: user.twoFactor }),
  };
}

/** Refuses a username taken in any case, and an e-mail on another account (the invited staff's new account too). */
export async function assertAvailable(db: Database, input: Pick<RegisterInput, 'username' | 'email'>): Promise<void> {
  // "Alice" and "alice" would be told apart by nobody reading an order list
  const [byName] = await db
    .select({ id: users.id })
    .from(users)
    .where(sql`lower(${users.username}) = ${input.username.toLowerCase()}`)
    .limit(1);
  if (byName) throw conflict(USERNAME_TAKEN);
  const [byEmail] = await db.select({ id: users.id }).from(users).where(eq(users.email, input.email)).limit(1);
  if (byEmail) throw new EmailTaken();
}

interface RegistrationDeps extends RegistrationNoticeDeps {
  log: Pick<FastifyBaseLogger, 'error'>;
}

/**
 * A new shopper account; never an admin, whatever the request carried. A taken e-mail address is said
 * to be taken (the spec's registration signs the new shopper in, so it cannot look like a success,
 * decision 036), and its owner gets an e-mail about the attempt.
 */
export async function registerUser(deps: RegistrationDeps, input: RegisterInput): Promise<SessionUser> {
  try {
    return await createAccount(deps.db, input);
  } catch (error) {
    if (error instanceof EmailTaken) {
      // the answer does not wait on a failed notice: the owner misses one e-mail, the shopper still hears why
      await tellOwnerOfRegistrationAttempt(deps, input.email).catch((failure: unknown) =>
        deps.log.error({ err: failure }, 'registration attempt notice failed'),
      );
    }
    throw error;
  }
}

async function createAccount(db: Database, input: RegisterInput): Promise<SessionUser> {
  await assertStrongPassword(input.password, [input.username, input.email]);
  await assertAvailable(db, input);
  const passwordHash = await hashPassword(input.password);
  try {
    const [user] = await db
      .insert(users)
      .values({
        username: input.username,
        email: input.email,
        fullName: input.fullName ?? null,
        marketingConsent: input.marketingConsent ?? false,
        marketingConsentAt: input.marketingConsent ? new Date() : null,
        passwordHash,
      })
      .returning(sessionUserColumns);
    return user!;
  } catch (error) {
    // two registrations racing for the same name: the unique index decides
    const constraint = uniqueViolationConstraint(error);
    if (constraint === null) throw error;
    throw constraint.includes('email') ? new EmailTaken() : conflict(USERNAME_TAKEN);
  }
}

/**
 * The user whose username or e-mail and password match, or null. A username never holds an "@"
 * (RegisterInput), so one with it is an e-mail, compared lowercase as e-mails are stored. An unknown
 * name costs the same scrypt work as a wrong password, so timing does not tell them apart.
 */
export async function authenticate(db: Database, input: LoginInput): Promise<SessionUser | null> {
  const byNameOrEmail = input.username.includes('@') ? eq(users.email, input.username.toLowerCase()) : eq(users.username, input.username);
  const [row] = await db
    .select({ ...sessionUserColumns, passwordHash: users.passwordHash })
    .from(users)
    .where(byNameOrEmail)
    .limit(1);
  if (!row) return verifyAgainstDummy(input.password).then(() => null);
  if (!(await verifyPassword(input.password, row.passwordHash))) return null;
  const { passwordHash: _hash, ...user } = row;
  return user;
}

type SignInResult =
  | { kind: 'signed-in'; user: SessionUser }
  | { kind: 'second-factor-needed'; user: SessionUser }
  | { kind: 'wrong-credentials' }
  | { kind: 'locked'; retryAfterSeconds: number };

/**
 * Sign-in with the per-account back-off: a locked name is refused before any password is checked,
 * a failure counts against the name tried, a success forgets its failures. With two-factor sign-in the
 * password alone forgets nothing: the failures are forgotten when the code passes too, so knowing the
 * password does not reset the count of wrong codes.
 */
export async function signIn(db: Database, input: LoginInput): Promise<SignInResult> {
  const retryAfterSeconds = await lockedForSeconds(db, input.username);
  if (retryAfterSeconds > 0) return { kind: 'locked', retryAfterSeconds };
  const user = await authenticate(db, input);
  if (!user) {
    await recordLoginFailure(db, input.username);
    return { kind: 'wrong-credentials' };
  }
  const { enabled, required } = await signInTwoFactor(db, user);
  if (enabled) return { kind: 'second-factor-needed', user };
  await clearLoginFailures(db, input.username);
  return { kind: 'signed-in', user: { ...user, twoFactor: { enabled, required } } };
}

/**
 * The consent columns for a ticked or unticked box. The time records when consent was given: ticking
 * an already ticked box keeps it, unticking clears it.
 */
function consentChange(consent: boolean) {
  return { marketingConsent: consent, marketingConsentAt: consent ? sql`coalesce(${users.marketingConsentAt}, now())` : null };
}

/**
 * The shopper's own details (the full name is what checkout prefills, the marketing consent what the
 * customer export reports); only the fields sent change. Null when the account is gone.
 */
export async function updateProfile(db: Database, userId: number, input: ProfileUpdate): Promise<SessionUser | null> {
  const change = {
    ...(input.fullName === undefined ? {} : { fullName: input.fullName }),
    ...(input.marketingConsent === undefined ? {} : consentChange(input.marketingConsent)),
  };
  if (Object.keys(change).length === 0) {
    const [user] = await db.select(sessionUserColumns).from(users).where(eq(users.id, userId)).limit(1);
    return user ?? null;
  }
  const [user] = await db.update(users).set(change).where(eq(users.id, userId)).returning(sessionUserColumns);
  return user ?? null;
}
