import { randomBytes } from 'node:crypto';
import { GIFT_CARD_PAYMENT_PREFIX } from '#common/gift-cards.ts';
import type { Transaction } from '#server/db/client.ts';
import { inSavepoint } from '#server/db/savepoint.ts';
import { cancelOrderGiftCards, scheduleOrderGiftCards } from '#server/modules/gift-cards/gift-card-purchase-service.ts';
import { commitGiftCardHolds, releaseGiftCardHolds } from '#server/modules/gift-cards/gift-card-service.ts';
import { sendGiftCardEmail } from '#server/modules/mail/gift-card-mail-service.ts';
import { sendOrderPlacedEmails } from '#server/modules/mail/order-mail-service.ts';
import { loadOrderView, setOrderPaymentId, transitionOrder, type Actor } from '#server/modules/orders/order-service.ts';
import { commitReservations, giveBackReservations, type GiveBackReason } from '#server/modules/stock/stock-service.ts';
import type { PaymentContext } from './payment-context.ts';

// The one way an order's payment becomes final, whichever provider reported it (Stripe's webhook,
// the status check, the simulator's confirm, the expiry sweep). Each is a lifecycle step
// (orders/order-lifecycle.ts): a redelivered or racing report changes nothing the second time.

/**
 * The order is paid: its stock and coupon use become final and its e-mails are recorded, once, in one
 * transaction: a crash after the payment commits cannot lose its e-mails (decision 022).
 */
export async function payOrder(ctx: PaymentContext, orderId: number, options: { card?: { brand: string; last4: string } } = {}): Promise<boolean> {
  return ctx.db.transaction((tx) => payInTransaction(ctx, tx, orderId, options));
}

/**
 * The order's gift cards hold all of its total (decision 071): it is paid with no provider at all, by the same
 * conditional step and effects as a card-paid order, and gets a payment reference of its own in the same
 * transaction: the confirmation page, the status check and the order view find the order by it as by a
 * provider's payment id. Null when the order had left the unpaid state (nothing was done).
 */
export async function payOrderByGiftCards(ctx: PaymentContext, orderId: number): Promise<string | null> {
  const reference = `${GIFT_CARD_PAYMENT_PREFIX}${randomBytes(12).toString('hex')}`;
  return ctx.db.transaction(async (tx) => {
    if (!(await payInTransaction(ctx, tx, orderId, {}, () => setOrderPaymentId(tx, orderId, reference)))) return null;
    return reference;
  });
}

async function payInTransaction(
  ctx: PaymentContext,
  tx: Transaction,
  orderId: number,
  options: { card?: { brand: string; last4: string } },
  beforeEmails?: () => Promise<void>,
): Promise<boolean> {
  const step = await transitionOrder(tx, orderId, 'pay', { actor: 'system', card: options.card });
  if (!step) return false;
  await commitReservations(tx, orderId);
  await commitGiftCardHolds(tx, orderId);
  // gift cards the order bought: scheduled once, as the step above happens once; today's are issued and e-mailed now
  await scheduleOrderGiftCards(tx, orderId, (mailTx, card) => sendGiftCardEmail(ctx.mail, mailTx, card));
  await beforeEmails?.();
  await recordPlacedEmails(ctx, tx, orderId);
  return true;
}

async function recordPlacedEmails(ctx: PaymentContext, tx: Transaction, orderId: number): Promise<void> {
  // the payment stands whether or not its e-mails could be recorded
  await inSavepoint(
    tx,
    async (savepoint) => {
      const view = await loadOrderView(savepoint, orderId);
      if (view) await sendOrderPlacedEmails(ctx.mail, savepoint, view);
    },
    (error) => ctx.log?.error({ err: error, orderId }, 'order e-mails failed'),
  );
}

export type CloseStep = 'decline' | 'expire' | 'cancel_unpaid';

/** What the stock ledger says brought an order's stock back, by the step that closed it. */
const giveBackReasonOf: Record<CloseStep | 'cancel_paid', GiveBackReason> = {
  decline: 'decline',
  expire: 'expiry',
  cancel_unpaid: 'cancel',
  cancel_paid: 'cancel',
};

/** Closes an unpaid order (declined, expired, replaced or cancelled) and gives back its stock and coupon use, once. */
export async function closeUnpaidOrder(ctx: PaymentContext, orderId: number, step: CloseStep, options: { actor: Actor; note?: string }): Promise<boolean> {
  const closed = await stepAndGiveBack(ctx, orderId, step, 'held', options);
  if (closed && step === 'decline') ctx.onDecline?.();
  return closed;
}

/**
 * Takes a lifecycle step that ends an order's claim on its goods, and in the same transaction gives
 * back what it holds in that state (held by an unpaid order, committed to a paid one): only when the
 * step matched, so never twice.
 */
export async function stepAndGiveBack(
  ctx: PaymentContext,
  orderId: number,
  step: CloseStep | 'cancel_paid',
  holding: 'held' | 'committed',
  options: { actor: Actor; note?: string },
): Promise<boolean> {
  return ctx.db.transaction(async (tx) => {
    if (!(await transitionOrder(tx, orderId, step, options))) return false;
    await giveBackReservations(tx, orderId, holding, giveBackReasonOf[step], ctx.onRestock);
    // what an unpaid order held on gift cards goes back on them; a paid one's is given back by its refund
    if (holding === 'held') {
      await releaseGiftCardHolds(tx, orderId);
      await cancelOrderGiftCards(tx, orderId);
    }
    return true;
  });
}
