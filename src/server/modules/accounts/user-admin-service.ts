import { and, asc, count, desc, eq, ilike, isNotNull, ne, or, type SQL } from 'drizzle-orm';
import type { Page } from '#common/schemas/admin-lists.ts';
import type { UserListQuery, UserRow } from '#common/schemas/admin-users.ts';
import type { Database } from '#server/db/client.ts';
import { users } from '#server/db/schema.ts';
import { toCsv } from '#server/http/csv.ts';
import { invalidInput, notFound } from '#server/errors/domain-errors.ts';
import { likePattern } from '#server/db/like-pattern.ts';
import { offsetOf } from '#server/http/page-headers.ts';
import { setStaffRole } from './staff-service.ts';

const SELF_DEMOTION_MESSAGE = 'You cannot remove your own admin rights';

// never the password hash: only these columns leave the database for the users tab
const userRowColumns = {
  id: users.id,
  username: users.username,
  email: users.email,
  isAdmin: users.isAdmin,
  marketingConsent: users.marketingConsent,
  createdAt: users.createdAt,
};

const toUserRow = (row: Omit<UserRow, 'createdAt'> & { createdAt: Date }): UserRow => ({
  ...row,
  createdAt: row.createdAt.toISOString(),
});

function userFilter(query: UserListQuery): SQL | undefined {
  const pattern = query.q === undefined ? undefined : likePattern(query.q);
  return and(
    pattern === undefined ? undefined : or(ilike(users.username, pattern), ilike(users.email, pattern)),
    query.role === undefined ? undefined : eq(users.isAdmin, query.role === 'admin'),
    query.consent === undefined ? undefined : eq(users.marketingConsent, query.consent === 'yes'),
  );
}

/**
 * One page of users, newest sign-ups first (by id: the primary key's order, no sort of the whole
 * table), optionally those whose username or e-mail contains `q` (any case), admins or regular
 * users, with or without marketing consent; and how many match.
 */
export async function listUsers(db: Database, query: UserListQuery): Promise<Page<UserRow>> {
  const where = userFilter(query);
  const [rows, [counted]] = await Promise.all([
    db.select(userRowColumns).from(users).where(where).orderBy(desc(users.id)).limit(query.pageSize).offset(offsetOf(query)),
    db.select({ total: count() }).from(users).where(where),
  ]);
  return { items: rows.map(toUserRow), total: counted?.total ?? 0 };
}

/** The "Export Emails as CSV" list: every address on file, once each. */
export async function listUserEmails(db: Database): Promise<string[]> {
  const rows = await db
    .selectDistinct({ email: users.email })
    .from(users)
    .where(and(isNotNull(users.email), ne(users.email, '')))
    .orderBy(asc(users.email));
  return rows.map((row) => row.email!);
}

const CUSTOMER_CSV_HEADER = ['email', 'username', 'full_name', 'marketing_consent', 'marketing_consent_at', 'registered_at'] as const;

/**
 * The customer export: one row per account with an e-mail address, in address order, saying per row
 * whether the customer agreed to marketing e-mail and since when ("yes"/"no", ISO times in UTC).
 */
export async function customersCsv(db: Database): Promise<{ csv: string; count: number }> {
  const rows = await db
    .select({
      email: users.email,
      username: users.username,
      fullName: users.fullName,
      marketingConsent: users.marketingConsent,
      marketingConsentAt: users.marketingConsentAt,
      createdAt: users.createdAt,
    })
    .from(users)
    .where(and(isNotNull(users.email), ne(users.email, '')))
    .orderBy(asc(users.email));
  const csv = toCsv(
    CUSTOMER_CSV_HEADER,
    rows.map((row) => [
      row.email,
      row.username,
      row.fullName,
      row.marketingConsent ? 'yes' : 'no',
      row.marketingConsentAt?.toISOString() ?? '',
      row.createdAt.toISOString(),
    ]),
  );
  return { csv, count: rows.length };
}

/**
 * Grants or removes admin rights: the spec's isAdmin is the owner's role (decision 052), so true makes an owner
 * and false a customer, whatever staff role the user had. An admin cannot demote themself, and the shop keeps
 * at least one owner (setStaffRole's lock).
 */
export async function setUserAdmin(db: Database, actingUserId: number, targetId: number, isAdmin: boolean): Promise<UserRow> {
  if (!isAdmin && actingUserId === targetId) throw invalidInput(SELF_DEMOTION_MESSAGE);
  await setStaffRole(db, actingUserId, targetId, isAdmin ? 'owner' : null, { self: SELF_DEMOTION_MESSAGE, lastOwner: 'The shop must keep at least one admin' });
  const [row] = await db.select(userRowColumns).from(users).where(eq(users.id, targetId));
  if (!row) throw notFound('User not found');
  return toUserRow(row);
}
