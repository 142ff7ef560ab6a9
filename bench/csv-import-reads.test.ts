import { describe, expect, it } from 'vitest';
import { csvImportRows, type CsvImportReadsResult } from './csv-import-reads.ts';

const reads = (latencyP99Ms: number, errors = 0) => ({
  readsPerSecond: 50,
  seconds: 10,
  answered: 500,
  latencyP50Ms: 3,
  latencyP99Ms,
  latencyMaxMs: latencyP99Ms + 10,
  non2xx: 0,
  errors,
});
const result = (during: ReturnType<typeof reads>, engine: CsvImportReadsResult['engine'] = 'postgres'): CsvImportReadsResult => ({
  engine,
  rows: 10_000,
  importSeconds: 40,
  importWithReadsSeconds: 42,
  without: reads(5),
  withoutP99Ms: [5, 6],
  during,
  ratio: during.latencyP99Ms / 5,
  loadAverage: 1,
});

describe('csvImportRows', () => {
  it('passes a p99 under 100 ms during the import on the default database with every read answered, and shows it beside the p99 without', () => {
    const [row] = csvImportRows(result(reads(99.9)));
    expect(row!.pass).toBe(true);
    expect(row!.budget).toBe("CSV import on the shop's own PostgreSQL (the default), 10,000 rows: shoppers' product by id (50 reads/s) p99 < 100 ms");
    expect(row!.figure).toContain(
      'p99 99.9 ms (p50 3 ms, slowest 109.9 ms) vs 5 ms without an import in this run (19.98x; before / after the imports 5 / 6 ms)',
    );
    expect(csvImportRows(result(reads(100)))[0]!.pass).toBe(false);
    expect(csvImportRows(result(reads(20, 1)))[0]!.pass).toBe(false);
  });

  it("reports PGlite's figure, the fallback's, without holding it to the budget (a lost read still fails); older results without an engine are PGlite's", () => {
    const [row] = csvImportRows(result(reads(700), 'pglite'));
    expect(row!.pass).toBe('reported');
    expect(csvImportRows(result(reads(700, 1), 'pglite'))[0]!.pass).toBe(false);
    expect(row!.budget).toBe("CSV import on PGlite (the fallback, reported), 10,000 rows: shoppers' product by id (50 reads/s)");
    expect(csvImportRows({ ...result(reads(700)), engine: undefined })[0]!.budget).toContain('on PGlite (the fallback');
  });
});
