import { randomInt } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { SaveAddressInput, type NewSavedAddress } from '#common/schemas/addresses.ts';
import type { AccountFromOrderInput } from '#common/schemas/order-account.ts';
import { ORDER_ALREADY_LINKED, ORDER_CLAIM_MISSING, ORDER_EMAIL_HAS_ACCOUNT, ORDER_NOT_PAID, SIGNED_IN_ALREADY } from '#common/schemas/order-account.ts';
import type { Database, Transaction } from '#server/db/client.ts';
import { uniqueViolationConstraint } from '#server/db/pg-error-code.ts';
import { users } from '#server/db/schema.ts';
import { conflict, notAllowed } from '#server/errors/domain-errors.ts';
import type { SessionUser } from '#server/http/auth.ts';
import { saveAddressForUser } from '#server/modules/addresses/addresses-service.ts';
import { attachGuestOrder, findOrderByPaymentId, type PlacedOrder } from '#server/modules/orders/order-claim-service.ts';
import { assertStrongPassword } from './password-strength.ts';
import { hashPassword } from './passwords.ts';
import { sessionUserColumns } from './user-columns.ts';

/** Who asks: the signed-in user, if any, and the order this browser holds a claim for (decision 040). */
interface Caller {
  userId: number | null;
  claimedOrderId: number | null;
}

/** The order's shipping address as the address book keeps it; null when it is not a whole address (nothing to save). */
function addressOf(order: PlacedOrder): NewSavedAddress | null {
  const parsed = SaveAddressInput.safeParse({
    fullName: order.customerName,
    street: order.street ?? '',
    city: order.city ?? '',
    state: order.state ?? '',
    zip: order.zipCode ?? '',
    phone: order.phone,
    isDefaultShipping: true,
  });
  return parsed.success ? parsed.data : null;
}

const USERNAME_TRIES = 6;
const NO_USERNAME = 'We could not choose a username for this account. Please try again.';

/** A username from the e-mail's local part, as registration allows them ("dana.ray" from dana.ray@example.com). */
function usernameFrom(email: string, attempt: number): string {
  const local = (email.split('@')[0] ?? '')
    .replace(/[^\w.-]/g, '')
    .replace(/^[.-]+|[.-]+$/g, '')
    .slice(0, 40);
  const base = local.length >= 3 ? local : `${local || 'player'}-shopper`;
  // the plain name first; a taken one gets a short random suffix, which a race is unlikely to take twice
  return attempt === 0 ? base : `${base}-${randomInt(1000, 10_000)}`;
}

/**
 * The guest's paid order becomes an account (decision 040): the account on the order's e-mail with the
 * order's name, the order attached to it and its address saved, in one transaction. Only the browser that
 * placed the order may; the checks below say, each in its own words, why not.
 */
export async function createAccountFromOrder(
  db: Database,
  input: AccountFromOrderInput,
  caller: Caller,
): Promise<{ user: SessionUser; order: PlacedOrder; addressSaved: boolean }> {
  if (caller.userId !== null) throw conflict(SIGNED_IN_ALREADY);
  // no claim, or one for another order: the same answer, so it says nothing about the payment id sent
  if (caller.claimedOrderId === null) throw notAllowed(ORDER_CLAIM_MISSING);
  const order = await findOrderByPaymentId(db, input.paymentIntentId);
  if (!order || order.id !== caller.claimedOrderId) throw notAllowed(ORDER_CLAIM_MISSING);
  if (order.userId !== null) throw conflict(ORDER_ALREADY_LINKED);
  if (!order.paid) throw conflict(ORDER_NOT_PAID);
  await assertStrongPassword(input.password, [order.customerEmail, order.customerName]);
  const email = order.customerEmail.trim().toLowerCase();
  const [taken] = await db.select({ id: users.id }).from(users).where(eq(users.email, email)).limit(1);
  if (taken) throw conflict(ORDER_EMAIL_HAS_ACCOUNT);
  const passwordHash = await hashPassword(input.password);

  try {
    return await db.transaction(async (tx) => {
      const user = await insertAccount(tx, { email, fullName: order.customerName.trim() || null, passwordHash });
      // the same request twice (or two tabs): the order goes to one account, the other's insert rolls back
      if (!(await attachGuestOrder(tx, order.id, user.id))) throw conflict(ORDER_ALREADY_LINKED);
      const address = addressOf(order);
      // a full address book cannot happen to a new account; an order without a whole address saves none
      const addressSaved = address !== null && (await saveAddressForUser(tx, user.id, address)) !== null;
      return { user, order, addressSaved };
    });
  } catch (error) {
    // a racing request made the account on this e-mail first: say what the shopper would see next
    if (uniqueViolationConstraint(error)?.includes('email')) {
      const now = await findOrderByPaymentId(db, input.paymentIntentId);
      throw conflict(now?.userId === null ? ORDER_EMAIL_HAS_ACCOUNT : ORDER_ALREADY_LINKED);
    }
    throw error;
  }
}

async function insertAccount(tx: Transaction, account: { email: string; fullName: string | null; passwordHash: string }): Promise<SessionUser> {
  for (let attempt = 0; attempt < USERNAME_TRIES; attempt += 1) {
    const username = usernameFrom(account.email, attempt);
    // "Dana" and "dana" would be told apart by nobody reading an order list (as registration)
    const [sameName] = await tx
      .select({ id: users.id })
      .from(users)
      .where(sql`lower(${users.username}) = ${username.toLowerCase()}`)
      .limit(1);
    if (sameName) continue;
    try {
      // a savepoint: a name taken meanwhile fails this insert alone, and the next name is tried
      return await tx.transaction(async (savepoint) => {
        const [user] = await savepoint
          .insert(users)
          .values({ username, email: account.email, fullName: account.fullName, passwordHash: account.passwordHash })
          .returning(sessionUserColumns);
        return user!;
      });
    } catch (error) {
      const constraint = uniqueViolationConstraint(error);
      if (constraint === null || constraint.includes('email')) throw error;
    }
  }
  throw conflict(NO_USERNAME);
}
