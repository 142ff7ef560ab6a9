import { z } from 'zod';

/** The owner's abandoned-checkout reminders (decision 056). Delays in minutes; the text is plain, the e-mail adds the cart and the links. */
export const CheckoutRecoverySettings = z.object({
  enabled: z.boolean({ error: 'enabled must be true or false' }),
  firstDelayMinutes: z
    .number({ error: 'First reminder delay must be a whole number of minutes from 15 to 10080' })
    .int('First reminder delay must be a whole number of minutes from 15 to 10080')
    .min(15, 'First reminder delay must be a whole number of minutes from 15 to 10080')
    .max(10_080, 'First reminder delay must be a whole number of minutes from 15 to 10080'),
  secondEnabled: z.boolean({ error: 'secondEnabled must be true or false' }),
  secondDelayMinutes: z
    .number({ error: 'Second reminder delay must be a whole number of minutes from 60 to 20160' })
    .int('Second reminder delay must be a whole number of minutes from 60 to 20160')
    .min(60, 'Second reminder delay must be a whole number of minutes from 60 to 20160')
    .max(20_160, 'Second reminder delay must be a whole number of minutes from 60 to 20160'),
  // only addresses confirmed on the newsletter get a reminder
  requireConsent: z.boolean({ error: 'requireConsent must be true or false' }),
  subject: z.string({ error: 'Subject is required' }).trim().min(1, 'Subject is required').max(150, 'Subject must be at most 150 characters'),
  message: z.string({ error: 'Message is required' }).trim().min(1, 'Message is required').max(2000, 'Message must be at most 2000 characters'),
});
export type CheckoutRecoverySettings = z.infer<typeof CheckoutRecoverySettings>;

/** GET /api/admin/checkout-recovery: the settings and what the reminders did. */
export const CheckoutRecoveryOverview = z.object({
  settings: CheckoutRecoverySettings,
  // checkouts reminded, and of those, how many were followed by a paid order from the same address
  reminded: z.number().int(),
  recovered: z.number().int(),
});
export type CheckoutRecoveryOverview = z.infer<typeof CheckoutRecoveryOverview>;

/** The signed token of a reminder's cart or unsubscribe link. */
export const RecoveryTokenQuery = z.object({ token: z.string({ error: 'token is required' }).min(1, 'token is required').max(200, 'token is too long') });

/** GET /api/checkout-recovery/cart: the reminded checkout's lines, for the cart to take again at today's prices and stock. */
export const RecoveredCart = z.object({
  lines: z.array(z.object({ productId: z.number().int(), variantId: z.number().int().nullable(), quantity: z.number().int() })),
});
export type RecoveredCart = z.infer<typeof RecoveredCart>;
