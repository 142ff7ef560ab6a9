import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { link, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { hostname } from 'node:os';
import path from 'node:path';

/**
 * One shop at a time on a DATA_DIR's database. A second `npm start` on the same DATA_DIR took the first
 * one's PostgreSQL for a server left behind by a killed shop and stopped it, and the first shop answered
 * 503 from then on; two processes on one PGlite folder would each write its files. So the process that
 * opens the database there holds this file, which names it, and the next one refuses while it runs.
 *
 * The holder is known by its host, pid and, on Linux, its start time, so that a lock left by a shop that
 * was killed is taken over at once, even when its pid went to another process since (a reboot, a
 * container's pid 1). A lock file's age would either make a restart after a crash wait it out or hand the
 * folder to a second shop while the first was busy (a long import), so none is read.
 */
export const LOCK_FILE = 'shop.lock';

interface Holder {
  host: string;
  pid: number;
  /** the process's start time in clock ticks after boot (Linux); null elsewhere */
  started: number | null;
}

export class DataDirInUse extends Error {
  constructor(dataDir: string, holder: Holder) {
    const where = holder.host === hostname() ? `pid ${holder.pid}` : `pid ${holder.pid} on ${holder.host}`;
    super(
      `Another shop is running on ${dataDir} (${where}): stop it first, or give this one a DATA_DIR of its own. ` +
        `If no shop runs there, delete ${path.join(dataDir, LOCK_FILE)}.`,
    );
    this.name = 'DataDirInUse';
  }
}

export interface DataDirLock {
  release(): Promise<void>;
}

/** From /proc/<pid>/stat: its state (field 3) and start time (field 22); null where there is no /proc or no such process. */
function procStat(pid: number): { state: string; started: number } | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // the command name in parentheses may hold spaces: count from after it
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return { state: fields[0]!, started: Number(fields[19]) };
  } catch {
    return null;
  }
}

/** Whether a process of this pid exists (EPERM: it does, under another user). */
export function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** A holder on another host cannot be looked at from here: it counts as running. */
function isRunning(holder: Holder): boolean {
  if (holder.host !== hostname()) return true;
  if (!isAlive(holder.pid)) return false;
  if (holder.started === null) return true;
  const stat = procStat(holder.pid);
  // a killed shop its parent has not reaped yet is a zombie: it holds nothing any more
  return stat !== null && stat.started === holder.started && stat.state !== 'Z' && stat.state !== 'X';
}

async function readHolder(file: string): Promise<Holder | null> {
  const text = await readFile(file, 'utf8').catch(() => null);
  if (text === null) return null;
  try {
    const holder = JSON.parse(text) as Holder;
    return typeof holder.pid === 'number' && typeof holder.host === 'string' ? holder : null;
  } catch {
    // a lock half written by a process that died writing it
    return null;
  }
}

export async function lockDataDir(dataDir: string): Promise<DataDirLock> {
  const file = path.join(dataDir, LOCK_FILE);
  const own: Holder = { host: hostname(), pid: process.pid, started: procStat(process.pid)?.started ?? null };
  const text = JSON.stringify(own);
  // written whole under a name of its own, then linked into place: another opener never reads it half written
  const draft = `${file}.${randomBytes(6).toString('hex')}`;
  await writeFile(draft, text, { mode: 0o600 });
  try {
    for (let attempt = 0; attempt < 5; attempt++) {
      try {
        await link(draft, file);
        return { release: () => releaseIfOwn(file, text) };
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      }
      const holder = await readHolder(file);
      if (holder && isRunning(holder)) throw new DataDirInUse(dataDir, holder);
      await setAside(file, holder);
    }
  } finally {
    await rm(draft, { force: true });
  }
  throw new Error(`Could not take ${file}: other processes keep taking it over`);
}

/**
 * Moves a lock left behind out of the way. Two shops starting at once may both find it; the one that
 * moved another's fresh lock instead puts it back, and then finds it running at its next attempt.
 */
export async function setAside(file: string, expected: Holder | null): Promise<void> {
  const aside = `${file}.${randomBytes(6).toString('hex')}`;
  try {
    await rename(file, aside);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return;
    throw error;
  }
  const moved = await readHolder(aside);
  if (moved && JSON.stringify(moved) !== JSON.stringify(expected) && isRunning(moved)) {
    await link(aside, file).catch(() => {});
  }
  await rm(aside, { force: true });
}

async function releaseIfOwn(file: string, text: string): Promise<void> {
  if ((await readFile(file, 'utf8').catch(() => null)) === text) await rm(file, { force: true });
}
