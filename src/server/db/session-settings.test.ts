import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASE_TIMEOUT_DEFAULTS } from '../config.ts';
import { needPostgresServer } from '../test/postgres-server.ts';
import { openDatabase, type DatabaseHandle } from './client.ts';

// Every connection of the shop's PostgreSQL pool runs without JIT (decision 074): on a grown shop JIT spent
// 320 ms compiling an exact count that ran in 600, and none of the shop's statements gains from it.
const postgres = needPostgresServer(import.meta.url);

describe.skipIf(postgres.skip)("the shop's PostgreSQL connections", () => {
  let database: DatabaseHandle;

  beforeAll(async () => {
    // the server's own default is on (PostgreSQL 11+): the setting below is the pool's, not the server's
    database = await openDatabase({ url: postgres.url(), dataDir: null, timeouts: DATABASE_TIMEOUT_DEFAULTS });
  });

  afterAll(async () => {
    await database?.close();
  });

  it('run with jit off on every connection the pool opens, and keep the timeouts', async () => {
    // several at once: each holds its own connection, so each is a connection the pool opened
    const settings = await Promise.all(
      Array.from({ length: 4 }, () =>
        database.db.transaction(async (tx) => {
          const result = (await tx.execute(
            sql`select current_setting('jit') as jit, current_setting('statement_timeout') as timeout, pg_backend_pid() as pid`,
          )) as unknown as {
            rows: { jit: string; timeout: string; pid: number }[];
          };
          return result.rows[0]!;
        }),
      ),
    );
    expect(new Set(settings.map((row) => row.pid)).size).toBe(4);
    for (const row of settings) expect(row).toMatchObject({ jit: 'off', timeout: '5s' });
  });

  // decision 097: node-postgres closes a connection idle for 10 s unless told otherwise
  it('keep the connections they opened when they fall idle', { timeout: 30_000 }, async () => {
    const backends = () =>
      Promise.all(
        Array.from({ length: 4 }, () =>
          database.db.transaction(async (tx) => {
            const result = (await tx.execute(sql`select pg_backend_pid() as pid, pg_sleep(0.05)`)) as unknown as { rows: { pid: number }[] };
            return result.rows[0]!.pid;
          }),
        ),
      );
    const before = new Set(await backends());
    await new Promise((resolve) => setTimeout(resolve, 11_000));
    const after = new Set(await backends());
    expect(after).toEqual(before);
  });
});
