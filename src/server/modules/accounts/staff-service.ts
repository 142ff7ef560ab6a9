import { and, asc, eq, gt, isNotNull, isNull, ne, sql } from 'drizzle-orm';
import type { StaffOverview } from '#common/schemas/staff.ts';
import type { StaffRole } from '#common/staff-roles.ts';
import type { Database } from '#server/db/client.ts';
import { accountSecuritySettings, staffInvitations, users } from '#server/db/schema.ts';
import { conflict, invalidInput, notFound } from '#server/errors/domain-errors.ts';

// any fixed number: serialises role changes so "another owner remains" holds under concurrency
const STAFF_ROLES_LOCK = 7_331_005;

const LAST_OWNER = 'The shop must keep at least one owner';
const OWN_ROLE = 'You cannot change your own role';

interface RoleChangeMessages {
  self: string;
  lastOwner: string;
}

/**
 * Gives a user a staff role, or none (a customer again). Whoever holds the last owner's role keeps it, and nobody
 * changes their own: checked under a transaction-scoped lock, so two owners demoting each other at once can never
 * leave the shop without one, and written as a conditional update naming the role it leaves.
 */
export async function setStaffRole(
  db: Database,
  actingUserId: number,
  targetId: number,
  role: StaffRole | null,
  messages: RoleChangeMessages = { self: OWN_ROLE, lastOwner: LAST_OWNER },
): Promise<{ id: number; role: StaffRole | null }> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${STAFF_ROLES_LOCK})`);
    const [target] = await tx.select({ role: users.role }).from(users).where(eq(users.id, targetId));
    if (!target) throw notFound('User not found');
    if (target.role === role) return { id: targetId, role };
    if (actingUserId === targetId) throw invalidInput(messages.self);
    if (target.role === 'owner') {
      const [others] = await tx
        .select({ count: sql<number>`count(*)::int` })
        .from(users)
        .where(and(eq(users.role, 'owner'), ne(users.id, targetId)));
      if ((others?.count ?? 0) === 0) throw conflict(messages.lastOwner);
    }
    const [updated] = await tx
      .update(users)
      .set({ role })
      .where(and(eq(users.id, targetId), target.role === null ? isNull(users.role) : eq(users.role, target.role)))
      .returning({ id: users.id, role: users.role });
    if (!updated) throw conflict('This user changed meanwhile. Reload the page and try again.');
    return updated;
  });
}

/** Takes a member off the staff: a customer again, with their account and orders. */
export async function removeStaff(db: Database, actingUserId: number, targetId: number): Promise<void> {
  const [target] = await db.select({ role: users.role }).from(users).where(eq(users.id, targetId));
  if (!target?.role) throw notFound('Staff member not found');
  await setStaffRole(db, actingUserId, targetId, null, { self: 'You cannot remove yourself from the staff', lastOwner: LAST_OWNER });
}

/** The staff (owners first), the invitations not yet used and not expired, and support's refund limit. */
export async function staffOverview(db: Database): Promise<StaffOverview> {
  const [members, invitations, [settings]] = await Promise.all([
    db
      .select({ id: users.id, username: users.username, email: users.email, role: users.role, enabledAt: users.totpEnabledAt })
      .from(users)
      .where(isNotNull(users.role))
      .orderBy(sql`${users.role} <> 'owner'`, asc(users.username)),
    db
      .select({ id: staffInvitations.id, email: staffInvitations.email, role: staffInvitations.role, expiresAt: staffInvitations.expiresAt })
      .from(staffInvitations)
      .where(and(isNull(staffInvitations.acceptedAt), gt(staffInvitations.expiresAt, new Date())))
      .orderBy(asc(staffInvitations.createdAt)),
    db.select({ limit: accountSecuritySettings.supportRefundLimitCents }).from(accountSecuritySettings).limit(1),
  ]);
  return {
    members: members.map(({ enabledAt, role, ...member }) => ({ ...member, role: role!, twoFactorEnabled: enabledAt !== null })),
    invitations: invitations.map((invitation) => ({ ...invitation, expiresAt: invitation.expiresAt.toISOString() })),
    refundLimitCents: settings?.limit ?? 0,
  };
}

/** The most one refund by support staff may be; the other staff who may refund have no limit. */
export async function setSupportRefundLimit(db: Database, limitCents: number): Promise<void> {
  await db
    .insert(accountSecuritySettings)
    .values({ id: 1, supportRefundLimitCents: limitCents })
    .onConflictDoUpdate({ target: accountSecuritySettings.id, set: { supportRefundLimitCents: limitCents, updatedAt: sql`now()` } });
}
