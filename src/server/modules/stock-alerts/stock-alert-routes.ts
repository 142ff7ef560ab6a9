import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { StockAlertDemand, StockAlertDemandQuery, StockAlertSignup, StockAlertSignupResult, StockAlertTokenQuery } from '#common/schemas/stock-alerts.ts';
import type { Config } from '#server/config.ts';
import type { Database } from '#server/db/client.ts';
import { requireAdmin } from '#server/http/auth.ts';
import { badRequest, HttpError } from '#server/http/errors.ts';
import { sendNoStore } from '#server/http/no-store.ts';
import { acceptOneClickPosts, wantsPage } from '#server/http/one-click-unsubscribe.ts';
import { errorResponses } from '#server/http/route-schemas.ts';
import { confirmStockAlert, signUpForStockAlert, stockAlertDemand, unsubscribeStockAlert, type StockAlertDeps } from './stock-alert-service.ts';
import { unsubscribedPage, unsubscribePage } from './unsubscribe-page.ts';

const INVALID_LINK = 'This link is not valid. Open the link from the e-mail as it was sent.';

/** What the composition root hands the back-in-stock alerts' routes. */
interface StockAlertRouteDeps {
  db: Database;
  /** sign-ups per IP and hour */
  config: Pick<Config, 'STOCK_ALERT_RATE_LIMIT'>;
  /** sign-ups, their signed links, the e-mails */
  stockAlerts: StockAlertDeps;
}

/** Back-in-stock alerts: sign-up ("Notify me"), its confirmation and unsubscribe links, and the admin's demand. */
export const stockAlertRoutes: FastifyPluginAsyncZod<StockAlertRouteDeps> = async (app, deps) => {
  const { db, config, stockAlerts } = deps;
  sendNoStore(app);
  acceptOneClickPosts(app);

  const tooManySignups = (_request: unknown, context: { after: string }) => new HttpError(429, `Too many sign-ups, please try again in ${context.after}`);
  app.post(
    '/stock-alerts',
    {
      config: { rateLimit: { max: config.STOCK_ALERT_RATE_LIMIT, timeWindow: '1 hour', errorResponseBuilder: tooManySignups }, invalidInput: 'first-issue' },
      schema: {
        summary: 'Ask to be e-mailed once when a sold-out variant is back in stock',
        description: "Guests confirm by the link e-mailed to them; a signed-in customer's own address needs no confirmation. Rate-limited per IP.",
        body: StockAlertSignup,
        response: { 200: StockAlertSignupResult, ...errorResponses },
      },
    },
    async (request) => signUpForStockAlert(stockAlerts, request.body, request.user ? { id: request.user.id, email: request.user.email } : null),
  );

  app.get(
    '/stock-alerts/confirm',
    { schema: { summary: 'The confirmation link of a sign-up: confirms it and opens the product', querystring: StockAlertTokenQuery } },
    async (request, reply) => {
      const id = stockAlerts.links.check('confirm', request.query.token);
      if (id === null) throw badRequest(INVALID_LINK);
      const { productId, variantId } = await confirmStockAlert(db, id);
      return reply.redirect(`/products/${productId}?variant=${variantId}&alert=confirmed`, 303);
    },
  );

  // the e-mail's link opens a page with a button (a link checker's GET must not unsubscribe anyone);
  // the List-Unsubscribe header's one-click POST unsubscribes at once
  app.get(
    '/stock-alerts/unsubscribe',
    { schema: { summary: 'The unsubscribe page of a back-in-stock alert', querystring: StockAlertTokenQuery } },
    async (request, reply) => {
      if (stockAlerts.links.check('unsubscribe', request.query.token) === null) throw badRequest(INVALID_LINK);
      return unsubscribePage(reply, request.query.token);
    },
  );
  app.post(
    '/stock-alerts/unsubscribe',
    {
      schema: {
        summary: 'Unsubscribe from a back-in-stock alert (one click, RFC 8058)',
        querystring: StockAlertTokenQuery,
        response: { 200: z.union([z.object({ message: z.string() }), z.string()]), ...errorResponses },
      },
    },
    async (request, reply) => {
      const id = stockAlerts.links.check('unsubscribe', request.query.token);
      if (id === null) throw badRequest(INVALID_LINK);
      await unsubscribeStockAlert(db, id);
      if (wantsPage(request)) return unsubscribedPage(reply);
      return { message: 'You are unsubscribed from this alert.' };
    },
  );

  app.get(
    '/admin/stock-alerts',
    {
      onRequest: requireAdmin,
      schema: {
        summary: "How many confirmed sign-ups wait for each of a product's variants",
        querystring: StockAlertDemandQuery,
        response: { 200: StockAlertDemand, ...errorResponses },
      },
    },
    async (request) => stockAlertDemand(db, request.query.productId),
  );
};
