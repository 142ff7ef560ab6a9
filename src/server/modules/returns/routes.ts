import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { OrderKeyQuery, OrderNumberParam } from '#common/schemas/customer-orders.ts';
import { CustomerReturnsView, ReturnRequestInput } from '#common/schemas/order-returns.ts';
import { sendNoStore } from '#server/http/no-store.ts';
import { errorResponses } from '#server/http/route-schemas.ts';
import { openCustomerOrder } from '#server/modules/orders/order-service.ts';
import { requestReturn } from './request-return.ts';
import { customerReturnsView } from './return-views.ts';
import type { ReturnsDeps } from './returns-deps.ts';

/** The customer's returns, opened like the order page: signed in as its owner, or with a signed link. */
export const returnRoutes: FastifyPluginAsyncZod<Pick<ReturnsDeps, 'db' | 'mail' | 'orderLinks'>> = async (app, { db, mail, orderLinks }) => {
  sendNoStore(app);

  app.get(
    '/orders/number/:orderNumber/returns',
    {
      config: { invalidInput: 'first-issue' },
      schema: {
        summary: "An order's return window, what can still be returned, and its returns",
        params: OrderNumberParam,
        querystring: OrderKeyQuery,
        response: { 200: CustomerReturnsView, ...errorResponses },
      },
    },
    async (request) => {
      const order = await openCustomerOrder(db, orderLinks, request, request.params.orderNumber, request.query.key);
      return customerReturnsView(db, order);
    },
  );

  app.post(
    '/orders/number/:orderNumber/returns',
    {
      config: { invalidInput: 'first-issue' },
      schema: {
        summary: 'The customer asks to return delivered units, with a reason',
        description:
          "Within the shop's return window after delivery, for units bought and not yet returned or refunded. The same requestId asks once. The customer is e-mailed.",
        params: OrderNumberParam,
        body: ReturnRequestInput,
        response: { 200: CustomerReturnsView, ...errorResponses },
      },
    },
    async (request) => {
      const { key, ...input } = request.body;
      const order = await openCustomerOrder(db, orderLinks, request, request.params.orderNumber, key);
      await requestReturn({ db, mail }, order, input);
      return customerReturnsView(db, order);
    },
  );
};
