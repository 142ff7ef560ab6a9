import fc from 'fast-check';
import { mutatedExamples } from './example-mutations.ts';
import { jsonText, junkStrings, junkValue, rawBodies, RawJson } from './junk-values.ts';
import { brokenForms, formBody, type Body } from './multipart-bodies.ts';
import type { Operation } from './openapi-operations.ts';
import { formText, schemaValue, type Hints } from './schema-values.ts';

const WRONG_TYPES = [
  'text/plain',
  'application/x-www-form-urlencoded',
  'application/xml',
  'text/csv',
  'application/octet-stream',
  'application/json; charset=utf-16',
  'application/json; charset=latin1',
  'APPLICATION/JSON',
  'application/json, text/html',
  'application/vnd.api+json',
  'multipart/mixed; boundary=x',
  ';;;',
];

const JSON_TYPE = 'application/json';

/** A form's text fields; a junk value where the fields should be is one field holding it. */
function textOf(fields: unknown): Record<string, string> {
  const isFields = fields !== null && typeof fields === 'object' && !Array.isArray(fields) && !(fields instanceof RawJson);
  return isFields ? Object.fromEntries(Object.entries(fields).map(([key, value]) => [key, formText(value)])) : { name: formText(fields) };
}

const csvCell = fc.oneof(
  fc.constantFrom(...junkStrings.slice(0, 60)),
  fc.constantFrom('', '1', '0x10', '=HYPERLINK("x")', '19.99', 'paddles', 'yes', '"quoted, cell"'),
);
const csvText = fc
  .tuple(
    fc.constantFrom('product_id,name,slug,brand,type,price,stock', 'name,price', 'product_id,variant_id,name', ''),
    fc.array(fc.array(csvCell, { maxLength: 8 }), { maxLength: 6 }),
  )
  .map(([header, rows]) => [header, ...rows.map((row) => row.map((cell) => (cell.length > 2000 ? cell.slice(0, 2000) : cell)).join(','))].join('\r\n'));

/** The bodies to try on an operation: by its schemas, and (junk) broken ones and ones of the wrong type. */
export function requestBodies(operation: Operation, hints: Hints, examples: readonly unknown[], junk: boolean): fc.Arbitrary<Body | undefined> {
  const asJson = (value: unknown): Body => ({ contentType: JSON_TYPE, payload: jsonText(value) });
  const options: fc.WeightedArbitrary<Body | undefined>[] = [];
  if (operation.json && !operation.csv) options.push({ weight: 4, arbitrary: schemaValue(operation.json, { junk, hints }).map(asJson) });
  // a body the shop accepts, as it is or (junk) with one field changed
  if (examples.length) options.push({ weight: 4, arbitrary: (junk ? mutatedExamples(examples) : fc.constantFrom(...examples)).map(asJson) });
  if (operation.multipart) options.push({ weight: 4, arbitrary: formBody(schemaValue(operation.multipart, { junk, hints }).map(textOf), junk) });
  if (operation.csv) options.push({ weight: 4, arbitrary: csvText.map((payload): Body => ({ contentType: 'text/csv', payload })) });
  if (!junk) return options.length ? fc.oneof(...options) : fc.constant(undefined);
  options.push({ weight: 3, arbitrary: notJson }, { weight: 1, arbitrary: fc.constant(undefined) });
  if (operation.multipart) options.push({ weight: 2, arbitrary: brokenForms });
  return fc.oneof(...options);
}

const notJson = fc.oneof(
  fc.constantFrom(...rawBodies).map((payload): Body => ({ contentType: JSON_TYPE, payload })),
  junkValue.map((value): Body => ({ contentType: JSON_TYPE, payload: jsonText(value) })),
  fc.tuple(fc.constantFrom(...WRONG_TYPES), fc.constantFrom(...rawBodies)).map(([contentType, payload]): Body => ({ contentType, payload })),
);
