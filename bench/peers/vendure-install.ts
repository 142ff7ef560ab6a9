import { existsSync } from 'node:fs';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { runToEnd } from '../processes.ts';

/** The release measured by the author; PEERS_VENDURE_VERSION measures another 3.x. */
export const VENDURE_VERSION = process.env.PEERS_VENDURE_VERSION || '3.7.3';

/**
 * Installs @vendure/core and the PostgreSQL driver into their own folder under /tmp, outside this
 * project (nothing of Vendure enters our package.json or lock file). A folder already holding this
 * version is used as it is, so a second run starts at once.
 */
export async function installVendure(version = VENDURE_VERSION): Promise<string> {
  const dir = `/tmp/vendure-peer-${version}`;
  const manifest = `${dir}/node_modules/@vendure/core/package.json`;
  if (existsSync(manifest) && (JSON.parse(await readFile(manifest, 'utf8')) as { version: string }).version === version) return dir;
  await mkdir(dir, { recursive: true });
  await writeFile(`${dir}/package.json`, `${JSON.stringify({ name: 'vendure-peer', private: true }, null, 2)}\n`);
  await runToEnd('npm', ['install', '--prefix', dir, '--no-audit', '--no-fund', `@vendure/core@${version}`, 'pg@8'], { cwd: dir });
  return dir;
}
