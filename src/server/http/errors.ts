import type { FastifyError, FastifyInstance } from 'fastify';
import type { ApiIssue } from '#common/schemas/api-error.ts';
import { isDatabaseUnavailable, isSchemaMissing } from '#server/db/database-unavailable.ts';
import { DomainError, type DomainErrorKind } from '#server/errors/domain-errors.ts';
import { schemaValidationError } from './route-schemas.ts';
import { RETRY_AFTER_SECONDS, UNAVAILABLE_MESSAGE } from './unavailable.ts';

/** An error a route or the HTTP layer throws: its message is safe to show the client, with the status to send. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly issues?: ApiIssue[],
  ) {
    super(message);
  }
}

export const badRequest = (message: string, issues?: ApiIssue[]) => new HttpError(400, message, issues);
export const unauthorized = (message = 'Not authenticated') => new HttpError(401, message);
export const forbidden = (message = 'Admin access required') => new HttpError(403, message);
export const notFound = (message = 'Not found') => new HttpError(404, message);
export const conflict = (message: string) => new HttpError(409, message);

// the one place a domain error becomes a status (docs/decisions/038-domain-errors.md)
const STATUS_OF: Record<DomainErrorKind, number> = {
  'invalid-input': 400,
  'not-signed-in': 401,
  'not-allowed': 403,
  'not-found': 404,
  conflict: 409,
  gone: 410,
  'too-large': 413,
  'unsupported-media': 415,
  'quota-exceeded': 429,
  'provider-failed': 502,
  unavailable: 503,
};

export const statusOf = (error: DomainError): number => STATUS_OF[error.kind];

const fastifyMessages: Record<string, string> = {
  FST_ERR_CTP_BODY_TOO_LARGE: 'Request body is too large',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'Unsupported media type',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'Request body must not be empty',
  FST_ERR_CTP_INVALID_JSON_BODY: 'Malformed JSON in request body',
  FST_REQ_FILE_TOO_LARGE: 'File is too large (at most 5 MB)',
  FST_FILES_LIMIT: 'Too many files',
  FST_PARTS_LIMIT: 'Too many form fields',
  FST_INVALID_MULTIPART_CONTENT_TYPE: 'Expected a multipart/form-data request',
};

/** Every error leaves as { message, issues? } with its status; internals never leave. */
export function installErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | HttpError | DomainError | Error, request, reply) => {
    if (error instanceof DomainError || error instanceof HttpError) {
      const status = error instanceof DomainError ? statusOf(error) : error.statusCode;
      if (status === 503) {
        // a service we depend on is away (the image store): worth a warning with its cause, and a retry soon
        request.log.warn({ err: error.cause ?? error }, error.message);
        reply.header('retry-after', String(RETRY_AFTER_SECONDS));
      }
      return reply.status(status).send({ message: error.message, ...(error.issues && { issues: error.issues }) });
    }
    const refused = schemaValidationError(error as FastifyError, request);
    if (refused) return reply.status(400).send(refused);
    const status = 'statusCode' in error && typeof error.statusCode === 'number' ? error.statusCode : 500;
    if (status >= 400 && status < 500) {
      const code = 'code' in error && typeof error.code === 'string' ? error.code : '';
      const message = fastifyMessages[code] ?? (error instanceof SyntaxError ? 'Malformed JSON in request body' : error.message);
      return reply.status(status).send({ message });
    }
    if (isDatabaseUnavailable(error)) {
      // the database stalled, went away or lacks the schema (readiness says the same): a retry soon is the
      // right answer, not an "internal" error; a missing schema waits for the operator, so it is an error
      if (isSchemaMissing(error)) request.log.error({ err: error }, 'database schema missing or behind: run the migrations');
      else request.log.warn({ err: error }, 'database unavailable');
      return reply.status(503).header('retry-after', String(RETRY_AFTER_SECONDS)).send({ message: UNAVAILABLE_MESSAGE });
    }
    request.log.error({ err: error }, 'request failed');
    return reply.status(500).send({ message: 'Internal Server Error' });
  });
}
