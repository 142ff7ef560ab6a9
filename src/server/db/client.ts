import { mkdir, stat } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { PGlite, PGliteOptions } from '@electric-sql/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { readMigrationFiles } from 'drizzle-orm/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import pg from 'pg';
import { DATABASE_TIMEOUT_DEFAULTS, type Config } from '../config.ts';
import { lockDataDir, type DataDirLock } from './data-dir-lock.ts';
import { startEmbeddedPostgres } from './embedded-postgres.ts';
import { guardReads, withCallerStack } from './read-timeout.ts';
import { listenOnPostgres, type Listener, type NotificationHandlers } from './notifications.ts';
import * as schema from './schema.ts';

type Schema = typeof schema;
/** Either driver: services are written against the common Postgres interface. */
export type Database = PgDatabase<PgQueryResultHKT, Schema>;
/** A transaction handle, usable wherever a Database is. */
export type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];

export interface DatabaseHandle {
  db: Database;
  driver: 'pg' | 'pglite';
  /** Applies the migrations not yet applied; another folder (tests: an older schema's) may be given. */
  migrate(folder?: string): Promise<void>;
  ping(): Promise<void>;
  /**
   * Listens for NOTIFY on a channel from other instances on this database (PostgreSQL). The embedded
   * database serves one process only, so there is nobody to hear from: nothing is opened.
   */
  listen(channel: string, handlers: NotificationHandlers, log: { warn(obj: object, msg: string): void }): Listener;
  /** PostgreSQL's connection pool as it stands (for /metrics); the embedded database has no pool: null. */
  poolStats?(): { total: number; idle: number; waiting: number } | null;
  /** PostgreSQL's address (null: PGlite), for a worker thread's own connection (catalog-worker.ts). */
  url: string | null;
  /** The shop's own PostgreSQL server (decision 065): its files and address; absent otherwise. */
  embeddedPostgres?: { dir: string; url: string };
  /** The embedded database's files as one gzipped tarball, taken inside the running database (a consistent copy); absent on PostgreSQL. */
  dumpDataDir?(): Promise<Blob>;
  /** Raw SQL on the driver itself (several statements when no values are given): for pg-boss, which brings its own SQL. */
  executeSql(text: string, values?: unknown[]): Promise<{ rows: unknown[] }>;
  close(): Promise<void>;
}

export const migrationsFolder = fileURLToPath(new URL('./migrations', import.meta.url));

export type DatabaseTimeouts = Pick<
  Config,
  | 'DATABASE_CONNECT_TIMEOUT_MS'
  | 'DATABASE_STATEMENT_TIMEOUT_MS'
  | 'DATABASE_QUERY_TIMEOUT_MS'
  | 'DATABASE_IDLE_IN_TRANSACTION_TIMEOUT_MS'
  | 'DATABASE_KEEPALIVE_DELAY_MS'
>;

/**
 * node-postgres when a URL is given; otherwise, with a dataDir, the shop's own PostgreSQL under it when
 * `embedded` asks for it and this machine can run it (decision 065), else PGlite under dataDir (or in memory
 * when dataDir is null). A dataDir that already holds a PGlite database keeps it. The timeouts apply to
 * PostgreSQL only; a 0 turns one off.
 */
export async function openDatabase(options: {
  url?: string;
  dataDir: string | null;
  /** without a URL: 'postgres' starts the shop's own server under dataDir; PGlite by default */
  embedded?: 'postgres' | 'pglite';
  log?: { warn(message: string): void };
  timeouts?: DatabaseTimeouts;
  /** An embedded database's files to start from (tests start each shop from one migrated copy). */
  pgliteImage?: Blob;
  /** dataDir is held already, by a caller that keeps holding it after this handle closes (a restore) */
  heldDataDir?: DataDirLock;
}): Promise<DatabaseHandle> {
  const timeouts = options.timeouts ?? DATABASE_TIMEOUT_DEFAULTS;
  if (options.url) return openPostgres(options.url, timeouts);
  if (!options.dataDir) return openPglite(null, options.pgliteImage);
  const { dataDir } = options;
  await mkdir(dataDir, { recursive: true });
  const lock = options.heldDataDir ? { release: async () => {} } : await lockDataDir(dataDir);
  try {
    const handle = await openInDataDir(dataDir, options, timeouts);
    return {
      ...handle,
      close: async () => {
        try {
          await handle.close();
        } finally {
          await lock.release();
        }
      },
    };
  } catch (error) {
    await lock.release();
    throw error;
  }
}

/** The shop's own PostgreSQL under dataDir, or PGlite there: the caller holds the folder (data-dir-lock.ts). */
async function openInDataDir(
  dataDir: string,
  options: Pick<Parameters<typeof openDatabase>[0], 'embedded' | 'log' | 'pgliteImage'>,
  timeouts: DatabaseTimeouts,
): Promise<DatabaseHandle> {
  if (options.embedded === 'postgres' && !(await holdsPglite(dataDir))) {
    const cluster = await startEmbeddedPostgres(dataDir, options.log ?? console);
    if (cluster) {
      const handle = openPostgres(cluster.url, timeouts);
      return {
        ...handle,
        embeddedPostgres: { dir: cluster.dir, url: cluster.url },
        close: async () => {
          await handle.close();
          await cluster.stop();
        },
      };
    }
  }
  return openPglite(dataDir, options.pgliteImage);
}

function openPostgres(url: string, timeouts: DatabaseTimeouts): DatabaseHandle {
  const pool = createPool(url, timeouts);
  const db = drizzlePg(pool, { schema });
  return {
    db: db as unknown as Database,
    driver: 'pg',
    url,
    migrate: (folder = migrationsFolder) => migratePostgres(url, timeouts, folder),
    ping: async () => void (await pool.query('select 1')),
    listen: (channel, handlers, log) =>
      listenOnPostgres(url, channel, handlers, log, {
        connectTimeoutMs: timeouts.DATABASE_CONNECT_TIMEOUT_MS,
        keepAliveDelayMs: timeouts.DATABASE_KEEPALIVE_DELAY_MS,
      }),
    executeSql: (text, values) => pool.query(text, values),
    poolStats: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
    close: () => pool.end(),
  };
}

/** Held while one instance migrates: any number started on one database apply each migration once. */
const MIGRATIONS_LOCK = 7_310_441;

/**
 * Migrations run on a connection of their own without the requests' statement and query timeouts: an index
 * built on a grown shop's orders takes minutes (decision 070), and a shop that cannot finish its migration
 * cannot start.
 *
 * Instances started together (a reboot, both units restarted at once) would each find the same migrations
 * pending and apply them side by side: the second failed on what the first had just made and stopped, and a
 * migration that only changes rows would have run twice. So one transaction takes a lock, reads what is
 * applied, applies the rest and records each: the next instance waits on the lock, then finds nothing left. A
 * transaction's lock ends with it on any connection, PgBouncer's transaction mode included, where a session's
 * lock would stay with whichever server connection took it. The record is drizzle's
 * (`drizzle.__drizzle_migrations`), kept as its own migrator keeps it, which takes no lock (decision 094).
 */
async function migratePostgres(url: string, timeouts: DatabaseTimeouts, folder: string): Promise<void> {
  const migrations = readMigrationFiles({ migrationsFolder: folder });
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: timeouts.DATABASE_CONNECT_TIMEOUT_MS });
  client.on('error', (error) => console.error('PostgreSQL migration client error:', error.message));
  // a shop that cannot reach its database says where it was starting (main.ts), not only the socket's frames
  await client.connect().catch(withCallerStack);
  try {
    // a failure ends the connection with the transaction open: PostgreSQL rolls it back, lock and all
    await client.query('begin');
    // not even a timeout set on the database role (docs/operations.md, PgBouncer) stops a long migration or the wait for one
    await client.query('set local statement_timeout = 0');
    await client.query('set local lock_timeout = 0');
    await client.query('select pg_advisory_xact_lock($1)', [MIGRATIONS_LOCK]);
    await client.query('create schema if not exists drizzle');
    await client.query('create table if not exists drizzle.__drizzle_migrations (id serial primary key, hash text not null, created_at bigint)');
    const { rows } = await client.query<{ created_at: string }>('select created_at from drizzle.__drizzle_migrations order by created_at desc limit 1');
    const last = rows[0] ? Number(rows[0].created_at) : Number.NEGATIVE_INFINITY;
    for (const migration of migrations.filter(({ folderMillis }) => folderMillis > last)) {
      for (const statement of migration.sql) await client.query(statement);
      await client.query('insert into drizzle.__drizzle_migrations (hash, created_at) values ($1, $2)', [migration.hash, migration.folderMillis]);
    }
    await client.query('commit');
  } finally {
    await client.end();
  }
}

/** A shop that started on PGlite keeps its data there (DATA_DIR/db) until its owner moves it. */
async function holdsPglite(dataDir: string): Promise<boolean> {
  return (await stat(path.join(dataDir, 'db', 'PG_VERSION')).catch(() => null)) !== null;
}

/**
 * PGlite bundles contrib extensions but loads only those named here; the migrations create them
 * (CREATE EXTENSION), as they do on PostgreSQL. pg_trgm: typo-tolerant catalogue search. Imported when a
 * shop opens PGlite: one on PostgreSQL, embedded or not, never loads it.
 */
export async function pgliteOptions(): Promise<PGliteOptions> {
  const { pg_trgm } = await import('@electric-sql/pglite/contrib/pg_trgm');
  return { extensions: { pg_trgm } };
}

async function openPglite(dataDir: string | null, image: Blob | undefined): Promise<DatabaseHandle> {
  const [{ PGlite }, { drizzle: drizzlePglite }, { migrate: migratePglite }, extensions] = await Promise.all([
    import('@electric-sql/pglite'),
    import('drizzle-orm/pglite'),
    import('drizzle-orm/pglite/migrator'),
    pgliteOptions(),
  ]);
  const options = { ...extensions, ...(image && { loadDataDir: image }) };
  let client: PGlite;
  if (dataDir) {
    const dir = path.resolve(dataDir, 'db');
    await mkdir(dir, { recursive: true });
    client = new PGlite(dir, options);
  } else {
    client = new PGlite(options);
  }
  await client.waitReady;
  const db = drizzlePglite(client, { schema });
  return {
    db: db as unknown as Database,
    driver: 'pglite',
    url: null,
    migrate: (folder = migrationsFolder) => migratePglite(db, { migrationsFolder: folder }),
    ping: async () => void (await client.query('select 1')),
    listen: () => ({ stop: async () => {} }),
    // PGlite's query() runs one statement; exec() runs a script (pg-boss's schema) but takes no values
    executeSql: async (text, values) => {
      if (values && values.length > 0) return client.query(text, values);
      const results = await client.exec(text);
      return { rows: results.at(-1)?.rows ?? [] };
    },
    dumpDataDir: () => client.dumpDataDir('gzip'),
    close: () => client.close(),
  };
}

/**
 * Session settings of every connection the shop's pool opens, sent with the connection's start (no extra
 * round trip). `jit=off` (decision 074): the shop's statements are short OLTP reads and the few counts and
 * reports that read many rows are the ones JIT slows most, compiling for hundreds of milliseconds what runs
 * in less (an exact count of 915,000 paid orders: 935 ms with it, 600 ms without). An `options` parameter in
 * DATABASE_URL replaces this one (node-postgres lets the URL win).
 */
const SESSION_OPTIONS = '-c jit=off';

/**
 * The shop's pool: `max` connections at most (a worker thread's own: 1), kept once opened (decision 097): a new
 * connection costs a login and, for each statement it then runs, planning it anew, and the pool's default of
 * closing one idle for 10 s made a quiet shop pay that on most visits and a busy one stall while it reopened
 * many at once. An idle connection does not keep a script's process alive.
 */
export function createPool(url: string, timeouts: DatabaseTimeouts, max = 20): pg.Pool {
  const pool = new pg.Pool({
    connectionString: url,
    max,
    idleTimeoutMillis: 0,
    allowExitOnIdle: true,
    options: SESSION_OPTIONS,
    connectionTimeoutMillis: timeouts.DATABASE_CONNECT_TIMEOUT_MS,
    statement_timeout: timeouts.DATABASE_STATEMENT_TIMEOUT_MS,
    idle_in_transaction_session_timeout: timeouts.DATABASE_IDLE_IN_TRANSACTION_TIMEOUT_MS,
    keepAlive: timeouts.DATABASE_KEEPALIVE_DELAY_MS > 0,
    keepAliveInitialDelayMillis: timeouts.DATABASE_KEEPALIVE_DELAY_MS,
  });
  // An idle client losing its connection (server restart, terminated backend) must not crash
  // the process; the pool drops that client and opens a new one on the next query.
  pool.on('error', (error) => console.error('PostgreSQL idle client error:', error.message));
  guardReads(pool, timeouts.DATABASE_QUERY_TIMEOUT_MS);
  return pool;
}
