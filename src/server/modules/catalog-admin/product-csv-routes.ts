import type { Readable } from 'node:stream';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { CsvImportQuery, CsvImportResult } from '#common/schemas/product-csv.ts';
import type { Database } from '#server/db/client.ts';
import { requireAdmin } from '#server/http/auth.ts';
import { badRequest } from '#server/http/errors.ts';
import { errorResponses } from '#server/http/route-schemas.ts';
import { productCsvStream } from './product-csv-export.ts';
import { importProductCsv } from './product-csv-import.ts';
import { csvTooLarge, MAX_CSV_BYTES } from './product-csv-read.ts';
import type { OnRestock } from '#server/modules/stock/stock-service.ts';
import type { ImageStore } from '#server/modules/media/image-store-service.ts';

// The upload is not parsed by Fastify: the import reads the request's stream as it arrives.
const uploads = new WeakMap<FastifyRequest, Readable>();

/** GET .../export.csv and POST .../import (admins only), on the catalogue's admin plugin. */
export function productCsvRoutes(app: FastifyInstance, deps: { db: Database; images: ImageStore; onRestock?: OnRestock }): void {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  app.addContentTypeParser(['text/csv', 'application/csv', 'text/plain'], (request, payload, done) => {
    // a stated length past the limit is refused before reading (Node reads and drops the body)
    if (Number(request.headers['content-length']) > MAX_CSV_BYTES) return done(csvTooLarge(), undefined);
    uploads.set(request, payload);
    done(null, undefined);
  });

  routes.get(
    '/admin/products/export.csv',
    {
      onRequest: requireAdmin,
      schema: {
        summary: 'Every product on sale as CSV, one row per variant (docs/product-csv.md)',
        description: 'Answered as text/csv, streamed.',
        response: { 200: z.string().describe('CSV text'), ...errorResponses },
      },
    },
    async (_request, reply) => {
      const day = new Date().toISOString().slice(0, 10);
      // a stream is sent as it is, not through the response schema
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="products-${day}.csv"`)
        .send(productCsvStream(deps.db) as never);
    },
  );

  routes.post(
    '/admin/products/import',
    {
      onRequest: requireAdmin,
      config: { invalidInput: { querystring: 'Invalid import' } },
      bodyLimit: MAX_CSV_BYTES,
      schema: {
        summary: 'Preview or import a product CSV (docs/product-csv.md)',
        description: `The file as the body (text/csv, at most ${MAX_CSV_BYTES / 1024 / 1024} MB). Without commit=1 a preview: nothing is written. With commit=1 every product is checked first and nothing is written when any row is wrong; then written in short transactions (a commit that stops part-way says what it wrote).`,
        querystring: CsvImportQuery,
        body: z.unknown().describe('The CSV file (text/csv)'),
        response: { 200: CsvImportResult, ...errorResponses },
      },
    },
    async (request) => {
      const upload = uploads.get(request);
      if (!upload) throw badRequest('Send the CSV file as the body, with Content-Type: text/csv');
      return importProductCsv(deps, upload, { commit: request.query.commit === '1', actorUserId: request.user!.id });
    },
  );
}
