import type { FastifyInstance } from 'fastify';
import { badRequest } from './errors.ts';

// C0 controls except tab, LF and CR, and DEL. PostgreSQL refuses NUL in text outright (a 500 deep in
// the driver), and the others have no business in a name, an address or a search.
// eslint-disable-next-line no-control-regex
const CONTROL_CHARACTER = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/;

export const CONTROL_CHARACTER_MESSAGE = 'must not contain control characters';

export function hasControlCharacter(text: string): boolean {
  return CONTROL_CHARACTER.test(text);
}

/**
 * The dotted path of the first string (or object key) in `value` holding a control character, '' for
 * the value itself, or null when it is clean. Walks with its own stack: a deeply nested JSON body must
 * not overflow the call stack. Raw bodies (Buffers: signed webhooks) are not text and are skipped.
 */
export function findControlCharacter(value: unknown, root = ''): string | null {
  const pending: Array<[unknown, string]> = [[value, root]];
  while (pending.length > 0) {
    const [current, path] = pending.pop()!;
    if (typeof current === 'string') {
      if (hasControlCharacter(current)) return path;
    } else if (current !== null && typeof current === 'object' && !Buffer.isBuffer(current)) {
      for (const [key, child] of Object.entries(current)) {
        const childPath = path ? `${path}.${key}` : key;
        if (hasControlCharacter(key)) return childPath;
        pending.push([child, childPath]);
      }
    }
  }
  return null;
}

/** Throws the 400 for a field holding a control character. */
export function assertNoControlCharacters(value: unknown, root = ''): void {
  const path = findControlCharacter(value, root);
  if (path === null) return;
  const field = path || 'body';
  throw badRequest(`${field}: ${CONTROL_CHARACTER_MESSAGE}`, [{ path: field, message: CONTROL_CHARACTER_MESSAGE }]);
}

/**
 * One guard for every route: route params, query string and parsed JSON body are refused with a 400
 * naming the field before any handler reads them. Multipart text fields are checked where they are
 * read (multipart-form.ts), since the body is streamed after this hook.
 */
export function installControlCharacterGuard(app: FastifyInstance): void {
  app.addHook('preValidation', async (request) => {
    assertNoControlCharacters(request.params);
    assertNoControlCharacters(request.query);
    assertNoControlCharacters(request.body);
  });
}
