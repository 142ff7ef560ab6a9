import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { DECLARED_WRITERS, TABLE_OWNERS } from './table-owners.ts';
import { schemaTables, tableWrites } from './table-writes.ts';

// One writer per table (docs/architecture.md): a table is inserted, updated and deleted only by its owning
// module (table-owners.ts); any other write is declared there with its reason.

const root = path.resolve(import.meta.dirname, '../..');
const server = path.join(root, 'src/server');
const schemaDir = path.join(server, 'db/schema');
const tables = schemaTables(schemaDir, readdirSync(schemaDir));

/** The module a file of src/server belongs to: its module folder, or the layer (http, db) it sits in. */
function ownerOf(file: string): string {
  const [top, module] = file.split('/');
  return top === 'modules' ? module! : top!;
}

const sourceFiles = (readdirSync(server, { recursive: true }) as string[])
  .map((file) => file.split(path.sep).join('/'))
  .filter((file) => /\.tsx?$/.test(file) && !/\.test\.tsx?$/.test(file) && !/^(test|db\/schema|db\/migrations)\//.test(file));

const declared = (file: string, table: string) => DECLARED_WRITERS.some((entry) => entry.file === file && entry.tables.includes(table));

/** Writes of `code` (as if it sat at `file`) that neither the owner makes nor a declaration allows. */
function strayWrites(file: string, code: string): string[] {
  return tableWrites(file, code, tables)
    .filter((write) => TABLE_OWNERS[write.table] !== ownerOf(file) && !declared(file, write.table))
    .map((write) => `${file}:${write.line} ${write.kind}s ${write.table}, owned by ${TABLE_OWNERS[write.table]}`);
}

describe('table writers', () => {
  it('every table of the schema has an owner', () => {
    expect([...tables.values()].filter((table) => !TABLE_OWNERS[table])).toEqual([]);
    expect(Object.keys(TABLE_OWNERS).filter((table) => ![...tables.values()].includes(table))).toEqual([]);
  });

  it('no file writes a table its module does not own, unless declared', () => {
    const stray = sourceFiles.flatMap((file) => strayWrites(file, readFileSync(path.join(server, file), 'utf8')));
    expect(stray).toEqual([]);
  });

  it('every declaration still names a write that happens', () => {
    const stale = DECLARED_WRITERS.flatMap((entry) => {
      const code = sourceFiles.includes(entry.file) ? readFileSync(path.join(server, entry.file), 'utf8') : '';
      const written = new Set(tableWrites(entry.file, code, tables).map((write) => write.table));
      return entry.tables.filter((table) => !written.has(table)).map((table) => `${entry.file} no longer writes ${table}`);
    });
    expect(stale).toEqual([]);
  });

  it('reports the fixture: a module writing a table it does not own, by Drizzle and by SQL', () => {
    const code = readFileSync(path.join(root, 'tests/lint-fixtures/table-write-outside-owner.ts'), 'utf8');
    expect(strayWrites('modules/payments/lint-fixture.ts', code)).toEqual([
      'modules/payments/lint-fixture.ts:7 updates orders, owned by orders',
      'modules/payments/lint-fixture.ts:8 deletes order_events, owned by orders',
    ]);
    expect(strayWrites('modules/orders/lint-fixture.ts', code)).toEqual([]);
  });
});
