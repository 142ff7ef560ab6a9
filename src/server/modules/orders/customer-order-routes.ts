import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  CancelOrderBody,
  CustomerOrderView,
  ORDER_LOOKUP_FAILED,
  OrderKeyQuery,
  OrderLookupRequest,
  OrderLookupResult,
  OrderNumberParam,
  TOO_MANY_LOOKUPS,
} from '#common/schemas/customer-orders.ts';
import { conflict, HttpError, notFound } from '#server/http/errors.ts';
import { sendNoStore } from '#server/http/no-store.ts';
import { countHit } from '#server/http/rate-limit-store.ts';
import { errorResponses } from '#server/http/route-schemas.ts';
import { sendOrderLinkEmail } from '#server/modules/mail/order-mail-service.ts';
import { openCustomerOrder } from './customer-order-access.ts';
import { customerMayCancel, customerOrderView, findOrderByNumber } from './customer-order-view.ts';
import { ORDER_LINK_TTL_MS } from './order-link-service.ts';
import { normaliseOrderNumber } from './order-number.ts';
import type { OrdersDeps } from './orders-deps.ts';

/** Lookups of one order number per hour, from anywhere: guessing its e-mail address from many addresses stays slow. */
export const LOOKUPS_PER_ORDER_NUMBER = 10;
const ORDER_NUMBER_WINDOW_MS = 60 * 60 * 1000;

const digest = (value: string) => createHash('sha256').update(value).digest();
// compared for a missing order too, so a wrong address and a missing order take the same work
const NO_ADDRESS = digest('no order has this address');

export const customerOrderRoutes: FastifyPluginAsyncZod<OrdersDeps> = async (app, { db, config, mail, orderLinks, cancelOrder }) => {
  sendNoStore(app);
  const pending = new Set<Promise<unknown>>();
  app.addHook('onClose', async () => {
    await Promise.allSettled(pending);
  });

  app.get(
    '/orders/number/:orderNumber',
    {
      config: { invalidInput: 'first-issue' },
      schema: {
        summary: "A customer's order page: its owner signed in, or anyone with a signed link (?key=)",
        params: OrderNumberParam,
        querystring: OrderKeyQuery,
        response: { 200: CustomerOrderView, ...errorResponses },
      },
    },
    async (request) => {
      const order = await openCustomerOrder(db, orderLinks, request, request.params.orderNumber, request.query.key);
      return customerOrderView(db, order);
    },
  );

  app.post(
    '/orders/number/:orderNumber/cancel',
    {
      config: { invalidInput: 'first-issue' },
      schema: {
        summary: 'The customer cancels a paid order before it ships: refunded, restocked, coupon use returned, once',
        params: OrderNumberParam,
        body: CancelOrderBody,
        response: { 200: CustomerOrderView, ...errorResponses },
      },
    },
    async (request) => {
      const { orderNumber } = request.params;
      const order = await openCustomerOrder(db, orderLinks, request, orderNumber, request.body?.key);
      // a second press finds it cancelled already and answers the same page
      if (order.status !== 'cancelled') {
        if (order.paymentStatus === 'pending') throw conflict(`Order #${orderNumber} has not been paid; it closes by itself if the payment is not finished.`);
        if (order.status === 'shipped' || order.status === 'delivered') throw conflict(`Order #${orderNumber} has shipped and can no longer be cancelled.`);
        if (!customerMayCancel(order)) throw conflict(`Order #${orderNumber} cannot be cancelled. Please contact us.`);
        await cancelOrder(order.id, 'customer', request.log);
      }
      const now = await findOrderByNumber(db, orderNumber);
      return customerOrderView(db, now!);
    },
  );

  const tooMany = (_request: unknown, context: { after: string }) => new HttpError(429, `Too many attempts, please try again in ${context.after}`);
  app.post(
    '/orders/lookup',
    {
      config: { rateLimit: { max: config.AUTH_RATE_LIMIT, timeWindow: '1 minute', errorResponseBuilder: tooMany }, invalidInput: 'first-issue' },
      schema: {
        summary: 'Guest order lookup by order number and e-mail: a signed link to the order, shown and e-mailed',
        body: OrderLookupRequest,
        response: { 200: OrderLookupResult, ...errorResponses },
      },
    },
    async (request, reply) => {
      const orderNumber = normaliseOrderNumber(request.body.orderNumber);
      if (!orderNumber) throw new HttpError(400, 'Please enter the order number as it appears in your e-mail, e.g. PB-7K3Q9D');
      const hits = await countHit(db, `order-lookup ${orderNumber}`, ORDER_NUMBER_WINDOW_MS);
      if (hits.current > LOOKUPS_PER_ORDER_NUMBER) {
        reply.header('retry-after', String(Math.ceil(hits.ttl / 1000)));
        throw new HttpError(429, TOO_MANY_LOOKUPS);
      }
      const order = await findOrderByNumber(db, orderNumber);
      const matches = timingSafeEqual(order ? digest(order.customerEmail.trim().toLowerCase()) : NO_ADDRESS, digest(request.body.email));
      if (!order || !matches) throw notFound(ORDER_LOOKUP_FAILED);

      const signed = orderLinks.path(orderNumber);
      // after the answer: an e-mail on the way must not make a found order answer slower
      const work = sendOrderLinkEmail(mail, db, {
        orderNumber,
        customerName: order.customerName,
        customerEmail: order.customerEmail,
        link: orderLinks.url(orderNumber),
        validForDays: ORDER_LINK_TTL_MS / 86_400_000,
      })
        .catch((error: unknown) => request.log.error({ err: error }, 'order link e-mail failed'))
        .finally(() => pending.delete(work));
      pending.add(work);
      return { orderNumber, link: signed.path, expiresAt: signed.expiresAt.toISOString() };
    },
  );
};
