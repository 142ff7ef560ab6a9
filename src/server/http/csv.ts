import { stringify, type Options } from 'csv-stringify';
import { stringify as stringifyAll } from 'csv-stringify/sync';

// The shop's one CSV writer (every export: products, customers): RFC 4180 through csv-stringify
// (CRLF line ends; a cell with a comma, a quote or a line break quoted, its quotes doubled), and no
// cell a spreadsheet would run as a formula (docs/product-csv.md, "Formulas").

type CsvCell = string | number | null | undefined;

// what a spreadsheet reads as the start of a formula (OWASP "CSV injection"; Apple Numbers also takes
// the full-width ＝ ＋ － ＠); apostrophes before one are counted in, so that a text which itself starts
// with an apostrophe comes back exactly
const FORMULA_START = /^'*[=+\-@\t\r\uFF1D\uFF0B\uFF0D\uFF20]/;
const PLAIN_NUMBER = /^-?\d+(?:\.\d+)?$/;
const NEUTRALISED = /^'+[=+\-@\t\r\uFF1D\uFF0B\uFF0D\uFF20]/;

/**
 * A text cell as written: one that a spreadsheet would run as a formula (=, +, -, @, a leading tab
 * or return) gets a leading apostrophe, which spreadsheets take as "this is text". A plain number
 * ("-5", "-0.25") is no formula and is written as it is, so numbers stay numbers.
 */
export function neutralisedCell(text: string): string {
  return FORMULA_START.test(text) && !PLAIN_NUMBER.test(text) ? `'${text}` : text;
}

/** The reverse of neutralisedCell, for a file of ours read back (the product CSV import). */
export function plainCell(cell: string): string {
  return NEUTRALISED.test(cell) ? cell.slice(1) : cell;
}

const OPTIONS: Options = {
  record_delimiter: 'windows',
  // a lone \n or \r in a cell is quoted too (csv-stringify stops doing so once record_delimiter is set)
  quote_record_delimiter: true,
  cast: { string: neutralisedCell },
};

/** A header row and rows as CSV text. */
export function toCsv(header: readonly string[], rows: ReadonlyArray<readonly CsvCell[]>): string {
  return stringifyAll([header, ...rows], OPTIONS);
}

/** The same writer as a stream: write rows (arrays of cells, the header first), read CSV text. */
export function csvStream() {
  return stringify(OPTIONS);
}
