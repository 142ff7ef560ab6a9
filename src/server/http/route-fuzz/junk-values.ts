import fc from 'fast-check';

/**
 * A token written into the JSON text as it is: what JSON.stringify cannot write (1e309, -0, an
 * integer past 2^64), read by the server's JSON.parse as Infinity, -0 or a rounded number.
 */
export class RawJson {
  constructor(readonly text: string) {}
  [fc.toStringMethod](): string {
    return `raw(${shorten(this.text, 80)})`;
  }
}

/** The JSON text of a generated value, raw tokens included; own `__proto__` keys stay keys. */
export function jsonText(value: unknown): string {
  if (value instanceof RawJson) return value.text;
  if (Array.isArray(value)) return `[${value.map(jsonText).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    return `{${Object.entries(value)
      .map(([key, child]) => `${JSON.stringify(key)}:${jsonText(child)}`)
      .join(',')}}`;
  }
  // JSON.stringify writes a lone surrogate as its \uXXXX escape, and undefined as nothing
  return JSON.stringify(value) ?? 'null';
}

/** Percent-encoded for an address; a lone surrogate (which UTF-8 cannot carry) becomes U+FFFD, as a browser sends it. */
export function encodeText(text: string): string {
  return encodeURIComponent(text.replace(/[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g, '\ufffd'));
}

export function shorten(text: string, max = 300): string {
  return text.length <= max ? text : `${text.slice(0, max)}…(${text.length} chars)`;
}

const KB100 = 100 * 1024;

/** Strings a form field should survive: sizes, control characters, odd Unicode, injections. */
export const junkStrings: readonly string[] = [
  '',
  ' ',
  '\t\n\r',
  'a'.repeat(KB100),
  '🏓'.repeat(KB100 / 4),
  '\u202e'.repeat(1000) + 'x',
  'x'.repeat(1001),
  '\u0000',
  'nul\u0000inside',
  '\u0007\u001b[31mred',
  '\u007f',
  '\r\nSet-Cookie: x=1',
  '\ud800',
  'tail\udfff',
  '\udc00\ud800',
  '\u202eevil\u202c',
  '\u200f\u200e\u061c',
  '\u200b\u200d\u2060\ufeff',
  '\uffff\ufffe',
  '🏓👨‍👩‍👧‍👦🇺🇸',
  'e\u0301',
  'é',
  'Å\u030a',
  'ﬁ',
  '１２３',
  '١٢٣',
  '𝟏𝟐',
  '⁰',
  "' OR 1=1 --",
  'trailing\\',
  '%_%',
  '!(a & b) | c:* <-> d',
  '$1 $$ :name ?',
  '"; drop table products; --',
  '<script>alert(1)</script>',
  '${7*7}{{7*7}}',
  '../../../../etc/passwd',
  '%00%2e%2e%2f',
  'null',
  'undefined',
  'true',
  '[]',
  '{}',
  '__proto__',
  'constructor',
  'NaN',
  'Infinity',
  '-Infinity',
  '1e309',
  '-0',
  '0x10',
  '1_000',
  ' 1 ',
  '+1',
  '.5',
  '1.',
  '9'.repeat(400),
  '2147483648',
  '-2147483649',
  '9007199254740993',
  '18446744073709551616',
  '0.1',
  '1.005',
  '12.345',
  '1,5',
  'PB-AAAAAA',
  'a@b.c',
  'user@example.com',
  '@',
  '2026-02-30',
  '0000-00-00',
  '9999-12-31T23:59:59.999Z',
  '2026-13-01T25:61:61Z',
  'javascript:alert(1)',
  '//evil.example',
  'https://evil.example/x.webp',
  '/uploads/../../etc/passwd',
  '#zzzzzz',
];

/** Numbers at and past the edges a column or a cents conversion has. */
const junkNumbers: readonly number[] = [
  0,
  1,
  -1,
  0.5,
  -1.5,
  0.1,
  0.005,
  1.005,
  99.999,
  2 ** 31 - 1,
  2 ** 31,
  -(2 ** 31) - 1,
  2 ** 32,
  Number.MAX_SAFE_INTEGER,
  Number.MAX_SAFE_INTEGER + 2,
  -Number.MAX_SAFE_INTEGER,
  2 ** 63,
  1e21,
  1e300,
  Number.MAX_VALUE,
  -Number.MAX_VALUE,
  Number.MIN_VALUE,
  Number.EPSILON,
  1e-7,
];

/** Number tokens only raw JSON text can carry: non-finite, negative zero, more digits than a double. */
const rawNumberTokens: readonly RawJson[] = [
  '1e309',
  '-1e309',
  '1E400',
  '-0',
  '-0.0',
  '0e0',
  '1e-400',
  '123456789012345678901234567890',
  '-99999999999999999999999',
  '9007199254740993',
  '0.30000000000000004',
  '1.0000000000000000000001',
].map((text) => new RawJson(text));

const deepArray = new RawJson('['.repeat(5000) + ']'.repeat(5000));
const deepObject = new RawJson('{"a":'.repeat(2000) + '1' + '}'.repeat(2000));

/** Any JSON value a schema did not ask for: wrong types, edge numbers, odd strings, nested junk. */
export const junkValue: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom(...junkStrings) },
  { weight: 3, arbitrary: fc.constantFrom(...junkNumbers) },
  { weight: 2, arbitrary: fc.constantFrom(...rawNumberTokens) },
  { weight: 2, arbitrary: fc.constantFrom<unknown>(null, true, false, [], {}, [null], [[]], [{}], { '': '' }) },
  { weight: 1, arbitrary: fc.constantFrom<unknown>(deepArray, deepObject) },
  { weight: 1, arbitrary: fc.constantFrom<unknown>(Object.fromEntries([['__proto__', { isAdmin: true }]]), { constructor: { prototype: { isAdmin: true } } }) },
  { weight: 2, arbitrary: fc.array(fc.constantFrom<unknown>(...junkStrings.slice(0, 20), ...junkNumbers.slice(0, 8)), { maxLength: 3 }) },
);

/** Dates a date field should refuse or store: calendar and clock overflow, a good day with garbage after it, years a database lacks. */
export const junkDates: readonly string[] = [
  '2026-02-30',
  '2026-02-29',
  '2026-13-01',
  '2026-01-01 nonsense',
  '2026-01-01garbage',
  '2026-01-01T99:99',
  '2026-01-01T24:00:00Z',
  '2026-01-01T00:00:00+99:00',
  '2026-01-01T00:00:00.123456789123Z',
  '0000-01-01',
  '0000-01-01T00:00:00Z',
  '0001-01-01T00:00:00+01:00',
  '9999-12-31',
  '9999-12-31T23:59:59-12:00',
  '275760-09-13',
  '+275760-09-13T00:00:00Z',
  '-000001-01-01',
  '1-1-1',
  '1e309',
  '',
];

/** Amounts a money field should refuse or round: past its column, half cents, signs, separators, exponents. */
const junkMoney: readonly (string | number | RawJson)[] = [
  '99999999.995',
  '100000000',
  '0.005',
  '0.0049',
  '-0',
  '-0.01',
  '1,000.00',
  '$5',
  ' 5 ',
  '5.',
  '.5',
  '1e5',
  '1e-7',
  1e-7,
  0.1 + 0.2,
  99999999.995,
  new RawJson('-0'),
  new RawJson('1e309'),
];

/** Addresses an e-mail field should refuse or store as they are: long, unicode, quoted, case-folding oddly. */
const junkEmails: readonly string[] = [
  'a@b',
  'a@@b.co',
  `${'x'.repeat(250)}@example.com`,
  'ü@exämple.com',
  'İSTANBUL@EXAMPLE.COM',
  '"quoted name"@example.com',
  'a+tag@example.com ',
  ' A@EXAMPLE.COM',
  'a@example.com\r\nBcc: b@example.com',
];

const DATE_FIELD = /date|from|^to$|checked|valid|At$|On$/i;
const MONEY_FIELD = /price|amount|cost|rate|total|threshold|discount|subtotal|tax|shipping/i;
const EMAIL_FIELD = /email|username/i;

/** Junk for a field: junk of its kind (dates, money, e-mail) weighs more where the field's name says what it holds. */
export function junkFor(name: string | number | undefined): fc.Arbitrary<unknown> {
  if (typeof name !== 'string') return junkValue;
  const kind = DATE_FIELD.test(name) ? junkDates : MONEY_FIELD.test(name) ? junkMoney : EMAIL_FIELD.test(name) ? junkEmails : null;
  return kind ? fc.oneof(junkValue, { weight: 3, arbitrary: fc.constantFrom<unknown>(...kind) }) : junkValue;
}

/** Whole request bodies that are not the JSON they claim to be. */
export const rawBodies: readonly (string | Buffer)[] = [
  '',
  ' ',
  'not json',
  '{',
  '{"a":',
  '[1,2',
  '{"a":1}garbage',
  '{"a":1,}',
  "{'a':1}",
  '{"a":NaN}',
  '{"a":Infinity}',
  '{"a":undefined}',
  '\ufeff{}',
  '{"a":1,"a":2}',
  'null',
  'true',
  '0',
  '-0',
  '1e309',
  '"just a string"',
  '[]',
  '[[[]]]',
  '{"__proto__":{"isAdmin":true}}',
  '{"constructor":{"prototype":{"isAdmin":true}}}',
  '\u0000',
  '{"a":"\\ud800"}',
  '{"a":"\\u0000"}',
  '{"\\u0000":1}',
  '{"a":"\\x41"}',
  // bytes that are not UTF-8: a byte-order mark of UTF-16, a lone surrogate, an overlong slash
  Buffer.from([0xff, 0xfe, 0x7b, 0x00, 0x7d, 0x00]),
  Buffer.from([0x7b, 0x22, 0x61, 0x22, 0x3a, 0x22, 0xed, 0xa0, 0x80, 0x22, 0x7d]),
  Buffer.from([0x7b, 0x22, 0x61, 0x22, 0x3a, 0x22, 0xc0, 0xaf, 0x22, 0x7d]),
  '{"a":' + '1'.repeat(10_000) + '}',
  '['.repeat(5000) + ']'.repeat(5000),
  // past the 1 MB body limit
  `[${'1,'.repeat(600_000)}1]`,
];

/** Path segments an id or a code should survive (already percent-encoded where they need to be). */
export const junkPathSegments: readonly string[] = [
  'abc',
  '0',
  '-1',
  '-0',
  '1.5',
  '1e3',
  '0x10',
  '+1',
  '01',
  '1%20',
  '%201',
  '1,2',
  'NaN',
  'Infinity',
  'null',
  'undefined',
  '2147483647',
  '2147483648',
  '4294967296',
  '9007199254740993',
  '99999999999999999999',
  '9'.repeat(300),
  '%00',
  '%0a',
  '%',
  '%zz',
  '%ED%A0%80',
  '%C0%AF',
  '%FF',
  '%2F',
  '%2e%2e',
  '..',
  '.',
  '%E2%80%AE1',
  '%F0%9F%8F%93',
  '%D9%A1',
  '%EF%BC%91',
  'a'.repeat(5000),
  '__proto__',
  'constructor',
];

/** Query values written into the address as they are: malformed percent-encoding, separators, arrays. */
export const rawQueryValues: readonly string[] = ['%', '%zz', '%ED%A0%80', '%C0%AF', '%FF%FE', '%00', '+', '%2B', '&', '=', '%26%3D', 'a'.repeat(20_000)];
