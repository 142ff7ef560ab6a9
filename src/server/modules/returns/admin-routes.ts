import { eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { ApiErrorBody } from '#common/schemas/api-error.ts';
import { AdminReturnsView, ApproveReturnInput, ReceiveReturnInput, RejectReturnInput, SettleReturnInput } from '#common/schemas/order-returns.ts';
import { IdParam } from '#common/schemas/whole-number.ts';
import { orders } from '#server/db/schema.ts';
import { requireAdmin } from '#server/http/auth.ts';
import { notFound } from '#server/http/errors.ts';
import { sendNoStore } from '#server/http/no-store.ts';
import { errorResponses } from '#server/http/route-schemas.ts';
import type { Actor } from '#server/modules/orders/order-service.ts';
import type { PaymentContext } from '#server/modules/payments/payment-service.ts';
import { refundReturn } from './refund-return.ts';
import { approveReturn, creditReturn, receiveReturn, rejectReturn } from './return-steps.ts';
import { adminReturnsView } from './return-views.ts';
import type { ReturnRow } from './return-rules.ts';
import type { ReturnsDeps } from './returns-deps.ts';

type Step<T> = (ctx: PaymentContext, returnId: number, input: T, actor: Actor) => Promise<ReturnRow>;

/** The owner's side of returns, from the admin order page; admins only. */
export const returnAdminRoutes: FastifyPluginAsyncZod<Pick<ReturnsDeps, 'db' | 'payments'>> = async (app, { db, payments }) => {
  sendNoStore(app);

  app.get(
    '/orders/:id/returns',
    {
      onRequest: requireAdmin,
      schema: { summary: "An order's returns, oldest first", params: IdParam, response: { 200: AdminReturnsView, ...errorResponses } },
    },
    async (request) => {
      const [order] = await db.select({ id: orders.id }).from(orders).where(eq(orders.id, request.params.id));
      if (!order) throw notFound('Order not found');
      return adminReturnsView(db, order.id);
    },
  );

  /** One step of a return: answers the order's returns as they now stand. */
  function step<S extends z.ZodType>(path: string, summary: string, description: string, body: S, label: string, run: Step<z.infer<S>>) {
    app.post(
      `/returns/:id/${path}`,
      {
        onRequest: requireAdmin,
        config: { invalidInput: { body: label } },
        schema: { summary, description, params: IdParam, body, response: { 200: AdminReturnsView, ...errorResponses, 502: ApiErrorBody } },
      },
      async (request) => {
        const row = await run({ ...payments, log: request.log }, request.params.id, request.body as z.infer<S>, `admin:${request.user!.id}`);
        return adminReturnsView(db, row.orderId);
      },
    );
  }

  step(
    'approve',
    'Approve a requested return',
    'The customer is e-mailed the instructions. Repeating it changes nothing.',
    ApproveReturnInput,
    'Invalid approval',
    approveReturn,
  );
  step('reject', 'Decline a requested or approved return', 'The customer is e-mailed the reason.', RejectReturnInput, 'Invalid rejection', rejectReturn);
  step(
    'receive',
    'Mark an approved return received',
    'Lines marked restock go back on sale, once. The customer is e-mailed.',
    ReceiveReturnInput,
    'Invalid receipt',
    receiveReturn,
  );
  step(
    'refund',
    'Refund a received return',
    "Through the owner's refund workflow: the units' price, or a lower amount (a fee kept), once per return. The customer is e-mailed.",
    SettleReturnInput,
    'Invalid refund',
    refundReturn,
  );
  step(
    'credit',
    'Settle a received return with store credit',
    "A single-use coupon code for the units' price or a lower amount, issued once and e-mailed to the customer.",
    SettleReturnInput,
    'Invalid store credit',
    creditReturn,
  );
};
