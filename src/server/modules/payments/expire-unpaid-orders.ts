import { claimScheduledRun, CLAIM_SHARE } from '#server/db/scheduled-runs.ts';
import { findExpiredOrders } from '#server/modules/orders/order-service.ts';
import type { PaymentContext } from './payment-context.ts';
import { closeOrderPayment } from './settle-payment.ts';

/**
 * Unpaid orders past their deadline give their stock and coupon use back; their provider payment is
 * cancelled first (settle-payment.ts). Answers how many orders were closed.
 */
export async function expireUnpaidOrders(ctx: PaymentContext, now = new Date()): Promise<number> {
  let closed = 0;
  for (const orderId of await findExpiredOrders(ctx.db, now)) {
    try {
      if ((await closeOrderPayment(ctx, orderId, 'expire', { actor: 'system' })) === 'closed') closed += 1;
    } catch (error) {
      // the next run tries again; one provider hiccup does not stop the others
      ctx.log?.warn({ err: error, orderId }, 'could not close an expired order');
    }
  }
  return closed;
}

interface ExpirySchedule {
  stop(): void;
}

/**
 * Runs the expiry on its own timer, never inside a request, and on one instance at a time: each
 * interval's run goes to the instance that claims it first (scheduled-runs.ts). A run that outlives
 * `timeoutMs` (a stalled database) no longer blocks the next one; the conditional updates keep
 * overlapping runs from giving anything back twice.
 */
export function scheduleOrderExpiry(ctx: PaymentContext, options: { intervalMs: number; timeoutMs: number }): ExpirySchedule {
  let running: Promise<unknown> | null = null;
  const run = () => {
    if (running) return;
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<void>((resolve) => {
      timer = setTimeout(() => {
        ctx.log?.warn({ timeoutMs: options.timeoutMs }, 'order expiry run timed out');
        resolve();
      }, options.timeoutMs);
      timer.unref();
    });
    const work = claimScheduledRun(ctx.db, 'order-expiry', options.intervalMs * CLAIM_SHARE)
      .then(async (mine) => {
        if (mine) await expireUnpaidOrders(ctx);
      })
      .catch((error: unknown) => ctx.log?.warn({ err: error }, 'order expiry run failed'));
    running = Promise.race([work, timeout]).finally(() => {
      clearTimeout(timer);
      running = null;
    });
  };
  const interval = setInterval(run, options.intervalMs);
  interval.unref();
  return { stop: () => clearInterval(interval) };
}
