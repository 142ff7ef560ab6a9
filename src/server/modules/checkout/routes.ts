import type { FastifyPluginAsync } from 'fastify';
import { CreatePaymentIntentInput } from '#common/schemas/checkout.ts';
import type { AppDeps } from '#server/deps.ts';
import { paymentContextFor } from '#server/modules/payments/payment-context.ts';
import { sweepExpiredReservations } from '#server/modules/payments/sweep-expired.ts';
import { createTaxService } from '#server/modules/tax/tax-service.ts';
import { createCheckout } from './checkout-service.ts';
import { parseWithFirstMessage } from './parse-checkout-input.ts';
import { createConcurrencyLimit } from '#server/http/concurrency-limit.ts';

/** Checkouts running at once per process: about the database pool's size (20), each holds a connection in its transaction. */
export const CHECKOUT_CONCURRENCY = 20;

/** How often abandoned reservations are looked for between checkouts. */
export const SWEEP_INTERVAL_MS = 60_000;

export const checkoutRoutes: FastifyPluginAsync<AppDeps> = async (app, deps) => {
  const payments = paymentContextFor(deps);
  const checkout = { db: deps.db, tax: createTaxService(deps), payments };

  // checkouts finish in arrival order under a rush instead of all together (see concurrency-limit.ts)
  const limitCheckouts = createConcurrencyLimit(CHECKOUT_CONCURRENCY);
  app.post('/create-payment-intent', async (request) => {
    const input = parseWithFirstMessage(CreatePaymentIntentInput, request.body);
    return limitCheckouts(() => createCheckout(checkout, input, request.user?.id ?? null, request.log));
  });

  // DESIGN.md §6: abandoned payments give their stock back even when nobody checks out
  const timer = setInterval(() => {
    sweepExpiredReservations({ ...payments, log: app.log }).catch((error: unknown) => app.log.warn({ err: error }, 'reservation sweep failed'));
  }, SWEEP_INTERVAL_MS);
  timer.unref();
  app.addHook('onClose', async () => {
    clearInterval(timer);
    payments.mail.close();
  });
};
