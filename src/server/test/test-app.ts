import { randomBytes } from 'node:crypto';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import pg from 'pg';
import { inject } from 'vitest';
import type { StaffRole } from '#common/staff-roles.ts';
import { buildApp } from '#server/app.ts';
import { loadConfig, type Config } from '#server/config.ts';
import type { AppServices } from '#server/services.ts';
import { openDatabase, type Database, type DatabaseHandle } from '#server/db/client.ts';
import { users } from '#server/db/schema.ts';
import { ensureSingletonRows } from '#server/modules/content/content-service.ts';
import { hashPassword } from '#server/modules/accounts/passwords.ts';
import { type ImageStore, openImageStore } from '#server/modules/media/image-store-service.ts';
import { type ClientFiles, writeClientFiles } from './client-dir.ts';

export interface TestApp {
  app: FastifyInstance;
  /** the services the app's routes were handed (order links, the mailer, the payment context...) */
  services: AppServices;
  db: Database;
  database: DatabaseHandle;
  config: Config;
  dataDir: string;
  /** this instance's image store: DATA_DIR/uploads, or the bucket the S3_* settings name */
  images: ImageStore;
  /** The PostgreSQL database's URL; undefined on in-memory PGlite. */
  databaseUrl?: string;
  /** Creates a user (a customer; an owner with admin, or the staff role given) and answers the cookie header of a signed-in session. */
  signIn(options?: { admin?: boolean; role?: StaffRole; username?: string; email?: string; password?: string }): Promise<SignedIn>;
  close(): Promise<void>;
}

export interface SignedIn {
  id: number;
  username: string;
  password: string;
  cookie: string;
  /** app.inject with this user's session and our own Origin. */
  inject(options: InjectOptions): Promise<LightMyRequestResponse>;
}

// One hash for every test user, at scrypt cost 2^10 instead of the shop's 2^17: a hash names its own cost, so
// the sign-in checks it like any other, in a millisecond instead of the few hundred the OWASP cost takes (a
// few hundred sign-ins per run). Passwords set through the API are hashed at the shop's cost.
const TEST_PASSWORD = 'correct horse battery';
const TEST_HASH_COST = 2 ** 10;
let testPasswordHash: Promise<string> | undefined;

// Shops start migrated from the run's template (database-templates.ts, vitest's global setup), unless a test
// builds an older schema first or asks for another server than the template's.
let pgliteImage: Promise<Blob> | undefined;
function migratedImage(): Promise<Blob> | undefined {
  const file = inject('pgliteImage');
  if (!file) return undefined;
  pgliteImage ??= readFile(file).then((bytes) => new Blob([bytes]));
  return pgliteImage;
}

interface TestAppOptions {
  /** the built client the app renders pages with, written into its data folder (removed at close); none: no pages */
  clientFiles?: ClientFiles;
  /** PostgreSQL only: the address the app connects to for its fresh database (e.g. through a fault-injecting proxy). */
  connectThrough?: (databaseUrl: URL) => URL;
  /** A second instance on the first one's database (close it before the first). */
  shareDatabaseWith?: TestApp;
  /** Log there (at LOG_LEVEL) instead of not at all. */
  logStream?: { write(line: string): void };
  /** A PostgreSQL server for tests that need one whatever DATABASE_URL says (e.g. the fault tests). */
  postgresServer?: string;
  /** Runs on the fresh database before it is migrated to the current schema (e.g. to build an older shop). */
  beforeMigrating?: (database: DatabaseHandle) => Promise<void>;
}

/**
 * A fresh app on a fresh database: in-memory PGlite, or a new PostgreSQL database
 * (dropped at close) when DATABASE_URL is set. The DATABASE_*_TIMEOUT_MS variables in env apply.
 */
export async function createTestApp(env: Record<string, string> = {}, options: TestAppOptions = {}): Promise<TestApp> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'shop-test-'));
  const serverUrl = options.postgresServer ?? process.env.DATABASE_URL;
  const shared = options.shareDatabaseWith;
  let dropDatabase = async () => {};
  let url: string | undefined = shared?.databaseUrl;
  let startsMigrated = false;
  if (serverUrl && !shared) {
    const name = `shop_test_${randomBytes(6).toString('hex')}`;
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    const template = inject('postgresTemplate');
    startsMigrated = !options.beforeMigrating && template?.server === serverUrl;
    await admin.query(`create database ${name}${startsMigrated ? ` template ${template!.name}` : ''}`);
    await admin.end();
    const target = new URL(serverUrl);
    target.pathname = `/${name}`;
    url = (options.connectThrough?.(target) ?? target).toString();
    dropDatabase = async () => {
      const client = new pg.Client({ connectionString: serverUrl });
      await client.connect();
      await client.query(`drop database if exists ${name} with (force)`);
      await client.end();
    };
  }
  // every test request comes from one address: limits are off unless a test sets them
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    SEED: 'none',
    LOG_LEVEL: 'silent',
    AUTH_RATE_LIMIT: '1000',
    CHECKOUT_RATE_LIMIT: '100000',
    CHECKOUT_OPEN_ORDERS_LIMIT: '0',
    CHECKOUT_OPEN_UNITS_LIMIT: '0',
    CHECKOUT_NETWORK_UNITS_LIMIT: '0',
    REGISTER_RATE_LIMIT: '1000',
    ...env,
  });
  // a second instance on PostgreSQL opens its own pool, like a second server; in-memory PGlite can only be shared
  const ownsDatabase = !shared || url !== undefined;
  const image = url === undefined && !options.beforeMigrating ? await migratedImage() : undefined;
  if (image) startsMigrated = true;
  const database = ownsDatabase ? await openDatabase({ url, dataDir: null, timeouts: config, pgliteImage: image }) : shared.database;
  if (!shared) {
    await options.beforeMigrating?.(database);
    if (!startsMigrated) await database.migrate();
    await ensureSingletonRows(database.db);
  }
  const images = await openImageStore(config, dataDir);
  const clientDir = options.clientFiles ? path.join(dataDir, 'client') : null;
  if (clientDir) await writeClientFiles(clientDir, options.clientFiles!);
  const { app, services } = await buildApp({
    config,
    database,
    db: database.db,
    images,
    sessionSecret: 'test-session-secret-that-is-long-enough',
    clientDir,
    ...(options.logStream && { logger: { stream: options.logStream } }),
  });
  await app.ready();

  let counter = 0;
  return {
    app,
    services,
    db: database.db,
    database,
    config,
    dataDir,
    images,
    databaseUrl: url,
    async signIn(options = {}) {
      counter += 1;
      const username = options.username ?? `user${counter}_${randomBytes(3).toString('hex')}`;
      const password = options.password ?? TEST_PASSWORD;
      testPasswordHash ??= hashPassword(TEST_PASSWORD, TEST_HASH_COST);
      const passwordHash = password === TEST_PASSWORD ? await testPasswordHash : await hashPassword(password, TEST_HASH_COST);
      const [user] = await database.db
        .insert(users)
        .values({ username, email: options.email ?? `${username}@example.com`, passwordHash, role: options.role ?? (options.admin ? 'owner' : null) })
        .returning({ id: users.id });
      const login = await app.inject({ method: 'POST', url: '/api/login', payload: { username, password } });
      if (login.statusCode !== 200) throw new Error(`test sign-in failed: ${login.statusCode} ${login.body}`);
      const setCookie = login.cookies.find((c) => c.name === 'sid');
      if (!setCookie) throw new Error('test sign-in set no session cookie');
      const cookie = `sid=${setCookie.value}`;
      return {
        id: user!.id,
        username,
        password,
        cookie,
        inject: (opts: InjectOptions) => app.inject({ ...opts, headers: { origin: 'http://localhost:80', ...opts.headers, cookie } }),
      };
    },
    async close() {
      await app.close();
      await images.close();
      if (ownsDatabase) await database.close();
      await dropDatabase();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}
