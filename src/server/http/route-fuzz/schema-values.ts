import fc from 'fast-check';
import { junkFor, junkValue, RawJson } from './junk-values.ts';

/** The part of JSON Schema (2020-12, as zod writes it into the OpenAPI document) the routes use. */
export interface JsonSchema {
  type?: string | string[];
  const?: unknown;
  enum?: unknown[];
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: JsonSchema | boolean;
  propertyNames?: JsonSchema;
  items?: JsonSchema;
  minItems?: number;
  maxItems?: number;
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  format?: string;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
}

/** Values the shop holds (ids, codes, e-mails), by the field name that takes them: they reach past "not found". */
export type Hints = Readonly<Record<string, readonly unknown[]>>;

interface ValueOptions {
  /** each value (at every depth) is sometimes junk, a required field sometimes missing, extra fields sometimes added */
  junk: boolean;
  hints: Hints;
}

const EXTRA_KEYS = ['extra', '__proto__', 'constructor', 'isAdmin', 'id', 'userId', 'role', 'price', ''];

/** A value for `schema`, as a field named `name` takes it. */
export function schemaValue(schema: JsonSchema, options: ValueOptions, name?: string): fc.Arbitrary<unknown> {
  const known = name === undefined ? undefined : options.hints[name]?.filter((value) => accepts(schema, value));
  const own = exactValue(schema, options, name);
  const hinted = known?.length ? fc.oneof({ weight: 4, arbitrary: fc.constantFrom(...known) }, { weight: 1, arbitrary: own }) : own;
  return options.junk ? fc.oneof({ weight: 6, arbitrary: hinted }, { weight: 1, arbitrary: junkFor(name) }) : hinted;
}

/** Whether a known value has a type the schema takes (ids as text where text is asked for, and so on). */
function accepts(schema: JsonSchema, value: unknown): boolean {
  const alternatives = schema.anyOf ?? schema.oneOf;
  if (alternatives) return alternatives.some((alternative) => accepts(alternative, value));
  if (schema.type === undefined) return true;
  const kind = value === null ? 'null' : Array.isArray(value) ? 'array' : typeof value;
  return [schema.type].flat().some((type) => type === kind || (type === 'integer' && Number.isInteger(value)) || (type === 'number' && kind === 'number'));
}

function exactValue(schema: JsonSchema, options: ValueOptions, name: string | undefined): fc.Arbitrary<unknown> {
  if (schema.const !== undefined) return fc.constant(schema.const);
  if (schema.enum?.length) return fc.constantFrom(...schema.enum);
  const alternatives = schema.anyOf ?? schema.oneOf;
  if (alternatives?.length) return fc.oneof(...alternatives.map((alternative) => exactValue(alternative, options, name)));
  if (schema.allOf?.length) return exactValue(Object.assign({}, ...schema.allOf) as JsonSchema, options, name);
  if (Array.isArray(schema.type)) return fc.oneof(...schema.type.map((type) => exactValue({ ...schema, type }, options, name)));
  const type = schema.type ?? (schema.properties ? 'object' : schema.items ? 'array' : undefined);
  switch (type) {
    case 'string':
      return stringValue(schema);
    case 'integer':
      return integerValue(schema);
    case 'number':
      return numberValue(schema);
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'array':
      return arrayValue(schema, options, name);
    case 'object':
      return objectValue(schema, options);
    default:
      // z.unknown(): anything JSON
      return fc.jsonValue({ maxDepth: 2 });
  }
}

function stringValue(schema: JsonSchema): fc.Arbitrary<string> {
  const min = schema.minLength ?? 0;
  const max = schema.maxLength ?? Math.max(min, 60);
  const longest = Math.min(max, 100_000);
  // the longest text the schema allows, in letters a column may count differently (UTF-16 units, code points, bytes)
  const edges = [
    'x'.repeat(longest),
    'é'.repeat(longest),
    '🏓'.repeat(Math.floor(longest / 2)),
    'e\u0301'.repeat(Math.floor(longest / 2)),
    'x'.repeat(min),
    ' '.repeat(Math.max(min, 1)),
  ];
  const patterned = schema.pattern ? matching(schema.pattern) : null;
  const edge = { weight: 1, arbitrary: fc.constantFrom(...edges) };
  if (patterned) return fc.oneof({ weight: 12, arbitrary: patterned }, edge);
  if (schema.format === 'email') return fc.oneof({ weight: 12, arbitrary: fc.emailAddress() }, edge);
  const text = fc.string({ minLength: min, maxLength: Math.min(longest, Math.max(min, 40)), unit: 'grapheme' });
  return fc.oneof({ weight: 12, arbitrary: text }, edge);
}

function matching(pattern: string): fc.Arbitrary<string> | null {
  try {
    return fc.stringMatching(new RegExp(pattern));
  } catch {
    return null;
  }
}

function bounds(schema: JsonSchema, integer: boolean): { min: number; max: number } {
  const step = integer ? 1 : Number.EPSILON;
  const min = schema.minimum ?? (schema.exclusiveMinimum !== undefined ? schema.exclusiveMinimum + step : -(2 ** 31));
  const max = schema.maximum ?? (schema.exclusiveMaximum !== undefined ? schema.exclusiveMaximum - step : 2 ** 31 - 1);
  return { min, max };
}

function integerValue(schema: JsonSchema): fc.Arbitrary<number> {
  const { min, max } = bounds(schema, true);
  const small = fc.integer({ min: Math.max(min, -1000), max: Math.max(Math.min(max, 1000), Math.max(min, -1000)) });
  const anywhere = fc.bigInt({ min: BigInt(min), max: BigInt(max) }).map(Number);
  return fc.oneof({ weight: 4, arbitrary: small }, { weight: 1, arbitrary: fc.constantFrom(min, max) }, { weight: 1, arbitrary: anywhere });
}

function numberValue(schema: JsonSchema): fc.Arbitrary<number> {
  const { min, max } = bounds(schema, false);
  const anywhere = fc.double({ min, max, noNaN: true, noDefaultInfinity: true });
  const cents = fc.integer({ min: 0, max: 100_000 }).map((cents) => Math.min(Math.max(cents / 100, min), max));
  return fc.oneof({ weight: 2, arbitrary: anywhere }, { weight: 2, arbitrary: cents }, fc.constantFrom(min, max));
}

function arrayValue(schema: JsonSchema, options: ValueOptions, name: string | undefined): fc.Arbitrary<unknown[]> {
  const item = schemaValue(schema.items ?? {}, options, name);
  const minLength = schema.minItems ?? 0;
  const few = fc.array(item, { minLength, maxLength: Math.max(minLength, Math.min(schema.maxItems ?? 4, 4)) });
  if (schema.maxItems === undefined || schema.maxItems > 200) return few;
  // as many as allowed, and (junk) one more
  const most = schema.maxItems + (options.junk ? 1 : 0);
  return fc.oneof({ weight: 6, arbitrary: few }, { weight: 1, arbitrary: fc.array(item, { minLength: most, maxLength: most }) });
}

function objectValue(schema: JsonSchema, options: ValueOptions): fc.Arbitrary<Record<string, unknown>> {
  const properties = schema.properties ?? {};
  const required = (schema.required ?? []).filter((key) => key in properties);
  const model = Object.fromEntries(Object.entries(properties).map(([key, child]) => [key, schemaValue(child, options, key)]));
  const record = fc.record(model, { requiredKeys: required });
  const additional = typeof schema.additionalProperties === 'object' ? schema.additionalProperties : null;
  const more = additional
    ? fc.dictionary(keyText(schema.propertyNames), schemaValue(additional, options), { maxKeys: 3 })
    : fc.constant({} as Record<string, unknown>);
  if (!options.junk) return fc.tuple(record, more).map(([own, extra]) => ({ ...extra, ...own }));
  const missing = required.length ? fc.option(fc.constantFrom(...required), { freq: 4 }) : fc.constant(null);
  const extras = fc.array(fc.tuple(fc.constantFrom(...EXTRA_KEYS), junkValue), { maxLength: 2 });
  return fc.tuple(record, more, missing, extras).map(([own, extra, drop, added]) => {
    const entries = Object.entries({ ...extra, ...own }).filter(([key]) => key !== drop);
    // fromEntries keeps "__proto__" an own key, as JSON.parse on the server will
    return Object.fromEntries([...entries, ...added]);
  });
}

function keyText(schema: JsonSchema | undefined): fc.Arbitrary<string> {
  return schema ? (stringValue(schema) as fc.Arbitrary<string>) : fc.string({ maxLength: 20 });
}

/** A value as text, as a query parameter, a path segment or a form field carries it. */
export function formText(value: unknown): string {
  if (typeof value === 'string') return value;
  if (value instanceof RawJson) return value.text;
  if (value === null || value === undefined) return '';
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}
