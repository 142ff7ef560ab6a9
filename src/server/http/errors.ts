import type { FastifyError, FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { ApiIssue } from '#common/schemas/api-error.ts';
import { isDatabaseUnavailable } from '#server/db/database-unavailable.ts';
import { positiveId } from '#common/schemas/whole-number.ts';

/** An error whose message is safe to show the client, with the status to send. */
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

export function issuesOf(error: z.ZodError): ApiIssue[] {
  return error.issues.map((issue) => ({ path: issue.path.join('.'), message: issue.message }));
}

/**
 * Parses request input with a zod schema; failure is a 400 listing every issue. Takes any zod 4
 * schema, full or zod/mini (the sign-in schemas are mini to keep the /auth page light). Both get the
 * same English default messages: the full library registers them when it builds its first schema
 * (IdParam below, so always before this runs).
 */
export function parseInput<T extends z.core.$ZodType>(schema: T, value: unknown, what = 'Invalid input'): z.output<T> {
  const result = z.safeParse(schema, value ?? {});
  if (result.success) return result.data;
  const issues = issuesOf(result.error);
  const first = issues[0];
  throw badRequest(first ? `${what}: ${first.path ? `${first.path}: ` : ''}${first.message}` : what, issues);
}

/**
 * Like parseInput, but the message is the first issue's own text: the storefront shows it as is
 * ("Customer name and email are required", "Please enter a valid email address").
 */
export function parseWithFirstMessage<T extends z.ZodType>(schema: T, value: unknown): z.output<T> {
  const result = schema.safeParse(value ?? {});
  if (result.success) return result.data;
  const issues = issuesOf(result.error);
  throw badRequest(issues[0]?.message ?? 'Invalid input', issues);
}

/** Route ids are positive integers; anything else is a 400 before any query runs. */
export const IdParam = z.object({ id: positiveId('Id must be a positive integer') });

export function parseId(params: unknown): number {
  return parseInput(IdParam, params, 'Invalid id').id;
}

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

export const UNAVAILABLE_MESSAGE = 'The shop is briefly unavailable. Please try again in a moment.';
/** Seconds a client should wait before retrying while the database is away. */
export const RETRY_AFTER_SECONDS = 5;

/** Every error leaves as { message, issues? } with its status; internals never leave. */
export function installErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | HttpError | Error, request, reply) => {
    if (error instanceof HttpError) {
      return reply.status(error.statusCode).send({ message: error.message, ...(error.issues && { issues: error.issues }) });
    }
    if (error instanceof z.ZodError) {
      return reply.status(400).send({ message: 'Invalid input', issues: issuesOf(error) });
    }
    const status = 'statusCode' in error && typeof error.statusCode === 'number' ? error.statusCode : 500;
    if (status >= 400 && status < 500) {
      const code = 'code' in error && typeof error.code === 'string' ? error.code : '';
      const message = fastifyMessages[code] ?? (error instanceof SyntaxError ? 'Malformed JSON in request body' : error.message);
      return reply.status(status).send({ message });
    }
    if (isDatabaseUnavailable(error)) {
      // the database stalled or went away: a retry soon is the right answer, not an "internal" error
      request.log.warn({ err: error }, 'database unavailable');
      return reply.status(503).header('retry-after', String(RETRY_AFTER_SECONDS)).send({ message: UNAVAILABLE_MESSAGE });
    }
    request.log.error({ err: error }, 'request failed');
    return reply.status(500).send({ message: 'Internal Server Error' });
  });
}
