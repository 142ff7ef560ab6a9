import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { chmod, mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from './client.ts';
import { embeddedPostgresDir } from './embedded-postgres.ts';
import { restoreBackup, writeBackup } from '#server/modules/backup/backup-service.ts';

// The shop's own PostgreSQL (decision 065): what `npm start` opens without DATABASE_URL.
const work = await mkdtemp(path.join(tmpdir(), 'shop-embedded-pg-'));
// as root the server runs as the postgres user, who must be able to reach DATA_DIR
await chmod(work, 0o755);
// what the shop would have printed, said when a test finds PGlite where it expected the server
const warnings: string[] = [];
const quiet = { warn: (message: string) => void warnings.push(message) };
afterAll(() => rm(work, { recursive: true, force: true }));

const open = (dataDir: string) => openDatabase({ dataDir, embedded: 'postgres', log: quiet });

async function countNotes(dataDir: string): Promise<number> {
  const database = await open(dataDir);
  try {
    const { rows } = await database.executeSql('select count(*)::int as count from notes');
    return (rows[0] as { count: number }).count;
  } finally {
    await database.close();
  }
}

// each start runs initdb or a server: seconds on a quiet machine, far more on a loaded one
describe('the embedded PostgreSQL server', { timeout: 180_000 }, () => {
  it('is created on the first start, keeps its data across restarts, and is stopped when the shop closes', async () => {
    const dataDir = path.join(work, 'restarts');
    const first = await open(dataDir);
    // as root the server runs as the postgres user, who must reach the binaries too: a clone under a 0700
    // directory (mktemp -d) cannot start it, and the shop keeps to PGlite, saying why
    expect(first.driver, warnings.join('\n')).toBe('pg');
    expect(first.embeddedPostgres?.dir).toBe(embeddedPostgresDir(dataDir));
    await first.executeSql('create table notes (body text not null)');
    await first.db.execute(sql`insert into notes values ('kept')`);
    await first.close();
    expect(existsSync(path.join(embeddedPostgresDir(dataDir), 'postmaster.pid'))).toBe(false);
    expect(await countNotes(dataDir)).toBe(1);
    // the password made at the first start is the shop's own, readable by it alone
    const credentials = path.join(dataDir, 'postgres-credentials.json');
    expect(JSON.parse(await readFile(credentials, 'utf8')).password).toMatch(/^[\w-]{32}$/);
  });

  it('refuses a second shop while the first runs; stops the server a killed shop left running, and starts on the same files', async () => {
    const dataDir = path.join(work, 'killed');
    const database = await open(dataDir);
    await database.executeSql("create table notes (body text not null); insert into notes values ('before the crash')");
    await database.close();
    // a shop process killed outright (SIGKILL runs no exit handler): its server keeps running
    const shop = spawn(process.execPath, ['--import', 'tsx', path.join(import.meta.dirname, '..', 'test', 'embedded-postgres-child.ts'), dataDir], {
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    await new Promise<void>((resolve, reject) => {
      shop.stdout.on('data', (chunk: Buffer) => chunk.toString().includes('open') && resolve());
      shop.once('exit', (code) => reject(new Error(`the fixture exited with ${code}`)));
    });
    // while it runs, a second shop on its DATA_DIR is refused and leaves its server alone
    await expect(open(dataDir)).rejects.toThrow(new RegExp(`Another shop is running on ${dataDir} \\(pid ${shop.pid}\\)`));
    const serving = Number((await readFile(path.join(embeddedPostgresDir(dataDir), 'postmaster.pid'), 'utf8')).split('\n')[0]);
    expect(() => process.kill(serving, 0)).not.toThrow();
    // and once it is dead (a supervisor restarts a shop after its process has ended), the next start goes ahead
    const ended = new Promise((resolve) => shop.once('exit', resolve));
    shop.kill('SIGKILL');
    await ended;
    const leftOver = Number((await readFile(path.join(embeddedPostgresDir(dataDir), 'postmaster.pid'), 'utf8')).split('\n')[0]);
    expect(() => process.kill(leftOver, 0)).not.toThrow();
    expect(await countNotes(dataDir)).toBe(1);
    expect(() => process.kill(leftOver, 0)).toThrow();
  });

  it('leaves a shop that started on PGlite on its PGlite files', async () => {
    const dataDir = path.join(work, 'pglite-shop');
    const pglite = await openDatabase({ dataDir });
    await pglite.executeSql("create table notes (body text not null); insert into notes values ('on pglite')");
    await pglite.close();
    const reopened = await open(dataDir);
    try {
      expect(reopened.driver).toBe('pglite');
      expect(reopened.embeddedPostgres).toBeUndefined();
    } finally {
      await reopened.close();
    }
    expect(existsSync(embeddedPostgresDir(dataDir))).toBe(false);
  });

  it('is backed up while writes go on, and the restored copy starts with every committed row', async () => {
    const dataDir = path.join(work, 'backed-up');
    const database = await open(dataDir);
    await database.executeSql('create table notes (body text not null)');
    let writing = true;
    let committed = 0;
    const writer = (async () => {
      while (writing) {
        await database.db.execute(sql`insert into notes values (${`note ${committed}`})`);
        committed += 1;
        // a turn for the backup between writes, as between requests: an in-process database (PGlite, when the
        // server could not start) answers without one and the backup would never run
        await new Promise((resolve) => setImmediate(resolve));
      }
    })();
    while (committed < 20) await new Promise((resolve) => setTimeout(resolve, 10));
    const committedBeforeTheStart = committed;
    const file = path.join(work, 'backup.tar');
    const manifest = await writeBackup({ database, dataDir, images: 'local' }, file);
    writing = false;
    await writer;
    await database.close();
    expect(manifest.database).toBe('embedded-postgres');

    const target = path.join(work, 'restored');
    await restoreBackup(file, { dataDir: target });
    const restored = await countNotes(target);
    // every row committed before the backup started is there, and nothing that was never committed
    expect(restored).toBeGreaterThanOrEqual(committedBeforeTheStart);
    expect(restored).toBeLessThanOrEqual(committed);
    await expect(restoreBackup(file, { dataDir: target })).rejects.toThrow(/already holds a database/);
  });
});
