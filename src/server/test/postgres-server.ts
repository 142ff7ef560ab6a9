import { relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';

/** One statement on a connection of its own: CREATE and DROP DATABASE run outside any pool's transaction. */
export async function onServer(server: string, statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: server });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

interface PostgresServerNeed {
  /** Something the test needs is missing and CI is not set: the test is skipped, with a warning. */
  readonly skip: boolean;
  /** The server's URL; under CI, which provides everything, a missing need fails the test here instead of skipping it. */
  url(): string;
}

/**
 * The PostgreSQL server a test needs even in the embedded-database run (DATABASE_URL, else TEST_POSTGRES_SERVER),
 * with whatever else it needs: `missing` names what is not installed (`false` for what is). `testModuleUrl` is the
 * test's `import.meta.url`, named in the warning as a path.
 */
export function needPostgresServer(testModuleUrl: string, missing: readonly (string | false)[] = []): PostgresServerNeed {
  const server = process.env.DATABASE_URL ?? process.env.TEST_POSTGRES_SERVER;
  const absent = [...missing, !server && 'PostgreSQL (set TEST_POSTGRES_SERVER or DATABASE_URL, e.g. postgres://postgres@127.0.0.1:5432/postgres)'].filter(
    (need): need is string => typeof need === 'string',
  );
  const reason = `needs ${absent.join(' and ')}`;
  const skip = absent.length > 0 && !process.env.CI;
  if (skip) console.warn(`\n*** SKIPPED ${relative(process.cwd(), fileURLToPath(testModuleUrl))}: ${reason} ***\n`);
  return {
    skip,
    url() {
      if (!server || absent.length > 0) throw new Error(`CI is set, but this test ${reason}`);
      return server;
    },
  };
}
