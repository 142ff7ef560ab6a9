import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { StockHistory, StockHistoryQuery } from '#common/schemas/stock-ledger.ts';
import { IdParam } from '#common/schemas/whole-number.ts';
import { requireAdmin } from '#server/http/auth.ts';
import { sendNoStore } from '#server/http/no-store.ts';
import { errorResponses } from '#server/http/route-schemas.ts';
import type { StockDeps } from './stock-deps.ts';
import { readStockHistory } from './stock-ledger-service.ts';

/** A variant's stock ledger, for the product editor; admins only. */
export const stockLedgerRoutes: FastifyPluginAsyncZod<StockDeps> = async (app, { db }) => {
  sendNoStore(app);
  app.get(
    '/admin/variants/:id/stock-history',
    {
      onRequest: requireAdmin,
      config: { invalidInput: { querystring: 'Invalid stock history request' } },
      schema: {
        summary: "A variant's stock changes, newest first",
        description: 'Each entry: when, why, the change, the level it left, and the order or admin behind it. `limit`: 1 to 200 (50).',
        params: IdParam,
        querystring: StockHistoryQuery,
        response: { 200: StockHistory, ...errorResponses },
      },
    },
    async (request) => readStockHistory(db, request.params.id, request.query.limit),
  );
};
