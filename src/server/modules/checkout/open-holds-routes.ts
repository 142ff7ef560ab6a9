import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { OpenHolds, ReleasedHold } from '#common/schemas/open-holds.ts';
import { IdParam } from '#common/schemas/whole-number.ts';
import { requireAdmin } from '#server/http/auth.ts';
import { sendNoStore } from '#server/http/no-store.ts';
import { errorResponses } from '#server/http/route-schemas.ts';
import type { CheckoutRouteDeps } from './checkout-deps.ts';
import { listOpenHolds, releaseOpenHold } from './open-holds-service.ts';

/** GET /api/admin/open-holds: unpaid orders holding stock; POST .../:id/release closes one. Admins only. */
export const openHoldsAdminRoutes: FastifyPluginAsyncZod<Pick<CheckoutRouteDeps, 'payments'>> = async (app, { payments }) => {
  sendNoStore(app);
  app.get(
    '/admin/open-holds',
    {
      onRequest: requireAdmin,
      schema: {
        summary: 'Unpaid orders holding stock, newest first, with their client network and cart',
        description: 'What the checkout quotas count: each hold with its units, its client address key and network, and the units its whole network holds.',
        response: { 200: OpenHolds, ...errorResponses },
      },
    },
    async () => listOpenHolds(payments),
  );
  app.post(
    '/admin/open-holds/:id/release',
    {
      onRequest: requireAdmin,
      schema: {
        summary: 'Release a hold: close the unpaid order, its stock and coupon use back on sale',
        description: "The provider's payment is cancelled first; an order paid meanwhile is kept (409).",
        params: IdParam,
        response: { 200: ReleasedHold, ...errorResponses },
      },
    },
    async (request) => releaseOpenHold({ ...payments, log: request.log }, request.params.id, `admin:${request.user!.id}`),
  );
};
