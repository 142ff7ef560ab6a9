import type { JsonSchema } from './schema-values.ts';

interface DocumentOperation {
  tags?: string[];
  description?: string;
  parameters?: { in: 'path' | 'query' | 'header'; name: string; required?: boolean; schema?: JsonSchema }[];
  requestBody?: { content: Record<string, { schema: JsonSchema }> };
}

export interface OpenApiDocument {
  paths: Record<string, Record<string, DocumentOperation>>;
}

export interface Parameter {
  name: string;
  required: boolean;
  schema: JsonSchema;
}

/** One method and path of the document, with what it takes. */
export interface Operation {
  /** "POST /api/coupons/{id}", as the document writes it */
  name: string;
  method: string;
  path: string;
  pathParams: Parameter[];
  query: Parameter[];
  /** the JSON body's schema, when the operation takes one */
  json?: JsonSchema;
  /** the multipart form's schema, when it takes one (besides or instead of JSON) */
  multipart?: JsonSchema;
  /** the body is a CSV file (the product import), which the document cannot say in its JSON schema */
  csv: boolean;
  /** an admin route: anyone else gets 401 or 403 */
  admin: boolean;
}

export function listOperations(document: OpenApiDocument): Operation[] {
  return Object.entries(document.paths).flatMap(([path, operations]) =>
    Object.entries(operations).map(([method, operation]): Operation => {
      const parameters = operation.parameters ?? [];
      const inPart = (part: 'path' | 'query') =>
        parameters
          .filter((parameter) => parameter.in === part)
          .map((parameter) => ({ name: parameter.name, required: parameter.required ?? false, schema: parameter.schema ?? {} }));
      const content = operation.requestBody?.content ?? {};
      return {
        name: `${method.toUpperCase()} ${path}`,
        method: method.toUpperCase(),
        path,
        pathParams: inPart('path'),
        query: inPart('query'),
        json: content['application/json']?.schema,
        multipart: content['multipart/form-data']?.schema,
        csv: operation.description?.includes('text/csv') ?? false,
        admin: path.startsWith('/api/admin/') || (operation.tags ?? []).some((tag) => tag.startsWith('Admin')),
      };
    }),
  );
}
