import { and, eq, gt, isNull } from 'drizzle-orm';
import type { AcceptInvitationInput, InvitationView, StaffInvitationInput } from '#common/schemas/staff.ts';
import { ROLE_LABELS } from '#common/staff-roles.ts';
import type { Database, Transaction } from '#server/db/client.ts';
import { uniqueViolationConstraint } from '#server/db/pg-error-code.ts';
import { staffInvitations, users } from '#server/db/schema.ts';
import type { SessionUser } from '#server/http/auth.ts';
import { conflict, gone, invalidInput, notFound } from '#server/errors/domain-errors.ts';
import { sendStaffInvitationEmail } from '#server/modules/mail/account-mail-service.ts';
import type { MailService } from '#server/modules/mail/mail-service.ts';
import { assertAvailable, EMAIL_TAKEN, USERNAME_TAKEN } from './accounts-service.ts';
import { assertStrongPassword } from './password-strength.ts';
import { hashPassword } from './passwords.ts';
import { hashToken, newSecretToken } from './secret-token.ts';
import { sessionUserColumns } from './user-columns.ts';

const INVITATION_TTL_DAYS = 7;
const INVITATION_UNUSABLE = 'This invitation has expired or has already been used. Ask the shop owner for a new one.';
const ALREADY_STAFF = 'You are on the staff already: the owner changes roles from the Staff tab';

/**
 * Invites someone to the staff: a single-use link valid for a week, e-mailed to them, only its hash kept. A new
 * invitation to the same address replaces the open one, so only the latest link works.
 */
export async function inviteStaff(
  deps: { db: Database; mail: MailService },
  inviter: SessionUser,
  input: StaffInvitationInput,
  linkBase: string,
): Promise<void> {
  const { db, mail } = deps;
  const [member] = await db.select({ role: users.role }).from(users).where(eq(users.email, input.email));
  if (member?.role) throw conflict(`${input.email} is on the staff already, as ${ROLE_LABELS[member.role]}: change their role instead`);
  const token = newSecretToken();
  await db.transaction(async (tx) => {
    await tx.delete(staffInvitations).where(and(eq(staffInvitations.email, input.email), isNull(staffInvitations.acceptedAt)));
    await tx.insert(staffInvitations).values({
      email: input.email,
      role: input.role,
      tokenHash: hashToken(token),
      invitedBy: inviter.id,
      expiresAt: new Date(Date.now() + INVITATION_TTL_DAYS * 24 * 60 * 60 * 1000),
    });
  });
  const link = new URL('/staff-invitation', linkBase);
  link.searchParams.set('token', token);
  await sendStaffInvitationEmail(mail, db, input.email, {
    inviterName: inviter.fullName ?? inviter.username,
    roleLabel: ROLE_LABELS[input.role],
    link: link.toString(),
    validForDays: INVITATION_TTL_DAYS,
  });
}

/** Withdraws an invitation not yet accepted: its link stops working. */
export async function cancelInvitation(db: Database, id: number): Promise<void> {
  const [deleted] = await db
    .delete(staffInvitations)
    .where(and(eq(staffInvitations.id, id), isNull(staffInvitations.acceptedAt)))
    .returning({ id: staffInvitations.id });
  if (!deleted) throw notFound('Invitation not found');
}

const live = (token: string) =>
  and(eq(staffInvitations.tokenHash, hashToken(token)), isNull(staffInvitations.acceptedAt), gt(staffInvitations.expiresAt, new Date()));

/** What an unused, unexpired invitation offers; 410 for one used, expired, withdrawn or never made. */
export async function readInvitation(db: Database, token: string): Promise<InvitationView> {
  const [invitation] = await db.select({ email: staffInvitations.email, role: staffInvitations.role }).from(staffInvitations).where(live(token));
  if (!invitation) throw gone(INVITATION_UNUSABLE);
  return invitation;
}

/**
 * Accepts an invitation: the signed-in account gets its role, or, signed out, a new account with the invited
 * address and the chosen username and password. The conditional update that marks it accepted is what spends
 * it, in the same transaction as the role: of two requests racing with one link, only one joins.
 */
export async function acceptInvitation(db: Database, signedIn: SessionUser | null, input: AcceptInvitationInput): Promise<SessionUser> {
  const view = await readInvitation(db, input.token);
  if (signedIn) {
    if (signedIn.role) throw conflict(ALREADY_STAFF);
    return db.transaction(async (tx) => {
      await spend(tx, input.token, signedIn.id);
      const [joined] = await tx
        .update(users)
        .set({ role: view.role })
        .where(and(eq(users.id, signedIn.id), isNull(users.role)))
        .returning(sessionUserColumns);
      if (!joined) throw conflict(ALREADY_STAFF);
      return joined;
    });
  }
  if (!input.username || !input.password) {
    throw invalidInput('Choose a username and a password, or sign in first', [
      ...(input.username ? [] : [{ path: 'username', message: 'Username is required' }]),
      ...(input.password ? [] : [{ path: 'password', message: 'Password is required' }]),
    ]);
  }
  const account = { username: input.username, email: view.email };
  await assertAvailable(db, account).catch((error: unknown) => {
    throw error instanceof Error && error.message === EMAIL_TAKEN ? conflict(`${view.email} has an account: sign in with it, then open the link again`) : error;
  });
  await assertStrongPassword(input.password, [account.username, account.email]);
  const passwordHash = await hashPassword(input.password);
  try {
    return await db.transaction(async (tx) => {
      // spent first: a racing acceptance waits on the row and then finds it used (410), whatever name it chose
      const invitationId = await spend(tx, input.token, null);
      const [created] = await tx
        .insert(users)
        .values({ ...account, passwordHash, role: view.role })
        .returning(sessionUserColumns);
      await tx.update(staffInvitations).set({ acceptedBy: created!.id }).where(eq(staffInvitations.id, invitationId));
      return created!;
    });
  } catch (error) {
    const constraint = uniqueViolationConstraint(error);
    if (constraint === null) throw error;
    throw conflict(constraint.includes('email') ? `${view.email} has an account: sign in with it, then open the link again` : USERNAME_TAKEN);
  }
}

async function spend(tx: Transaction, token: string, userId: number | null): Promise<number> {
  const [spent] = await tx
    .update(staffInvitations)
    .set({ acceptedAt: new Date(), acceptedBy: userId })
    .where(live(token))
    .returning({ id: staffInvitations.id });
  if (!spent) throw gone(INVITATION_UNUSABLE);
  return spent.id;
}
