import type { CheckoutRecoverySettings } from '#common/schemas/checkout-recovery.ts';
import type { Database, Transaction } from '#server/db/client.ts';
import { checkoutRecoverySettings } from '#server/db/schema.ts';

const DEFAULTS: CheckoutRecoverySettings = {
  enabled: false,
  firstDelayMinutes: 60,
  secondEnabled: false,
  secondDelayMinutes: 1440,
  requireConsent: true,
  subject: 'You left something in your cart',
  message: 'Your cart is waiting for you. Pick up where you left off: the link below puts everything back in it.',
};

/** The owner's settings, or the defaults (off) until they are first saved. */
export async function readRecoverySettings(db: Database | Transaction): Promise<CheckoutRecoverySettings> {
  const [row] = await db.select().from(checkoutRecoverySettings).limit(1);
  if (!row) return DEFAULTS;
  const { id: _id, ...settings } = row;
  return settings;
}

export async function saveRecoverySettings(db: Database, settings: CheckoutRecoverySettings): Promise<CheckoutRecoverySettings> {
  await db
    .insert(checkoutRecoverySettings)
    .values({ id: 1, ...settings })
    .onConflictDoUpdate({ target: checkoutRecoverySettings.id, set: settings });
  return readRecoverySettings(db);
}
