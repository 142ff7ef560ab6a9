import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '#server/config.ts';
import type { Database } from '#server/db/client.ts';
import type { MailService } from '#server/modules/mail/mail-service.ts';
import type { OnRestock } from '#server/modules/stock/stock-service.ts';
import type { PaymentProvider } from './payment-provider.ts';
import { createSimulatedProvider } from './simulated-provider.ts';
import { createStripeClient, createStripeProvider } from './stripe-provider.ts';

/** What the payment steps work with: the database, the active provider, the mailer, a logger. */
export interface PaymentContext {
  db: Database;
  provider: PaymentProvider;
  mail: MailService;
  log?: PaymentLog;
  /** stock given back from 0: the back-in-stock alerts (stock-service.ts) */
  onRestock?: OnRestock;
  /** a card declined and its order closed (counted by /metrics) */
  onDecline?: () => void;
}

export type PaymentLog = Pick<FastifyBaseLogger, 'warn' | 'error' | 'info'>;

export function providerFromConfig(deps: { config: Pick<Config, 'STRIPE_SECRET_KEY' | 'STRIPE_API_BASE'>; db: Database }): PaymentProvider {
  if (!deps.config.STRIPE_SECRET_KEY) return createSimulatedProvider(deps.db);
  const client = createStripeClient(deps.config);
  // a client that cannot load fails each payment that awaits it, not the process as an unhandled rejection
  client.catch(() => undefined);
  return createStripeProvider(client);
}
