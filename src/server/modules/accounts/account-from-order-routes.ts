import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AccountFromOrderInput, AccountFromOrderResult } from '#common/schemas/order-account.ts';
import type { Config } from '#server/config.ts';
import type { Database } from '#server/db/client.ts';
import { HttpError } from '#server/http/errors.ts';
import { sendNoStore } from '#server/http/no-store.ts';
import { errorResponses } from '#server/http/route-schemas.ts';
import { heldOrderClaim } from '#server/modules/orders/order-claim-service.ts';
import { createAccountFromOrder } from './account-from-order.ts';
import { toPublicUser } from './accounts-service.ts';
import { startSession } from './session-cookie.ts';

/** What the account-from-order route is handed by the composition root. */
interface AccountFromOrderDeps {
  db: Database;
  /** registration's limit (each answer tells whether an e-mail has an account), and the shop's address for the session cookie */
  config: Pick<Config, 'REGISTER_RATE_LIMIT' | 'PUBLIC_URL'>;
}

export const accountFromOrderRoutes: FastifyPluginAsyncZod<AccountFromOrderDeps> = async (app, { db, config }) => {
  sendNoStore(app);
  const tooManyAttempts = (_request: unknown, context: { after: string }) => new HttpError(429, `Too many attempts, please try again in ${context.after}`);

  app.post(
    '/account/from-order',
    {
      config: {
        rateLimit: { max: config.REGISTER_RATE_LIMIT, timeWindow: '1 hour', errorResponseBuilder: tooManyAttempts },
        invalidInput: 'first-issue',
      },
      schema: {
        summary: "Turn the guest's paid order into an account and sign in",
        description:
          "Only from the browser that placed the order (the order_claim cookie checkout set, for 2 hours): the account takes the order's e-mail and name, the order is attached to it and its address saved to the address book (decision 040).",
        body: AccountFromOrderInput,
        response: { 201: AccountFromOrderResult, ...errorResponses },
      },
    },
    async (request, reply) => {
      const caller = { userId: request.user?.id ?? null, claimedOrderId: heldOrderClaim(request) };
      const created = await createAccountFromOrder(db, request.body, caller);
      await startSession(db, request, reply, created.user.id, config.PUBLIC_URL);
      return reply.status(201).send({ user: toPublicUser(created.user), orderNumber: created.order.orderNumber, addressSaved: created.addressSaved });
    },
  );
};
