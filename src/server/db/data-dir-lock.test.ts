import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { hostname, tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from './client.ts';
import { DataDirInUse, LOCK_FILE, lockDataDir, setAside } from './data-dir-lock.ts';
import { restoreBackup, writeBackup } from '#server/modules/backup/backup-service.ts';

const work = await mkdtemp(path.join(tmpdir(), 'shop-lock-'));
afterAll(() => rm(work, { recursive: true, force: true }));
let folders = 0;
const folder = () => mkdtemp(path.join(work, `dir-${(folders += 1)}-`));

const startTimeOf = (pid: number) => {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19]);
};
const writeHolder = (dataDir: string, holder: object | string) =>
  writeFile(path.join(dataDir, LOCK_FILE), typeof holder === 'string' ? holder : JSON.stringify(holder));

describe('the DATA_DIR lock', () => {
  it('is held by one opener at a time and taken again once released', async () => {
    const dataDir = await folder();
    const first = await lockDataDir(dataDir);
    await expect(lockDataDir(dataDir)).rejects.toThrow(DataDirInUse);
    await first.release();
    expect(existsSync(path.join(dataDir, LOCK_FILE))).toBe(false);
    const second = await lockDataDir(dataDir);
    await second.release();
  });

  it('refuses while another live process holds it, naming it and the file to delete if no shop runs', async () => {
    const dataDir = await folder();
    const other = spawn(process.execPath, ['-e', 'setInterval(() => {}, 60000)'], { stdio: 'ignore' });
    try {
      await writeHolder(dataDir, { host: hostname(), pid: other.pid, started: process.platform === 'linux' ? startTimeOf(other.pid!) : null });
      const refusal = lockDataDir(dataDir);
      await expect(refusal).rejects.toThrow(`Another shop is running on ${dataDir} (pid ${other.pid})`);
      await expect(refusal).rejects.toThrow(`delete ${path.join(dataDir, LOCK_FILE)}`);
    } finally {
      other.kill('SIGKILL');
    }
  });

  it('takes over a lock whose process is gone, whose pid went to another process, or that was half written', async () => {
    const gone = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))'], { encoding: 'utf8' });
    const leftBehind = [
      { host: hostname(), pid: Number(gone.stdout), started: null },
      // our own pid, started at another time: a process that had it before a reboot or in another container
      ...(process.platform === 'linux' ? [{ host: hostname(), pid: process.pid, started: startTimeOf(process.pid) - 1 }] : []),
      '{"host":',
    ];
    for (const holder of leftBehind) {
      const dataDir = await folder();
      await writeHolder(dataDir, holder);
      const lock = await lockDataDir(dataDir);
      expect(JSON.parse(await readFile(path.join(dataDir, LOCK_FILE), 'utf8'))).toMatchObject({ pid: process.pid });
      await lock.release();
    }
  });

  it('refuses a lock held on another host, whose process it cannot see', async () => {
    const dataDir = await folder();
    await writeHolder(dataDir, { host: `not-${hostname()}`, pid: 1, started: null });
    await expect(lockDataDir(dataDir)).rejects.toThrow(`(pid 1 on not-${hostname()})`);
  });

  it('puts back a live lock that an opener moved, having taken it for the one left behind it read before', async () => {
    const dataDir = await folder();
    const lock = await lockDataDir(dataDir);
    const live = await readFile(path.join(dataDir, LOCK_FILE), 'utf8');
    await setAside(path.join(dataDir, LOCK_FILE), { host: hostname(), pid: 2 ** 22 + 1, started: null });
    expect(await readFile(path.join(dataDir, LOCK_FILE), 'utf8')).toBe(live);
    await expect(lockDataDir(dataDir)).rejects.toThrow(DataDirInUse);
    await lock.release();
  });

  it('goes to exactly one of two openers that find the same lock left behind', async () => {
    for (let round = 0; round < 50; round++) {
      const dataDir = await folder();
      await writeHolder(dataDir, { host: hostname(), pid: 2 ** 22 + 1, started: null });
      const results = await Promise.allSettled([lockDataDir(dataDir), lockDataDir(dataDir)]);
      expect(results.filter((result) => result.status === 'fulfilled')).toHaveLength(1);
      for (const result of results) {
        if (result.status === 'rejected') expect(result.reason).toBeInstanceOf(DataDirInUse);
        else await result.value.release();
      }
    }
  });

  it("keeps a restore off a running shop's files, and a second open off them", { timeout: 60_000 }, async () => {
    const source = await folder();
    const shop = await openDatabase({ dataDir: source });
    const backup = path.join(work, 'shop.tar');
    try {
      await shop.executeSql("create table notes (body text not null); insert into notes values ('kept')");
      await writeBackup({ database: shop, dataDir: source, images: 'local' }, backup);
      await expect(openDatabase({ dataDir: source })).rejects.toThrow(DataDirInUse);
      await expect(restoreBackup(backup, { dataDir: source, force: true })).rejects.toThrow(DataDirInUse);
      const { rows } = await shop.executeSql('select body from notes');
      expect(rows).toEqual([{ body: 'kept' }]);
    } finally {
      await shop.close();
    }
    // once it has stopped, the restore goes ahead, and the shop opens on what it restored
    await restoreBackup(backup, { dataDir: source, force: true });
    const reopened = await openDatabase({ dataDir: source });
    try {
      expect((await reopened.executeSql('select body from notes')).rows).toEqual([{ body: 'kept' }]);
    } finally {
      await reopened.close();
    }
  });
});
