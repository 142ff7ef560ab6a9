import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { needPostgresServer, onServer } from '../test/postgres-server.ts';
import { openDatabase, type DatabaseHandle } from './client.ts';

// A migration on a grown shop (an index over a million orders, decision 070) outlasts the requests' timeouts;
// the shop must still apply it and start, while its requests keep their timeouts.
const postgres = needPostgresServer(import.meta.url);

describe.skipIf(postgres.skip)('a migration slower than the statement and query timeouts', () => {
  const name = `shop_slow_migration_${randomBytes(6).toString('hex')}`;
  let serverUrl: string | undefined;
  let folder: string;
  let database: DatabaseHandle;

  beforeAll(async () => {
    serverUrl = postgres.url();
    await onServer(serverUrl, `create database ${name}`);
    folder = await mkdtemp(path.join(tmpdir(), 'shop-slow-migration-'));
    await mkdir(path.join(folder, 'meta'));
    await writeFile(path.join(folder, '0000_slow.sql'), 'CREATE TABLE slow_done AS SELECT pg_sleep(1.5) IS NULL AS slept;');
    await writeFile(
      path.join(folder, 'meta/_journal.json'),
      JSON.stringify({ version: '7', dialect: 'postgresql', entries: [{ idx: 0, version: '7', when: 1, tag: '0000_slow', breakpoints: true }] }),
    );
    const url = new URL(serverUrl);
    url.pathname = `/${name}`;
    database = await openDatabase({
      url: url.toString(),
      dataDir: null,
      timeouts: {
        DATABASE_CONNECT_TIMEOUT_MS: 5_000,
        DATABASE_STATEMENT_TIMEOUT_MS: 300,
        DATABASE_QUERY_TIMEOUT_MS: 600,
        DATABASE_IDLE_IN_TRANSACTION_TIMEOUT_MS: 10_000,
        DATABASE_KEEPALIVE_DELAY_MS: 0,
      },
    });
  });

  afterAll(async () => {
    await database?.close();
    if (serverUrl) await onServer(serverUrl, `drop database if exists ${name} with (force)`);
    if (folder) await rm(folder, { recursive: true, force: true });
  });

  it('is applied, and the requests still stop at their timeouts', async () => {
    await database.migrate(folder);
    const done = (await database.db.execute(sql`select slept from slow_done`)) as unknown as { rows: { slept: boolean }[] };
    expect(done.rows).toEqual([{ slept: false }]);
    await expect(database.db.execute(sql`select pg_sleep(1.5)`)).rejects.toThrow();
  });
});
