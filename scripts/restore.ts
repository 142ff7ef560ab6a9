// npm run restore -- <file.tar> [--force]: a backup (npm run backup) into an empty DATA_DIR, and for a
// PostgreSQL shop into the empty database at DATABASE_URL. A target holding a shop is refused unless --force.
import path from 'node:path';
import { ConfigError, loadConfig } from '#server/config.ts';
import { restoreBackup } from '#server/modules/backup/backup-service.ts';

const RESTORED_INTO = {
  postgres: () => 'the database at DATABASE_URL',
  'embedded-postgres': (dataDir: string) => `${dataDir}/postgres`,
  pglite: (dataDir: string) => `${dataDir}/db`,
};

async function restore(): Promise<void> {
  const args = process.argv.slice(2);
  const force = args.includes('--force');
  const [file] = args.filter((arg) => arg !== '--force');
  if (!file) throw new Error('Usage: npm run restore -- <backup.tar> [--force]');
  const config = loadConfig();
  const dataDir = path.resolve(config.DATA_DIR);
  const manifest = await restoreBackup(path.resolve(file), { dataDir, databaseUrl: config.DATABASE_URL, force });
  console.log(`Restored the backup of ${manifest.createdAt} into ${RESTORED_INTO[manifest.database](dataDir)}; images into ${dataDir}/uploads.`);
  console.log('Start the shop as usual: pending migrations are applied at start.');
}

restore().catch((error: unknown) => {
  console.error(error instanceof ConfigError || error instanceof Error ? error.message : error);
  process.exit(1);
});
