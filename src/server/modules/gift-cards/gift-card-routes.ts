import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  AdjustGiftCard,
  AdminGiftCard,
  AdminGiftCardDetail,
  GiftCardBalance,
  GiftCardBalanceQuery,
  GiftCardListQuery,
  GiftCardStatusChange,
  IssueGiftCard,
  IssuedGiftCard,
} from '#common/schemas/gift-cards.ts';
import { IdParam } from '#common/schemas/whole-number.ts';
import type { Database } from '#server/db/client.ts';
import { requireAdmin } from '#server/http/auth.ts';
import { HttpError } from '#server/http/errors.ts';
import { sendNoStore } from '#server/http/no-store.ts';
import { sendPage } from '#server/http/page-headers.ts';
import { errorResponses } from '#server/http/route-schemas.ts';
import { adjustGiftCard, giftCardDetail, issueGiftCardByHand, listGiftCards, setGiftCardStatus } from './gift-card-admin-service.ts';
import { giftCardBalance } from './gift-card-service.ts';

/** Balance checks per IP and minute: enough for a shopper with a few cards, far too few to guess a code. */
const BALANCE_CHECKS_PER_MINUTE = 10;

/** The balance page's check and the owner's gift cards (decision 059). */
export const giftCardRoutes: FastifyPluginAsyncZod<{ db: Database }> = async (app, { db }) => {
  sendNoStore(app);
  const admin = { onRequest: requireAdmin };

  const tooManyChecks = (_request: unknown, context: { after: string }) => new HttpError(429, `Too many balance checks, please try again in ${context.after}`);
  app.post(
    '/gift-cards/balance',
    {
      config: {
        rateLimit: { max: BALANCE_CHECKS_PER_MINUTE, timeWindow: '1 minute', errorResponseBuilder: tooManyChecks },
        invalidInput: 'first-issue',
      },
      schema: {
        summary: "A gift card's balance, by its code (the balance page)",
        description: 'An unknown code is a 404 with the same words whatever the reason. Rate-limited per IP against guessing.',
        body: GiftCardBalanceQuery,
        response: { 200: GiftCardBalance, ...errorResponses },
      },
    },
    async (request) => giftCardBalance(db, request.body.code),
  );

  app.get(
    '/admin/gift-cards',
    {
      ...admin,
      schema: {
        summary: 'The gift cards, newest first, one page',
        querystring: GiftCardListQuery,
        response: { 200: AdminGiftCard.array(), ...errorResponses },
      },
    },
    async (request, reply) => sendPage(request, reply, await listGiftCards(db, request.query), request.query),
  );

  app.get(
    '/admin/gift-cards/:id',
    { ...admin, schema: { summary: 'A gift card and its ledger', params: IdParam, response: { 200: AdminGiftCardDetail, ...errorResponses } } },
    async (request) => giftCardDetail(db, request.params.id),
  );

  app.post(
    '/admin/gift-cards',
    {
      ...admin,
      config: { invalidInput: { body: 'Invalid gift card' } },
      schema: {
        summary: 'Issue a gift card by hand',
        description: 'The answer carries the full code, the only time it is shown.',
        body: IssueGiftCard,
        response: { 201: IssuedGiftCard, ...errorResponses },
      },
    },
    async (request, reply) => reply.status(201).send(await issueGiftCardByHand(db, request.body, request.user!.id)),
  );

  app.post(
    '/admin/gift-cards/:id/adjust',
    {
      ...admin,
      config: { invalidInput: { body: 'Invalid adjustment' } },
      schema: {
        summary: "Add to or take from a card's balance, with a reason",
        params: IdParam,
        body: AdjustGiftCard,
        response: { 200: AdminGiftCard, ...errorResponses },
      },
    },
    async (request) => adjustGiftCard(db, request.params.id, request.body, request.user!.id),
  );

  app.post(
    '/admin/gift-cards/:id/status',
    {
      ...admin,
      config: { invalidInput: { body: 'Invalid status' } },
      schema: {
        summary: 'Disable a gift card, or enable it again',
        params: IdParam,
        body: GiftCardStatusChange,
        response: { 200: AdminGiftCard, ...errorResponses },
      },
    },
    async (request) => setGiftCardStatus(db, request.params.id, request.body.status, request.user!.id),
  );
};
