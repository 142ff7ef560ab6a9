import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors, validatorCompiler } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ApiErrorBody, type ApiIssue } from '#common/schemas/api-error.ts';
import { responseSerializerCompiler } from './response-serializer.ts';

/** The part of a request a route schema checks. */
type InputPart = 'body' | 'params' | 'querystring';

/**
 * How a route reports input that fails its schema. A label per part gives
 * "Invalid coupon: code: Code is required"; 'first-issue' sends the first issue's own text as the
 * message, for storefront forms that show it as is ("Customer name and email are required").
 */
type InputErrorStyle = 'first-issue' | Partial<Record<InputPart, string>>;

declare module 'fastify' {
  interface FastifyContextConfig {
    invalidInput?: InputErrorStyle;
  }
}

const DEFAULT_LABELS: Record<InputPart, string> = { body: 'Invalid input', params: 'Invalid id', querystring: 'Invalid query' };

/**
 * An answer the database already wrote as JSON in the shape of the route's response schema: sent as it
 * is (Fastify passes a JSON string by), not decoded to be encoded again. The schema still documents it.
 */
export function sendJsonText(reply: FastifyReply, json: string): FastifyReply {
  return reply.type('application/json; charset=utf-8').send(json);
}

/** Every 4xx answer has the same body; documented once for every route. */
export const errorResponses = { '4xx': ApiErrorBody };

/**
 * Route schemas are zod schemas from src/common: they validate params, query and body before the
 * handler runs (typed through the zod type provider) and encode the response. A missing body is
 * checked as an empty object, so a required field is reported by name rather than as "expected object"
 * (unless the body schema itself allows no body). Responses: response-serializer.ts.
 */
export function installRouteSchemas(app: FastifyInstance): void {
  app.setValidatorCompiler((route) => {
    const validate = validatorCompiler(route as Parameters<typeof validatorCompiler>[0]);
    const bodyMayBeAbsent = route.httpPart === 'body' && z.safeParse(route.schema as z.core.$ZodType, undefined).success;
    return route.httpPart === 'body' && !bodyMayBeAbsent ? (data: unknown) => validate(data ?? {}) : validate;
  });
  app.setSerializerCompiler(responseSerializerCompiler);
}

/** The message for refused input: the first issue, after the part's label unless the route shows it as is. */
function inputErrorMessage(issues: ApiIssue[], label: string | 'first-issue'): string {
  const first = issues[0];
  if (label === 'first-issue') return first?.message ?? 'Invalid input';
  return first ? `${label}: ${first.path ? `${first.path}: ` : ''}${first.message}` : label;
}

/** The error body for a request its route schema refused, or null for any other error. */
export function schemaValidationError(error: FastifyError, request: FastifyRequest): ApiErrorBody | null {
  if (!hasZodFastifySchemaValidationErrors(error)) return null;
  const issues = error.validation.map((issue) => ({ path: issue.instancePath.slice(1).replaceAll('/', '.'), message: issue.message ?? 'Invalid value' }));
  const part = (error.validationContext ?? 'body') as InputPart;
  const style = request.routeOptions.config.invalidInput;
  const label = style === 'first-issue' ? style : (style?.[part] ?? DEFAULT_LABELS[part]);
  return { message: inputErrorMessage(issues, label), issues };
}
