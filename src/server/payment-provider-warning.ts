import type { Config } from './config.ts';

/**
 * The start-up warning for a production server without Stripe: its card simulator accepts test
 * cards and marks orders paid, so the shop would ship goods nobody paid for. Null when all is well.
 */
export function simulatedPaymentsWarning(config: Pick<Config, 'NODE_ENV' | 'STRIPE_SECRET_KEY'>): string | null {
  if (config.NODE_ENV !== 'production' || config.STRIPE_SECRET_KEY) return null;
  const lines = [
    'WARNING: CARD PAYMENTS ARE SIMULATED. NO MONEY IS TAKEN.',
    'NODE_ENV=production but STRIPE_SECRET_KEY is not set, so checkout uses the card simulator:',
    'orders are marked paid without any charge.',
    'Set STRIPE_SECRET_KEY, STRIPE_PUBLISHABLE_KEY and STRIPE_WEBHOOK_SECRET to take real payments,',
    'and REQUIRE_PAYMENT_PROVIDER=1 to make the server refuse to start without them.',
  ];
  const rule = '!'.repeat(Math.max(...lines.map((line) => line.length)) + 4);
  return [rule, ...lines.map((line) => `! ${line}`), rule].join('\n');
}
