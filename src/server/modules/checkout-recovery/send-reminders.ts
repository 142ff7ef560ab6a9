import { and, eq, sql } from 'drizzle-orm';
import type { CheckoutRecoverySettings } from '#common/schemas/checkout-recovery.ts';
import type { Database, Transaction } from '#server/db/client.ts';
import { checkoutRecoveries, orderItems } from '#server/db/schema.ts';
import { sendCheckoutReminder } from '#server/modules/mail/marketing-mail-service.ts';
import { confirmedSubscriberId, hasUnsubscribed } from '#server/modules/newsletter/newsletter-service.ts';
import type { CheckoutRecoveryDeps } from './checkout-recovery-deps.ts';
import { readRecoverySettings } from './recovery-settings.ts';

// checkouts older than this get no reminder: turning reminders on must not mail last month's shoppers
const OLDEST_CHECKOUT = sql`interval '7 days'`;
// one address gets at most one reminded checkout in this time
const PER_ADDRESS = sql`interval '7 days'`;
const BATCH = 100;

// a purchase (decision 047): paid at some point, and not a late payment sent straight back
const paid = (alias: string) =>
  sql.raw(`(${alias}.payment_status in ('succeeded', 'partially_refunded') or (${alias}.payment_status = 'refunded' and ${alias}.status <> 'cancelled'))`);

/**
 * One run of abandoned-checkout recovery (decision 056): first counts the reminded checkouts a
 * purchase followed as recovered (which also stops their second reminder), then, when the owner has
 * it on, sends the first reminders due and the second ones.
 */
export async function sendDueReminders(deps: CheckoutRecoveryDeps): Promise<{ first: number; second: number }> {
  await markRecovered(deps.db);
  const settings = await readRecoverySettings(deps.db);
  if (!settings.enabled) return { first: 0, second: 0 };
  const first = await sendFirstReminders(deps, settings);
  const second = settings.secondEnabled ? await sendSecondReminders(deps, settings) : 0;
  return { first, second };
}

/** A reminded checkout followed by a paid order from the same address is recovered, with that order. */
async function markRecovered(db: Database): Promise<void> {
  await db.execute(sql`
    update checkout_recoveries r
       set status = 'recovered', recovered_at = now(),
           recovered_order_id = (select p.id from orders p where lower(p.customer_email) = r.email and p.created_at > r.first_sent_at and ${paid('p')}
                                  order by p.created_at limit 1)
     where r.status = 'sent'
       and exists (select 1 from orders p where lower(p.customer_email) = r.email and p.created_at > r.first_sent_at and ${paid('p')})`);
}

/**
 * Unpaid checkouts (decision 047: open, declined, expired or closed) older than the delay that are
 * their shopper's latest order (nothing bought or tried since), whose address has had no reminder lately.
 */
async function dueCheckouts(db: Database, delayMinutes: number): Promise<{ orderId: number; email: string }[]> {
  const result = (await db.execute(sql`
    select o.id as "orderId", lower(o.customer_email) as email
      from orders o
     where o.payment_status in ('pending', 'failed', 'expired', 'cancelled')
       and o.created_at <= now() - make_interval(mins => ${delayMinutes}::int)
       and o.created_at > now() - ${OLDEST_CHECKOUT}
       and o.customer_email <> ''
       and not exists (select 1 from orders p where lower(p.customer_email) = lower(o.customer_email) and p.created_at > o.created_at)
       and not exists (select 1 from checkout_recoveries r where r.order_id = o.id)
       and not exists (select 1 from checkout_recoveries r where r.email = lower(o.customer_email) and r.first_sent_at > now() - ${PER_ADDRESS})
     order by o.created_at
     limit ${BATCH}`)) as unknown as { rows: { orderId: number; email: string }[] };
  return result.rows;
}

/** Without the owner's consent rule an address may be reminded unless it said no; with it, only a confirmed subscriber. */
async function mayRemind(tx: Database | Transaction, email: string, settings: CheckoutRecoverySettings): Promise<boolean> {
  if (settings.requireConsent) return (await confirmedSubscriberId(tx, email)) !== null;
  return !(await hasUnsubscribed(tx, email));
}

async function sendFirstReminders(deps: CheckoutRecoveryDeps, settings: CheckoutRecoverySettings): Promise<number> {
  let sent = 0;
  for (const checkout of await dueCheckouts(deps.db, settings.firstDelayMinutes)) {
    const claimed = await deps.db.transaction(async (tx) => {
      if (!(await mayRemind(tx, checkout.email, settings))) return false;
      // the claim: one row per checkout, so of two instances (or runs) only one inserts, and only it sends
      const [row] = await tx
        .insert(checkoutRecoveries)
        .values({ orderId: checkout.orderId, email: checkout.email })
        .onConflictDoNothing({ target: checkoutRecoveries.orderId })
        .returning({ id: checkoutRecoveries.id });
      if (!row) return false;
      await remind(deps, tx, { recoveryId: row.id, orderId: checkout.orderId, email: checkout.email }, settings);
      return true;
    });
    if (claimed) sent += 1;
  }
  return sent;
}

async function sendSecondReminders(deps: CheckoutRecoveryDeps, settings: CheckoutRecoverySettings): Promise<number> {
  const due = (await deps.db.execute(sql`
    select r.id as "recoveryId", r.order_id as "orderId", r.email
      from checkout_recoveries r join orders o on o.id = r.order_id
     where r.status = 'sent' and r.reminders_sent = 1
       and o.created_at <= now() - make_interval(mins => ${settings.secondDelayMinutes}::int)
       and not exists (select 1 from orders p where lower(p.customer_email) = r.email and p.created_at > o.created_at)
     order by r.id
     limit ${BATCH}`)) as unknown as { rows: { recoveryId: number; orderId: number; email: string }[] };
  let sent = 0;
  for (const reminder of due.rows) {
    const claimed = await deps.db.transaction(async (tx) => {
      if (!(await mayRemind(tx, reminder.email, settings))) return false;
      const [row] = await tx
        .update(checkoutRecoveries)
        .set({ remindersSent: 2, secondSentAt: new Date() })
        .where(and(eq(checkoutRecoveries.id, reminder.recoveryId), eq(checkoutRecoveries.status, 'sent'), eq(checkoutRecoveries.remindersSent, 1)))
        .returning({ id: checkoutRecoveries.id });
      if (!row) return false;
      await remind(deps, tx, reminder, settings);
      return true;
    });
    if (claimed) sent += 1;
  }
  return sent;
}

async function remind(
  deps: CheckoutRecoveryDeps,
  tx: Transaction,
  reminder: { recoveryId: number; orderId: number; email: string },
  settings: CheckoutRecoverySettings,
): Promise<void> {
  const lines = await tx
    .select({ productName: orderItems.productName, variantName: orderItems.variantName, quantity: orderItems.quantity })
    .from(orderItems)
    .where(eq(orderItems.orderId, reminder.orderId))
    .orderBy(orderItems.id);
  const cartToken = new URL(deps.links.url('cart', { id: reminder.recoveryId })).searchParams.get('token')!;
  await sendCheckoutReminder(deps.mail, tx, reminder.email, {
    subject: settings.subject,
    message: settings.message,
    lines: lines.map((line) => ({ name: line.variantName ? `${line.productName} - ${line.variantName}` : line.productName, quantity: line.quantity })),
    cartUrl: new URL(`/cart?restore=${encodeURIComponent(cartToken)}`, deps.publicBase).toString(),
    unsubscribeUrl: deps.links.url('unsubscribe', { id: reminder.recoveryId }),
  });
}
