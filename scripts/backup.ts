// npm run backup [-- <file.tar>]: the shop's database and uploaded images in one tar archive, taken while
// the shop runs (README, Backups; decision 055). The default file is backups/shop-<time>.tar.
import path from 'node:path';
import { ConfigError, loadConfig } from '#server/config.ts';
import { openDatabase } from '#server/db/client.ts';
import { writeBackup } from '#server/modules/backup/backup-service.ts';
import { backupFromRunningShop } from '#server/modules/backup/running-shop-service.ts';

async function backup(): Promise<void> {
  const config = loadConfig();
  const dataDir = path.resolve(config.DATA_DIR);
  const file = path.resolve(process.argv[2] ?? path.join('backups', `shop-${new Date().toISOString().replace(/[:.]/g, '-')}.tar`));
  const images = config.S3_BUCKET ? 's3' : 'local';
  if (config.DATABASE_URL) {
    await writeBackup({ database: { driver: 'pg' }, databaseUrl: config.DATABASE_URL, dataDir, images }, file);
  } else if (!(await backupFromRunningShop(dataDir, file))) {
    // no shop runs on this DATA_DIR: its files are ours to open
    const database = await openDatabase({ dataDir, embedded: config.EMBEDDED_DATABASE });
    try {
      await writeBackup({ database, dataDir, images }, file);
    } finally {
      await database.close();
    }
  }
  console.log(`Backup written: ${file}`);
  if (images === 's3') console.log(`The images in the bucket ${config.S3_BUCKET} are not in it: keep the bucket's own copies (versioning, replication).`);
}

backup().catch((error: unknown) => {
  console.error(error instanceof ConfigError || error instanceof Error ? error.message : error);
  process.exit(1);
});
