import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ApiErrorBody } from '#common/schemas/api-error.ts';
import { AdminOrderDetail, RefundInput } from '#common/schemas/order-refunds.ts';
import { IdParam } from '#common/schemas/whole-number.ts';
import { requireAdmin } from '#server/http/auth.ts';
import { sendNoStore } from '#server/http/no-store.ts';
import { errorResponses } from '#server/http/route-schemas.ts';
import { loadAdminOrderDetail } from '#server/modules/orders/order-service.ts';
import type { PaymentsDeps } from './payments-deps.ts';
import { refundOrder } from './refund-order.ts';

/** The staff's refunds, from the admin order page (route-permissions: refunds.create); support's up to the owner's limit. */
export const refundAdminRoutes: FastifyPluginAsyncZod<Pick<PaymentsDeps, 'payments'>> = async (app, { payments }) => {
  sendNoStore(app);
  app.post(
    '/orders/:id/refunds',
    {
      onRequest: requireAdmin,
      config: { invalidInput: { body: 'Invalid refund' } },
      schema: {
        summary: 'Refund a paid order: the whole remainder, chosen lines, or an amount',
        description:
          'Through the payment provider, never above what is left of the captured amount; chosen lines may be restocked. The customer is e-mailed. The same requestId refunds once.',
        params: IdParam,
        body: RefundInput,
        response: { 200: AdminOrderDetail, ...errorResponses, 502: ApiErrorBody },
      },
    },
    async (request) => {
      const limitCents = request.user!.refundLimitCents;
      await refundOrder({ ...payments, log: request.log }, request.params.id, request.body, `admin:${request.user!.id}`, limitCents);
      return loadAdminOrderDetail(payments.db, request.params.id);
    },
  );
};
