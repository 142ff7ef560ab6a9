// RFC 4180 text, written by hand: one small function, and the shop's node_modules add nothing for it.

/** A cell a spreadsheet would run as a formula (=, +, -, @, or a leading tab or return) is made plain text. */
function defused(value: string): string {
  return /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
}

/** One field: quoted when it holds a comma, a quote or a line break, with quotes doubled. */
export function csvField(value: string | number | boolean | null | undefined): string {
  const text = value === null || value === undefined ? '' : defused(String(value));
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** A header row and data rows, each line ended by CRLF. */
export function toCsv(header: readonly string[], rows: ReadonlyArray<ReadonlyArray<string | number | boolean | null | undefined>>): string {
  return [header, ...rows].map((row) => `${row.map(csvField).join(',')}\r\n`).join('');
}
