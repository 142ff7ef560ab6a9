import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { Deleted } from '#common/schemas/admin-results.ts';
import { SearchTermReport, SearchTermsQuery, Synonym, SynonymInput } from '#common/schemas/search.ts';
import { IdParam } from '#common/schemas/whole-number.ts';
import type { Database } from '#server/db/client.ts';
import { requireAdmin } from '#server/http/auth.ts';
import { sendNoStore } from '#server/http/no-store.ts';
import { errorResponses } from '#server/http/route-schemas.ts';
import { searchTermReport } from './search-log-service.ts';
import { deleteSynonym, listSynonyms, saveSynonym } from './search-synonym-service.ts';

/** The owner's synonyms and the search terms report; admins only. */
export const searchAdminRoutes: FastifyPluginAsyncZod<{ db: Database }> = async (app, { db }) => {
  sendNoStore(app);
  app.addHook('onRequest', requireAdmin);

  app.get(
    '/admin/search/synonyms',
    { schema: { summary: "The owner's search synonyms, by term", response: { 200: z.array(Synonym), ...errorResponses } } },
    async () => listSynonyms(db),
  );

  app.post(
    '/admin/search/synonyms',
    {
      config: { invalidInput: { body: 'Invalid synonym' } },
      schema: {
        summary: "Save a term's synonyms",
        description: 'A search for the term also finds what its meanings find ("racket" -> "paddle"). Saving a term again replaces its meanings.',
        body: SynonymInput,
        response: { 200: Synonym, ...errorResponses },
      },
    },
    async (request) => saveSynonym(db, request.body),
  );

  app.delete(
    '/admin/search/synonyms/:id',
    {
      schema: { summary: 'Delete a synonym', params: IdParam, response: { 200: Deleted, ...errorResponses } },
    },
    async (request) => {
      await deleteSynonym(db, request.params.id);
      return { id: request.params.id, deleted: true as const };
    },
  );

  app.get(
    '/admin/search/terms',
    {
      schema: {
        summary: 'The most searched terms and the terms that found nothing, over the last days (30 unless days says)',
        querystring: SearchTermsQuery,
        response: { 200: SearchTermReport, ...errorResponses },
      },
    },
    async (request) => searchTermReport(db, request.query.days),
  );
};
