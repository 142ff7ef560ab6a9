import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { MAX_UPLOAD_BYTES } from '#common/constants.ts';
import { assertCleanText } from './control-characters.ts';
import { badRequest, HttpError } from './errors.ts';

interface ImageForm {
  fields: Record<string, unknown>;
  image: Buffer | null;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** The bytes of a form's image field, or null when no file was chosen. Its client file name is never used. */
    formImage: Buffer | null;
  }
}

const MAX_FIELD_BYTES = 64 * 1024;

/**
 * Lets an encapsulated admin plugin take multipart forms: one file of at most 5 MB (413 above,
 * thrown while reading instead of silently truncated), a bounded number of short text fields.
 */
export async function acceptMultipartForms(app: FastifyInstance): Promise<void> {
  app.decorateRequest('formImage', null);
  await app.register(multipart, {
    throwFileSizeLimit: true,
    limits: { fileSize: MAX_UPLOAD_BYTES, files: 1, fields: 40, parts: 41, fieldSize: MAX_FIELD_BYTES, fieldNameSize: 100 },
  });
}

/**
 * A preValidation hook for a form with text fields and at most one image file named `imageField`:
 * the text fields become the body that the route's schema then checks, the image waits in
 * `request.formImage`. JSON bodies are accepted too (API clients without a file).
 */
export function readsImageForm(imageField: string) {
  return async (request: FastifyRequest) => {
    const form = await readImageForm(request, imageField);
    request.body = form.fields;
    request.formImage = form.image;
  };
}

async function readImageForm(request: FastifyRequest, imageField: string): Promise<ImageForm> {
  if (!request.isMultipart()) {
    const body = request.body;
    if (body !== undefined && body !== null && (typeof body !== 'object' || Array.isArray(body))) {
      throw badRequest('Expected a form or a JSON object');
    }
    return { fields: { ...(body as Record<string, unknown> | undefined) }, image: null };
  }
  const fields: Record<string, unknown> = Object.create(null);
  let image: Buffer | null = null;
  let unexpectedFile: string | null = null;
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file') {
        // every file stream must be consumed, or the request never finishes
        const bytes = await part.toBuffer();
        if (part.fieldname !== imageField) unexpectedFile = part.fieldname;
        // a browser sends an empty part when no file was chosen
        else if (bytes.length > 0) image = bytes;
        continue;
      }
      if (part.valueTruncated) throw new HttpError(413, `The ${part.fieldname.slice(0, 100)} field is too long`);
      assertCleanText({ [part.fieldname]: part.value });
      fields[part.fieldname] = part.value;
    }
  } catch (error) {
    // limits (413) keep their status; a broken body (no boundary, cut short) is the client's fault
    if (error instanceof HttpError || hasClientStatus(error)) throw error;
    throw badRequest('Malformed multipart form data');
  }
  if (unexpectedFile !== null) throw badRequest(`Unexpected file field "${unexpectedFile.slice(0, 100)}"; the image goes in "${imageField}"`);
  return { fields: { ...fields }, image };
}

function hasClientStatus(error: unknown): boolean {
  const status = typeof error === 'object' && error !== null && 'statusCode' in error ? error.statusCode : undefined;
  return typeof status === 'number' && status >= 400 && status < 500;
}
