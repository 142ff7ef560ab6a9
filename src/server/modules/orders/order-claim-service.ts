import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Database, Transaction } from '#server/db/client.ts';
import { orders } from '#server/db/schema.ts';
import { PAID } from './order-lifecycle.ts';

// The proof that this browser placed a guest order (decision 040): checkout sets it, the confirmation
// page's reads and the account-from-order route check it. Signed by the cookie plugin (the session
// secret); the label keeps a session token and a claim from ever being read as each other.
const ORDER_CLAIM_COOKIE = 'order_claim';
const CLAIM_LABEL = 'order-claim.v1';
/** Long enough to pay within the reservation window (30 minutes) and linger on the thank-you page. */
const ORDER_CLAIM_TTL_SECONDS = 2 * 60 * 60;
// only the API reads it: the pages never need to carry it
const CLAIM_PATH = '/api';

/** Gives the browser that just placed a guest order its proof, replacing any earlier one. */
export function issueOrderClaim(request: FastifyRequest, reply: FastifyReply, orderId: number, publicUrl: string | undefined, now = new Date()): void {
  const expires = Math.floor(now.getTime() / 1000) + ORDER_CLAIM_TTL_SECONDS;
  reply.setCookie(ORDER_CLAIM_COOKIE, `${CLAIM_LABEL}.${orderId}.${expires}`, {
    path: CLAIM_PATH,
    httpOnly: true,
    sameSite: 'strict',
    secure: request.protocol === 'https' || publicUrl?.startsWith('https:') === true,
    signed: true,
    maxAge: ORDER_CLAIM_TTL_SECONDS,
  });
}

/** The order id this browser holds a live claim for, or null (none, tampered, expired). */
export function heldOrderClaim(request: FastifyRequest, now = new Date()): number | null {
  const raw = request.cookies[ORDER_CLAIM_COOKIE];
  if (!raw) return null;
  const unsigned = request.unsignCookie(raw);
  if (!unsigned.valid || unsigned.value === null) return null;
  const match = /^order-claim\.v1\.(\d{1,15})\.(\d{1,15})$/.exec(unsigned.value);
  if (!match) return null;
  const expires = Number(match[2]);
  if (expires * 1000 <= now.getTime()) return null;
  return Number(match[1]);
}

/** What turning a guest order into an account needs to know of it. */
export interface PlacedOrder {
  id: number;
  orderNumber: string;
  userId: number | null;
  paid: boolean;
  customerName: string;
  customerEmail: string;
  phone: string | null;
  street: string | null;
  city: string | null;
  state: string | null;
  zipCode: string | null;
}

export async function findOrderByPaymentId(db: Database | Transaction, paymentIntentId: string): Promise<PlacedOrder | null> {
  const [row] = await db
    .select({
      id: orders.id,
      orderNumber: orders.orderNumber,
      userId: orders.userId,
      paymentStatus: orders.paymentStatus,
      customerName: orders.customerName,
      customerEmail: orders.customerEmail,
      phone: orders.phone,
      street: orders.street,
      city: orders.city,
      state: orders.state,
      zipCode: orders.zipCode,
    })
    .from(orders)
    .where(eq(orders.providerPaymentId, paymentIntentId))
    .limit(1);
  if (!row) return null;
  const { paymentStatus, ...order } = row;
  return { ...order, paid: (PAID as readonly string[]).includes(paymentStatus) };
}

/**
 * Gives a paid guest order to an account, in the caller's transaction. False when it is no longer a
 * paid guest order (another request attached it first, or it was refunded meanwhile): the caller rolls back.
 */
export async function attachGuestOrder(tx: Transaction, orderId: number, userId: number): Promise<boolean> {
  const attached = await tx
    .update(orders)
    .set({ userId, updatedAt: sql`now()` })
    .where(and(eq(orders.id, orderId), isNull(orders.userId), inArray(orders.paymentStatus, [...PAID])))
    .returning({ id: orders.id });
  return attached.length === 1;
}
