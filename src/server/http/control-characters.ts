import type { FastifyInstance } from 'fastify';
import { badRequest } from './errors.ts';

// C0 controls except tab, LF and CR, and DEL. PostgreSQL refuses NUL in text outright (a 500 deep in
// the driver), and the others have no business in a name, an address or a search.
// eslint-disable-next-line no-control-regex
const CONTROL_CHARACTER = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/;

const CONTROL_CHARACTER_MESSAGE = 'must not contain control characters';

/** The text with every control character removed (a refused cell still looked up: PostgreSQL cannot hold NUL). */
export function withoutControlCharacters(text: string): string {
  return text.replace(new RegExp(CONTROL_CHARACTER.source, 'g'), '');
}

export function hasControlCharacter(text: string): boolean {
  return CONTROL_CHARACTER.test(text);
}

// A surrogate without its pair is no character. JSON can carry one as an escape ("\ud800"); UTF-8 cannot,
// so the database stores U+FFFD in its place and the text no longer equals what the request said (a
// product option label so saved was looked up by the text sent, not found, and made a 500).
const UNPAIRED_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

const UNPAIRED_SURROGATE_MESSAGE = 'must be valid Unicode text';

const isUnclean = (text: string) => CONTROL_CHARACTER.test(text) || UNPAIRED_SURROGATE.test(text);

/**
 * The dotted path of the first string (or object key) in `value` that `isBad` finds, '' for the value
 * itself, with that text; null when there is none. Walks with its own stack: a deeply nested JSON body
 * must not overflow the call stack. Raw bodies (Buffers: signed webhooks) are not text and are skipped.
 */
function findText(value: unknown, root: string, isBad: (text: string) => boolean): { path: string; text: string } | null {
  const pending: Array<[unknown, string]> = [[value, root]];
  while (pending.length > 0) {
    const [current, path] = pending.pop()!;
    if (typeof current === 'string') {
      if (isBad(current)) return { path, text: current };
    } else if (current !== null && typeof current === 'object' && !Buffer.isBuffer(current)) {
      for (const [key, child] of Object.entries(current)) {
        const childPath = path ? `${path}.${key}` : key;
        if (isBad(key)) return { path: childPath, text: key };
        pending.push([child, childPath]);
      }
    }
  }
  return null;
}

/** The dotted path of the first string (or object key) holding a control character, '' for the value itself, or null. */
export function findControlCharacter(value: unknown, root = ''): string | null {
  return findText(value, root, hasControlCharacter)?.path ?? null;
}

/** Throws the 400 for a field holding a control character or an unpaired surrogate. */
export function assertCleanText(value: unknown, root = ''): void {
  const found = findText(value, root, isUnclean);
  if (found === null) return;
  const field = found.path || 'body';
  const message = hasControlCharacter(found.text) ? CONTROL_CHARACTER_MESSAGE : UNPAIRED_SURROGATE_MESSAGE;
  throw badRequest(`${field}: ${message}`, [{ path: field, message }]);
}

/**
 * One guard for every route: route params, query string and parsed JSON body are refused with a 400
 * naming the field before any handler reads them, for a control character or an unpaired surrogate.
 * Multipart text fields are checked where they are read (multipart-form.ts), since the body is streamed
 * after this hook.
 */
export function installControlCharacterGuard(app: FastifyInstance): void {
  app.addHook('preValidation', async (request) => {
    assertCleanText(request.params);
    assertCleanText(request.query);
    assertCleanText(request.body);
  });
}
