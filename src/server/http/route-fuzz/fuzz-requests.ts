import fc from 'fast-check';
import { encodeText, jsonText, junkFor, junkPathSegments, junkStrings, rawQueryValues, shorten } from './junk-values.ts';
import { mutatedCsv } from './csv-mutations.ts';
import { mutatedExamples } from './example-mutations.ts';
import { requestBodies } from './fuzz-bodies.ts';
import type { Example } from './fuzz-examples.ts';
import type { FuzzShop } from './fuzz-shop.ts';
import type { Operation, Parameter } from './openapi-operations.ts';
import { formText, schemaValue, type Hints } from './schema-values.ts';

/** One generated request, printed short when fast-check reports it. */
export class FuzzRequest {
  constructor(
    readonly method: string,
    readonly url: string,
    readonly headers: Record<string, string>,
    readonly payload: string | Buffer | undefined,
    readonly remoteAddress: string,
  ) {}

  describe(): string {
    const headers = Object.entries(this.headers).map(([name, value]) => `\n  ${name}: ${shorten(value, 120)}`);
    const body = this.payload === undefined ? '' : `\n\n  ${shorten(this.payload.toString('utf8'), 600)}`;
    return `${this.method} ${shorten(this.url, 400)} (from ${this.remoteAddress})${headers.join('')}${body}`;
  }

  [fc.toStringMethod](): string {
    return this.describe();
  }
}

/** A path segment: a value the schema allows (or the shop holds), or (junk) one it should refuse. */
function pathSegment(parameter: Parameter, hints: Hints, junk: boolean): fc.Arbitrary<string> {
  const valid = schemaValue(parameter.schema, { junk: false, hints }, parameter.name).map((value) => encodeText(formText(value)));
  if (!junk) return valid;
  const refused = fc.oneof(
    fc.constantFrom(...junkPathSegments),
    // a segment may not be empty: that is another route (its own fuzz covers it)
    fc.constantFrom(...junkStrings.filter((text) => text !== '')).map(encodeText),
  );
  return fc.oneof({ weight: 1, arbitrary: valid }, { weight: 2, arbitrary: refused });
}

/** The uploads' wildcard: a stored file, or (junk) any path. */
function wildcardPath(hints: Hints, junk: boolean): fc.Arbitrary<string> {
  const stored = fc.constantFrom(...(hints['*'] ?? ['none.webp']).map(String));
  if (!junk) return stored;
  return fc.oneof(
    stored,
    fc.constantFrom(...junkPathSegments, 'a/b/c.webp', '../../package.json', '..%2f..%2fpackage.json', 'x.webp/', 'x-thumb.webp', '.webp'),
  );
}

function queryPairs(parameter: Parameter, hints: Hints, junk: boolean): fc.Arbitrary<string[]> {
  const name = encodeText(parameter.name);
  const valid = schemaValue(parameter.schema, { junk: false, hints }, parameter.name).map((value) => [`${name}=${encodeText(formText(value))}`]);
  const refused = fc.oneof(
    junkFor(parameter.name).map((value) => [`${name}=${encodeText(formText(value))}`]),
    fc.constantFrom(...rawQueryValues).map((raw) => [`${name}=${raw}`]),
    // repeated, bracketed and bare: Fastify's parser makes arrays and odd keys of them
    fc.tuple(valid, valid).map(([first, second]) => [...first, ...second]),
    fc.constantFrom<string[]>([`${name}[]=1`], [`${name}[a]=1`], [name], [`${name}=`]),
  );
  const present = junk ? fc.oneof({ weight: 1, arbitrary: valid }, { weight: 2, arbitrary: refused }) : valid;
  return parameter.required ? present : fc.option(present, { freq: 3, nil: [] as string[] });
}

const extraQuery = fc.array(
  fc.tuple(fc.constantFrom('x', '__proto__', 'constructor', 'a[b][c]', 'page', '', '%'), fc.constantFrom(...junkStrings.slice(0, 30), ...rawQueryValues)),
  { maxLength: 2 },
);

function queryString(operation: Operation, hints: Hints, junk: boolean): fc.Arbitrary<string> {
  return fc
    .tuple(fc.tuple(...operation.query.map((parameter) => queryPairs(parameter, hints, junk))), junk ? extraQuery : fc.constant([]))
    .map(([pairs, extra]) =>
      [...pairs.flat(), ...extra.map(([name, value]) => `${name}=${rawQueryValues.includes(value) ? value : encodeText(value)}`)].join('&'),
    );
}

// a request with a session cookie must come from the shop's own origin (origin-check.ts); now and then it does not
const OWN_ORIGIN = 'http://localhost:80';
const origins = fc.oneof({ weight: 12, arbitrary: fc.constant(OWN_ORIGIN) }, { weight: 1, arbitrary: fc.constantFrom('null', 'http://evil.example', '') });

const remoteAddresses = fc.oneof(
  fc.tuple(fc.nat(255), fc.nat(255), fc.nat(255)).map(([a, b, c]) => `10.${a}.${b}.${c}`),
  fc.tuple(fc.nat(0xffff), fc.nat(0xffff)).map(([a, b]) => `2001:db8::${a.toString(16)}:${b.toString(16)}`),
);

const extraHeaders = fc.record(
  {
    'if-none-match': fc.constantFrom('*', 'W/"x"', '"a", "b"', '"'.repeat(1000)),
    'stripe-signature': fc.constantFrom('t=1,v1=00', 'garbage', 't=99999999999999999999,v1=', ''),
    'accept-encoding': fc.constantFrom('gzip', 'br', 'identity;q=0, *;q=0', 'zzz'),
    // a visitor's forged or stale session cookie (a signed-in role's own cookie replaces it)
    cookie: fc.constantFrom('sid=garbage', 'sid=s%3Aabc.def', `sid=${'a'.repeat(5000)}`, 'sid=; sid=x', 'sid=%E0%A4%A', '=; ;;'),
    host: fc.constantFrom('evil.example', '[::1', 'a b', 'localhost:99999', 'xn--80ak6aa92e.com', 'h'.repeat(300)),
    'x-forwarded-host': fc.constantFrom('evil.example', ''),
    'x-forwarded-for': fc.constantFrom('1.2.3.4, 5.6.7.8', 'garbage', '::ffff:10.0.0.1'),
  },
  { requiredKeys: [] },
);

/**
 * Requests for `operation`, from any address: two in five valid throughout (path, query and body as the
 * schemas and the shop's own ids allow, so they reach the handler), the rest with junk anywhere.
 */
export function fuzzRequests(operation: Operation, shop: Pick<FuzzShop, 'hints' | 'examples'>): fc.Arbitrary<FuzzRequest> {
  const examples = shop.examples.filter((example) => example.operation === operation.name && !example.csv).map((example) => example.body);
  return fc.oneof(
    { weight: 2, arbitrary: requests(operation, shop.hints, examples, false) },
    { weight: 3, arbitrary: requests(operation, shop.hints, examples, true) },
  );
}

function requests(operation: Operation, hints: Hints, examples: readonly unknown[], junk: boolean): fc.Arbitrary<FuzzRequest> {
  const segments = fc.record(
    Object.fromEntries(
      operation.pathParams.map((parameter) => [parameter.name, parameter.name === '*' ? wildcardPath(hints, junk) : pathSegment(parameter, hints, junk)]),
    ),
  );
  return fc
    .record({
      segments,
      query: queryString(operation, hints, junk),
      body: requestBodies(operation, hints, examples, junk),
      origin: junk ? origins : fc.constant(OWN_ORIGIN),
      headers: junk ? extraHeaders : fc.constant({}),
      from: remoteAddresses,
      // Fastify answers HEAD for every GET route
      head:
        junk && operation.method === 'GET'
          ? fc.oneof({ weight: 1, arbitrary: fc.constant(true) }, { weight: 5, arbitrary: fc.constant(false) })
          : fc.constant(false),
    })
    .map(({ segments: values, query, body, origin, headers, from, head }) => {
      const path = operation.path.replace(/\{(\w+|\*)\}/g, (_, name: string) => values[name]!);
      const allHeaders: Record<string, string> = { ...headers, ...(origin === '' ? {} : { origin }) };
      if (body?.contentType !== undefined) allHeaders['content-type'] = body.contentType;
      return new FuzzRequest(head ? 'HEAD' : operation.method, query ? `${path}?${query}` : path, allHeaders, body?.payload, from);
    });
}

/** The example's own request with one field of its body changed to junk, removed or repeated. */
export function exampleRequests(example: Example): fc.Arbitrary<FuzzRequest> {
  const method = example.operation.split(' ')[0]!;
  const body = example.csv ? mutatedCsv(String(example.body)) : mutatedExamples([example.body]).map(jsonText);
  const contentType = example.csv ? 'text/csv' : 'application/json';
  return fc
    .tuple(body, remoteAddresses)
    .map(([payload, from]) => new FuzzRequest(method, example.url, { origin: OWN_ORIGIN, 'content-type': contentType }, payload, from));
}
