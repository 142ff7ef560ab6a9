import fc from 'fast-check';
import { junkDates, junkStrings } from './junk-values.ts';

const rowsOf = (csv: string) => csv.split(/\r?\n/).map((row) => row.split(','));

/** How many cells a CSV has: about how many runs it takes to change each once. */
export const cellsIn = (csv: string): number => rowsOf(csv).reduce((sum, row) => sum + row.length, 0);

// cells as a spreadsheet or a hand edit leaves them: hex and signed ids, formulas, quotes left open
const junkCells = [...junkStrings.filter((text) => text.length < 2000), ...junkDates, '0x10', '-1', '1.5', '=1+1', '"', '"open', 'a""b', '|', '||', 'x|'];

type CellChange = { kind: 'replace'; with: string } | { kind: 'remove' } | { kind: 'add' } | { kind: 'repeat-row' };

/**
 * A CSV the shop wrote (its own export), with one cell replaced by junk, one cell more or fewer in a row,
 * or a row twice: every row but one as the import expects it.
 */
export function mutatedCsv(csv: string): fc.Arbitrary<string> {
  const rows = rowsOf(csv).filter((row) => row.join('') !== '');
  const change: fc.Arbitrary<CellChange> = fc.oneof(
    { weight: 5, arbitrary: fc.constantFrom(...junkCells).map((cell): CellChange => ({ kind: 'replace', with: cell })) },
    fc.constantFrom<CellChange>({ kind: 'remove' }, { kind: 'add' }, { kind: 'repeat-row' }),
  );
  return fc.tuple(fc.nat(rows.length - 1), fc.nat(Math.max(...rows.map((row) => row.length)) - 1), change).map(([rowIndex, cellIndex, how]) => {
    const copy = rows.map((row) => [...row]);
    const row = copy[rowIndex]!;
    const at = Math.min(cellIndex, row.length - 1);
    if (how.kind === 'replace') row[at] = how.with;
    if (how.kind === 'remove') row.splice(at, 1);
    if (how.kind === 'add') row.splice(at, 0, 'extra');
    if (how.kind === 'repeat-row') copy.splice(rowIndex, 0, [...row]);
    return copy.map((cells) => cells.join(',')).join('\r\n');
  });
}
