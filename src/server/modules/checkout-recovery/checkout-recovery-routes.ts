import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { CheckoutRecoveryOverview, CheckoutRecoverySettings, RecoveredCart, RecoveryTokenQuery } from '#common/schemas/checkout-recovery.ts';
import type { Database } from '#server/db/client.ts';
import { requireAdmin } from '#server/http/auth.ts';
import { badRequest } from '#server/http/errors.ts';
import { sendNoStore } from '#server/http/no-store.ts';
import { acceptOneClickPosts, sendUnsubscribedPage, sendUnsubscribePage, wantsPage } from '#server/http/one-click-unsubscribe.ts';
import { errorResponses } from '#server/http/route-schemas.ts';
import type { CheckoutRecoveryDeps } from './checkout-recovery-deps.ts';
import { recoveredCart, recoveryOverview, unsubscribeFromReminders } from './checkout-recovery-service.ts';
import { saveRecoverySettings } from './recovery-settings.ts';

const INVALID_LINK = 'This link is not valid. Open the link from the e-mail as it was sent.';

/** What the composition root hands the reminders' routes. */
interface CheckoutRecoveryRouteDeps {
  db: Database;
  /** the reminders' signed links */
  checkoutRecovery: CheckoutRecoveryDeps;
}

/** Abandoned-checkout reminders: the cart link's lines, the reminder's unsubscribe, and the owner's settings. */
export const checkoutRecoveryRoutes: FastifyPluginAsyncZod<CheckoutRecoveryRouteDeps> = async (app, { db, checkoutRecovery }) => {
  sendNoStore(app);
  acceptOneClickPosts(app);
  const reminderId = (purpose: 'cart' | 'unsubscribe', token: string) => {
    const subject = checkoutRecovery.links.check(purpose, token);
    if (subject === null || subject.nonce !== undefined) throw badRequest(INVALID_LINK);
    return subject.id;
  };

  app.get(
    '/checkout-recovery/cart',
    {
      schema: {
        summary: "A reminder's cart link: the checkout's lines still for sale, at most today's stock",
        querystring: RecoveryTokenQuery,
        response: { 200: RecoveredCart, ...errorResponses },
      },
    },
    async (request) => recoveredCart(db, reminderId('cart', request.query.token)),
  );

  app.get(
    '/checkout-recovery/unsubscribe',
    { schema: { summary: 'The unsubscribe page of an abandoned-checkout reminder', querystring: RecoveryTokenQuery } },
    async (request, reply) => {
      reminderId('unsubscribe', request.query.token);
      return sendUnsubscribePage(reply, {
        heading: 'Unsubscribe from our e-mails?',
        body: 'You will get no more cart reminders, news or offers from us. Order e-mails still come.',
        action: `/api/checkout-recovery/unsubscribe?token=${encodeURIComponent(request.query.token)}`,
      });
    },
  );
  app.post(
    '/checkout-recovery/unsubscribe',
    {
      schema: {
        summary: 'Unsubscribe from reminders and marketing (one click, RFC 8058): signed, no session or CSRF token',
        querystring: RecoveryTokenQuery,
        response: { 200: z.union([z.object({ message: z.string() }), z.string()]), ...errorResponses },
      },
    },
    async (request, reply) => {
      await unsubscribeFromReminders(db, reminderId('unsubscribe', request.query.token));
      if (wantsPage(request)) return sendUnsubscribedPage(reply, 'You will get no more cart reminders, news or offers from us.');
      return { message: 'You are unsubscribed.' };
    },
  );

  app.get(
    '/admin/newsletter/checkout-recovery',
    {
      onRequest: requireAdmin,
      schema: {
        summary: 'The abandoned-checkout reminders: settings, checkouts reminded and recovered',
        response: { 200: CheckoutRecoveryOverview, ...errorResponses },
      },
    },
    async () => recoveryOverview(db),
  );
  app.put(
    '/admin/newsletter/checkout-recovery',
    {
      onRequest: requireAdmin,
      schema: {
        summary: 'Save the abandoned-checkout reminders: on or off, delays, consent rule, subject and message',
        body: CheckoutRecoverySettings,
        response: { 200: CheckoutRecoverySettings, ...errorResponses },
      },
    },
    async (request) => saveRecoverySettings(db, request.body),
  );
};
