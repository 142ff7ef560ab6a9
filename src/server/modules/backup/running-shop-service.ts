import { randomBytes } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';

/**
 * The embedded database is one process's files: while the shop runs, no other process may open them.
 * So the running shop takes the backup itself, asked by `npm run backup` on the same machine through
 * this file (its address and a token made at start, readable only by the shop's user, as the
 * database files are): whoever can read it could read DATA_DIR anyway.
 */
const ENDPOINT_FILE = 'backup-endpoint.json';

export const RUNNING_BACKUP_PATH = '/_ops/backup';

interface Endpoint {
  url: string;
  token: string;
}

/** Written once the shop listens; removed when it closes. */
export async function publishBackupEndpoint(dataDir: string, address: { host: string; port: number }): Promise<{ token: string; remove(): Promise<void> }> {
  const token = randomBytes(24).toString('base64url');
  const host = address.host === '0.0.0.0' || address.host === '::' ? '127.0.0.1' : address.host;
  const url = `http://${host.includes(':') ? `[${host}]` : host}:${address.port}${RUNNING_BACKUP_PATH}`;
  const file = path.join(dataDir, ENDPOINT_FILE);
  await writeFile(file, JSON.stringify({ url, token } satisfies Endpoint), { mode: 0o600 });
  return { token, remove: () => rm(file, { force: true }) };
}

/**
 * Asks the shop running on this DATA_DIR for a backup into `file`. false when no shop runs on it
 * (no endpoint file, or nobody answers at its address: a shop that stopped without removing it).
 */
export async function backupFromRunningShop(dataDir: string, file: string): Promise<boolean> {
  const text = await readFile(path.join(dataDir, ENDPOINT_FILE), 'utf8').catch(() => null);
  if (text === null) return false;
  const endpoint = JSON.parse(text) as Endpoint;
  let response: Response;
  try {
    response = await fetch(endpoint.url, { headers: { authorization: `Bearer ${endpoint.token}` } });
  } catch {
    return false;
  }
  if (!response.ok || !response.body) throw new Error(`The running shop refused the backup (${response.status}): ${await response.text()}`);
  await mkdir(path.dirname(file), { recursive: true });
  try {
    await pipeline(Readable.fromWeb(response.body as import('node:stream/web').ReadableStream), createWriteStream(file, { mode: 0o600 }));
  } catch (error) {
    // half an archive is no backup
    await rm(file, { force: true });
    throw error;
  }
  return true;
}
