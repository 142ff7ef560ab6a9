import { and, desc, eq, ne, sql, type SQL } from 'drizzle-orm';
import { checkRegion } from '#common/canadian-address.ts';
import { US_STATE_CODES } from '#common/constants.ts';
import { ZIP_PATTERN } from '#common/patterns.ts';
import { MAX_SAVED_ADDRESSES, type AddressChanges, type NewSavedAddress, type SavedAddress } from '#common/schemas/addresses.ts';
import type { Database, Transaction } from '#server/db/client.ts';
import { uniqueViolationConstraint } from '#server/db/pg-error-code.ts';
import { savedAddresses } from '#server/db/schema.ts';
import { conflict, invalidInput, notFound } from '#server/errors/domain-errors.ts';

// another customer's address answers exactly as a missing one: ids tell nothing about other accounts
export const ADDRESS_NOT_FOUND = 'Address not found';
export const ADDRESS_BOOK_FULL = `You can save at most ${MAX_SAVED_ADDRESSES} addresses. Delete one to add another.`;
export const ADDRESS_ALREADY_SAVED = 'You have already saved this address';

type AddressRow = typeof savedAddresses.$inferSelect;

function toSavedAddress(row: AddressRow): SavedAddress {
  return {
    id: row.id,
    fullName: row.fullName,
    street: row.street,
    city: row.city,
    state: row.state,
    zip: row.zip,
    // the table's check allows these two only
    country: row.country === 'CA' ? 'CA' : 'US',
    phone: row.phone,
    isDefaultShipping: row.isDefaultShipping,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** The customer's addresses: the default first, then the newest. */
export async function listAddresses(db: Database, userId: number): Promise<SavedAddress[]> {
  const rows = await db
    .select()
    .from(savedAddresses)
    .where(eq(savedAddresses.userId, userId))
    .orderBy(desc(savedAddresses.isDefaultShipping), desc(savedAddresses.createdAt), desc(savedAddresses.id));
  return rows.map(toSavedAddress);
}

/**
 * One customer's address writes queue behind each other until commit, so a count, a duplicate check and the
 * switch of the default each see the others' finished work (the unique indexes hold whatever happens).
 */
async function lockAddressBook(tx: Transaction, userId: number): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext('saved-addresses'), ${userId})`);
}

/** The same address as the one-row-per-address index compares it: letter case aside, no phone as an empty one. */
function sameAddress(
  userId: number,
  address: { fullName: string; street: string; city: string; state: string; zip: string; country?: string; phone?: string | null },
): SQL {
  return and(
    eq(savedAddresses.userId, userId),
    sql`lower(${savedAddresses.fullName}) = lower(${address.fullName})`,
    sql`lower(${savedAddresses.street}) = lower(${address.street})`,
    sql`lower(${savedAddresses.city}) = lower(${address.city})`,
    eq(savedAddresses.state, address.state),
    eq(savedAddresses.zip, address.zip),
    eq(savedAddresses.country, address.country ?? 'US'),
    sql`coalesce(${savedAddresses.phone}, '') = ${address.phone ?? ''}`,
  )!;
}

/** The customer's current default stops being one (the state it leaves: default), except `keep`. */
async function clearDefault(tx: Transaction, userId: number, keep?: number): Promise<void> {
  await tx
    .update(savedAddresses)
    .set({ isDefaultShipping: false, updatedAt: sql`now()` })
    .where(and(eq(savedAddresses.userId, userId), eq(savedAddresses.isDefaultShipping, true), keep === undefined ? undefined : ne(savedAddresses.id, keep)));
}

async function hasDefault(tx: Transaction, userId: number): Promise<boolean> {
  const [row] = await tx
    .select({ id: savedAddresses.id })
    .from(savedAddresses)
    .where(and(eq(savedAddresses.userId, userId), eq(savedAddresses.isDefaultShipping, true)))
    .limit(1);
  return row !== undefined;
}

async function makeDefault(tx: Transaction, userId: number, id: number): Promise<AddressRow> {
  await clearDefault(tx, userId, id);
  const [row] = await tx
    .update(savedAddresses)
    .set({ isDefaultShipping: true, updatedAt: sql`now()` })
    .where(and(eq(savedAddresses.id, id), eq(savedAddresses.userId, userId)))
    .returning();
  return row!;
}

type SaveOutcome = { kind: 'created' | 'existing'; address: SavedAddress } | { kind: 'full' };

async function saveInBook(tx: Transaction, userId: number, input: NewSavedAddress): Promise<SaveOutcome> {
  await lockAddressBook(tx, userId);
  const [existing] = await tx.select().from(savedAddresses).where(sameAddress(userId, input)).limit(1);
  if (existing) {
    const row = input.isDefaultShipping && !existing.isDefaultShipping ? await makeDefault(tx, userId, existing.id) : existing;
    return { kind: 'existing', address: toSavedAddress(row) };
  }
  const [{ count } = { count: 0 }] = await tx
    .select({ count: sql<number>`count(*)::integer` })
    .from(savedAddresses)
    .where(eq(savedAddresses.userId, userId));
  if (count >= MAX_SAVED_ADDRESSES) return { kind: 'full' };
  // a customer's first address (or the first after they removed the default) is the default unless they said no
  const isDefaultShipping = input.isDefaultShipping ?? !(await hasDefault(tx, userId));
  if (isDefaultShipping) await clearDefault(tx, userId);
  const [row] = await tx
    .insert(savedAddresses)
    .values({
      userId,
      fullName: input.fullName,
      street: input.street,
      city: input.city,
      state: input.state,
      zip: input.zip,
      country: input.country ?? 'US',
      phone: input.phone ?? null,
      isDefaultShipping,
    })
    .returning();
  return { kind: 'created', address: toSavedAddress(row!) };
}

/**
 * Saves an address for a customer inside the caller's transaction (checkout's "save this address", an
 * order's address kept when a guest creates an account): an address already saved is answered instead of
 * a second row, and it becomes the default when the customer has none. Null when the address book is full
 * (nothing saved; the caller's work goes on).
 */
export async function saveAddressForUser(tx: Transaction, userId: number, address: NewSavedAddress): Promise<SavedAddress | null> {
  const outcome = await saveInBook(tx, userId, address);
  return outcome.kind === 'full' ? null : outcome.address;
}

/** POST /api/account/addresses: `created` false when the customer had already saved this address. */
export async function addAddress(db: Database, userId: number, input: NewSavedAddress): Promise<{ address: SavedAddress; created: boolean }> {
  const outcome = await db.transaction((tx) => saveInBook(tx, userId, input));
  if (outcome.kind === 'full') throw conflict(ADDRESS_BOOK_FULL);
  return { address: outcome.address, created: outcome.kind === 'created' };
}

/** Changes the fields sent; isDefaultShipping true makes it the default in place of any other. */
export async function updateAddress(db: Database, userId: number, id: number, changes: AddressChanges): Promise<SavedAddress> {
  try {
    return await db.transaction(async (tx) => {
      await lockAddressBook(tx, userId);
      const owned = and(eq(savedAddresses.id, id), eq(savedAddresses.userId, userId));
      const [current] = await tx.select().from(savedAddresses).where(owned).limit(1);
      if (!current) throw notFound(ADDRESS_NOT_FOUND);
      const { isDefaultShipping, ...fields } = changes;
      const merged = { ...current, ...fields, phone: fields.phone === undefined ? current.phone : fields.phone };
      // a new country, state or postal code is checked against the others as saved
      const region = checkRegion({ country: merged.country === 'CA' ? 'CA' : 'US', state: merged.state, zip: merged.zip }, US_STATE_CODES, ZIP_PATTERN);
      if (!region.ok) throw invalidInput(region.message);
      const next = { ...merged, zip: region.zip };
      const [twin] = await tx
        .select({ id: savedAddresses.id })
        .from(savedAddresses)
        .where(and(sameAddress(userId, next), ne(savedAddresses.id, id)))
        .limit(1);
      if (twin) throw conflict(ADDRESS_ALREADY_SAVED);
      if (isDefaultShipping) await clearDefault(tx, userId, id);
      const [row] = await tx
        .update(savedAddresses)
        .set({ ...fields, zip: next.zip, ...(isDefaultShipping === undefined ? {} : { isDefaultShipping }), updatedAt: sql`now()` })
        .where(owned)
        .returning();
      return toSavedAddress(row!);
    });
  } catch (error) {
    // the lock keeps the customer's own requests apart; the index is the last word all the same
    if (uniqueViolationConstraint(error) !== null) throw conflict(ADDRESS_ALREADY_SAVED);
    throw error;
  }
}

export async function deleteAddress(db: Database, userId: number, id: number): Promise<void> {
  const deleted = await db
    .delete(savedAddresses)
    .where(and(eq(savedAddresses.id, id), eq(savedAddresses.userId, userId)))
    .returning({ id: savedAddresses.id });
  if (deleted.length === 0) throw notFound(ADDRESS_NOT_FOUND);
}
