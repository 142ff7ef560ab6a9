// What of a request's body the audit trail keeps (decision 053): enough to tell what was asked, never a
// credential or card data, and bounded, so a 1 MB body or a deep document does not make a 1 MB entry.

export const REDACTED = '[redacted]';

// field names whose values are secrets wherever they appear: passwords, tokens, keys, one-time and recovery
// codes, card data, cookies
const SECRET_FIELD = /pass(word|phrase)?|secret|token|api.?key|private.?key|authori[sz]ation|cookie|otp|totp|recovery|cvc|cvv|card|pan$|^code$|^number$/i;

const MAX_DEPTH = 4;
const MAX_KEYS = 40;
const MAX_ITEMS = 20;
const MAX_TEXT = 200;

/** The body as the trail keeps it: secret fields replaced, long texts cut, deep or wide structures trimmed. */
export function redactedSummary(value: unknown, options: { keepFields?: ReadonlySet<string> } = {}): unknown {
  return summarise(value, 0, options.keepFields ?? new Set());
}

function summarise(value: unknown, depth: number, keepFields: ReadonlySet<string>): unknown {
  if (value === null || typeof value === 'number' || typeof value === 'boolean') return value;
  if (typeof value === 'string') return value.length > MAX_TEXT ? `${value.slice(0, MAX_TEXT)}… (${value.length} characters)` : value;
  if (typeof value !== 'object') return undefined;
  if (depth >= MAX_DEPTH) return '[…]';
  if (Array.isArray(value)) {
    const items = value.slice(0, MAX_ITEMS).map((item) => summarise(item, depth + 1, keepFields));
    return value.length > MAX_ITEMS ? [...items, `… ${value.length - MAX_ITEMS} more`] : items;
  }
  if (Buffer.isBuffer(value)) return `[${value.length} bytes]`;
  const entries = Object.entries(value);
  const kept: Record<string, unknown> = {};
  for (const [key, field] of entries.slice(0, MAX_KEYS)) {
    kept[key] = SECRET_FIELD.test(key) && !keepFields.has(key) ? REDACTED : summarise(field, depth + 1, keepFields);
  }
  if (entries.length > MAX_KEYS) kept['…'] = `${entries.length - MAX_KEYS} more fields`;
  return kept;
}

/** A snapshot's column is left out of before/after when it holds a secret (a password hash, a TOTP secret). */
export const isSecretColumn = (name: string) => /pass(word)?|secret|token|hash$|otp|key$/i.test(name);
