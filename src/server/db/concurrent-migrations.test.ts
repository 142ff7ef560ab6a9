import { randomBytes } from 'node:crypto';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { needPostgresServer, onServer } from '../test/postgres-server.ts';
import { migrationsFolder, openDatabase, type DatabaseHandle } from './client.ts';

// Instances started together on one database (a reboot, both units restarted at once) each migrate it as they
// start: every one must start, and every migration must be applied once.
const postgres = needPostgresServer(import.meta.url);

describe.skipIf(postgres.skip)('instances migrating one database at the same time', () => {
  const opened: DatabaseHandle[] = [];
  const created: string[] = [];
  const folders: string[] = [];

  afterEach(async () => {
    await Promise.all(opened.splice(0).map((handle) => handle.close()));
    // only a database created through postgres.url() is on the list
    for (const name of created.splice(0)) await onServer(postgres.url(), `drop database if exists ${name} with (force)`);
    for (const folder of folders.splice(0)) await rm(folder, { recursive: true, force: true });
  });

  async function instances(count: number): Promise<DatabaseHandle[]> {
    const serverUrl = postgres.url();
    const name = `shop_concurrent_migrations_${randomBytes(6).toString('hex')}`;
    await onServer(serverUrl, `create database ${name}`);
    created.push(name);
    const url = new URL(serverUrl);
    url.pathname = `/${name}`;
    for (let index = 0; index < count; index += 1) {
      opened.push(await openDatabase({ url: url.toString(), dataDir: null }));
    }
    return opened.slice(-count);
  }

  const appliedCount = async (database: DatabaseHandle) =>
    Number(((await database.db.execute(sql`select count(*)::int as n from drizzle.__drizzle_migrations`)) as unknown as { rows: { n: number }[] }).rows[0]!.n);

  /** A migrations folder of these statements, one migration each, in order. */
  async function migrationsOf(statements: string[]): Promise<string> {
    const folder = await mkdtemp(path.join(tmpdir(), 'shop-concurrent-migration-'));
    folders.push(folder);
    await mkdir(path.join(folder, 'meta'));
    const entries = statements.map((_, idx) => ({ idx, version: '7', when: idx + 1, tag: `000${idx}_step`, breakpoints: true }));
    for (const [idx, statement] of statements.entries()) await writeFile(path.join(folder, `000${idx}_step.sql`), statement);
    await writeFile(path.join(folder, 'meta/_journal.json'), JSON.stringify({ version: '7', dialect: 'postgresql', entries }));
    return folder;
  }

  it('applies a slow migration that cannot run twice once, and every instance starts', async () => {
    // slow enough that both instances find it pending before either has recorded it
    const folder = await migrationsOf(['CREATE TABLE once_only AS SELECT pg_sleep(1) IS NULL AS slept;']);
    const [first, second] = await instances(2);

    await Promise.all([first!.migrate(folder), second!.migrate(folder)]);

    expect(await appliedCount(first!)).toBe(1);
    const rows = (await second!.db.execute(sql`select slept from once_only`)) as unknown as { rows: { slept: boolean }[] };
    expect(rows.rows).toEqual([{ slept: false }]);
  });

  it('changes rows once when a migration only changes rows', async () => {
    const create = 'CREATE TABLE counted (n integer NOT NULL); INSERT INTO counted VALUES (0);';
    // nothing in it fails when it runs twice: it would count twice
    const count = 'UPDATE counted SET n = n + 1 WHERE pg_sleep(1) IS NOT NULL;';
    const [first, second] = await instances(2);
    await first!.migrate(await migrationsOf([create]));
    const folder = await migrationsOf([create, count]);

    await Promise.all([first!.migrate(folder), second!.migrate(folder)]);

    expect(await appliedCount(first!)).toBe(2);
    const rows = (await second!.db.execute(sql`select n from counted`)) as unknown as { rows: { n: number }[] };
    expect(rows.rows).toEqual([{ n: 1 }]);
  });

  it("applies the shop's own migrations once on a new database migrated by three at once", async () => {
    const journal = JSON.parse(await readFile(path.join(migrationsFolder, 'meta/_journal.json'), 'utf8')) as { entries: unknown[] };
    const handles = await instances(3);

    await Promise.all(handles.map((handle) => handle.migrate()));

    expect(await appliedCount(handles[0]!)).toBe(journal.entries.length);
  });
});
