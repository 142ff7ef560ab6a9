import { execFile } from 'node:child_process';
import { chmod, cp, mkdir, mkdtemp, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import * as tar from 'tar';
import pg from 'pg';
import { openDatabase, type DatabaseHandle } from '#server/db/client.ts';
import { lockDataDir, type DataDirLock } from '#server/db/data-dir-lock.ts';
import { claimClusterFiles, embeddedCredentials, embeddedPostgresDir } from '#server/db/embedded-postgres.ts';
import { conflict, invalidInput } from '#server/errors/domain-errors.ts';
import { uploadsDir } from '#server/modules/media/media-service.ts';
import { copyEmbeddedPostgres } from './embedded-postgres-backup.ts';

const run = promisify(execFile);
const FORMAT = 'pickleball-shop-backup';
const PGLITE_FILE = 'database/pglite.tar.gz';
const POSTGRES_FILE = 'database/postgres.dump';
const EMBEDDED_POSTGRES_DIR = 'database/embedded-postgres';
const EMBEDDED_CREDENTIALS_FILE = 'database/postgres-credentials.json';

interface BackupManifest {
  format: typeof FORMAT;
  version: 1;
  createdAt: string;
  database: 'pglite' | 'postgres' | 'embedded-postgres';
  /** local: DATA_DIR/uploads is in the archive; s3: the bucket is not (it keeps its own copies: versioning, replication) */
  images: 'local' | 's3';
}

/** What a backup reads: the open database (PostgreSQL's address too, for pg_dump) and where the images are. */
interface BackupSource {
  database: Pick<DatabaseHandle, 'driver' | 'dumpDataDir' | 'embeddedPostgres'>;
  databaseUrl?: string;
  dataDir: string;
  images: 'local' | 's3';
}

/**
 * Writes one tar archive: a manifest, the database, then the local images. The database comes first
 * and is one consistent snapshot (pg_dump's, or PGlite's own dump taken inside it); images are stored
 * before the rows that name them (decision 007), so every image the snapshot names is already on disk.
 */
export async function writeBackup(source: BackupSource, file: string): Promise<BackupManifest> {
  const staging = await mkdtemp(path.join(tmpdir(), 'shop-backup-'));
  try {
    await mkdir(path.join(staging, 'database'));
    const manifest: BackupManifest = {
      format: FORMAT,
      version: 1,
      createdAt: new Date().toISOString(),
      database: source.database.embeddedPostgres ? 'embedded-postgres' : source.database.driver === 'pg' ? 'postgres' : 'pglite',
      images: source.images,
    };
    if (source.database.embeddedPostgres) {
      await copyEmbeddedPostgres(source.database.embeddedPostgres, path.join(staging, EMBEDDED_POSTGRES_DIR));
      await cp(embeddedCredentials(source.dataDir), path.join(staging, EMBEDDED_CREDENTIALS_FILE));
    } else if (manifest.database === 'postgres') {
      if (!source.databaseUrl) throw new Error('A PostgreSQL backup needs DATABASE_URL');
      await pgTool('pg_dump', ['--format=custom', '--no-owner', '--no-privileges', `--file=${path.join(staging, POSTGRES_FILE)}`, source.databaseUrl]);
    } else {
      if (!source.database.dumpDataDir) throw new Error('This database cannot be dumped');
      const dump = await source.database.dumpDataDir();
      await writeFile(path.join(staging, PGLITE_FILE), Buffer.from(await dump.arrayBuffer()));
    }
    await writeFile(path.join(staging, 'manifest.json'), JSON.stringify(manifest, null, 2));
    await mkdir(path.dirname(path.resolve(file)), { recursive: true });
    await tar.c({ file, cwd: staging, portable: true }, ['manifest.json', 'database']);
    // the shop's data, password hashes included: as private as DATA_DIR's database files
    await chmod(file, 0o600);
    const uploads = uploadsDir(source.dataDir);
    if (source.images === 'local' && (await isDirectory(uploads))) {
      await tar.r({ file, cwd: source.dataDir, portable: true }, ['uploads']);
    }
    return manifest;
  } finally {
    await rm(staging, { recursive: true, force: true });
  }
}

/** Where a restore writes: an empty data directory (its images; PGlite's files), and an empty PostgreSQL database for a PostgreSQL backup. */
interface RestoreTarget {
  dataDir: string;
  databaseUrl?: string;
  /** replace what the target holds instead of refusing */
  force?: boolean;
}

/** Restores an archive written by writeBackup into an empty target; a target holding a shop is refused unless `force`. */
export async function restoreBackup(file: string, target: RestoreTarget): Promise<BackupManifest> {
  const staging = await mkdtemp(path.join(tmpdir(), 'shop-restore-'));
  let held: DataDirLock | null = null;
  try {
    await tar.x({ file, cwd: staging, strict: true });
    const manifest = await readManifest(staging);
    // an embedded database's files are replaced only while no shop runs on them
    if (manifest.database !== 'postgres') {
      await mkdir(target.dataDir, { recursive: true });
      held = await lockDataDir(target.dataDir);
    }
    const dbDir = path.join(target.dataDir, 'db');
    const clusterDir = embeddedPostgresDir(target.dataDir);
    const uploads = uploadsDir(target.dataDir);
    if (manifest.database === 'postgres') {
      if (!target.databaseUrl) throw invalidInput('This backup is of a PostgreSQL shop: set DATABASE_URL to the empty database to restore it into');
      if (!target.force && (await postgresHoldsTables(target.databaseUrl))) throw conflict('The target database is not empty (restore --force replaces it)');
    } else {
      if (target.databaseUrl) throw invalidInput('This backup is of an embedded-database shop: unset DATABASE_URL to restore it into DATA_DIR');
      for (const dir of [dbDir, clusterDir]) {
        if (!target.force && !(await isEmptyDir(dir))) throw conflict(`${dir} already holds a database (restore --force replaces it)`);
      }
    }
    if (!target.force && !(await isEmptyDir(uploads))) throw conflict(`${uploads} already holds images (restore --force replaces them)`);

    if (manifest.database === 'postgres') {
      const clean = target.force ? ['--clean', '--if-exists'] : [];
      await pgTool('pg_restore', [
        '--no-owner',
        '--no-privileges',
        '--exit-on-error',
        ...clean,
        `--dbname=${target.databaseUrl}`,
        path.join(staging, POSTGRES_FILE),
      ]);
    } else if (manifest.database === 'embedded-postgres') {
      // the shop opens PGlite's files where they exist, so the cluster replaces both
      await Promise.all([rm(dbDir, { recursive: true, force: true }), rm(clusterDir, { recursive: true, force: true })]);
      await cp(path.join(staging, EMBEDDED_POSTGRES_DIR), clusterDir, { recursive: true });
      await cp(path.join(staging, EMBEDDED_CREDENTIALS_FILE), embeddedCredentials(target.dataDir));
      await chmod(embeddedCredentials(target.dataDir), 0o600);
      await claimClusterFiles(clusterDir);
    } else {
      await Promise.all([rm(dbDir, { recursive: true, force: true }), rm(clusterDir, { recursive: true, force: true })]);
      const image = new Blob([await readFile(path.join(staging, PGLITE_FILE))]);
      // PGlite unpacks its own dump into the new directory and writes it out on close
      const restored = await openDatabase({ dataDir: target.dataDir, pgliteImage: image, ...(held && { heldDataDir: held }) });
      await restored.close();
    }
    if (manifest.images === 'local') {
      await rm(uploads, { recursive: true, force: true });
      const saved = path.join(staging, 'uploads');
      if (await isDirectory(saved)) await cp(saved, uploads, { recursive: true });
    }
    return manifest;
  } finally {
    await held?.release();
    await rm(staging, { recursive: true, force: true });
  }
}

async function readManifest(staging: string): Promise<BackupManifest> {
  const text = await readFile(path.join(staging, 'manifest.json'), 'utf8').catch(() => null);
  const manifest = text === null ? null : (JSON.parse(text) as Partial<BackupManifest>);
  if (manifest?.format !== FORMAT || manifest.version !== 1) throw invalidInput('Not a backup of this shop (no manifest.json of format 1)');
  return manifest as BackupManifest;
}

async function pgTool(tool: 'pg_dump' | 'pg_restore', args: string[]): Promise<void> {
  try {
    await run(tool, args, { maxBuffer: 16 * 1024 * 1024 });
  } catch (error) {
    const { code, stderr } = error as { code?: string; stderr?: string };
    if (code === 'ENOENT')
      throw new Error(`${tool} is not installed: install the PostgreSQL client tools of your server's version (Debian: postgresql-client)`);
    throw new Error(`${tool} failed: ${stderr?.trim() || String(error)}`);
  }
}

async function postgresHoldsTables(url: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ count: string }>(
      "select count(*) from pg_tables where schemaname not in ('pg_catalog', 'information_schema') and schemaname not like 'pg_toast%'",
    );
    return Number(rows[0]?.count) > 0;
  } finally {
    await client.end();
  }
}

async function isDirectory(dir: string): Promise<boolean> {
  return (await stat(dir).catch(() => null))?.isDirectory() ?? false;
}

async function isEmptyDir(dir: string): Promise<boolean> {
  if (!(await isDirectory(dir))) return true;
  return (await readdir(dir)).length === 0;
}
