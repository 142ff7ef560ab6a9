import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildApp } from './app.ts';
import { ConfigError, loadConfig } from './config.ts';
import { openDatabase, type DatabaseHandle } from './db/client.ts';
import { DataDirInUse } from './db/data-dir-lock.ts';
import { loadSessionSecret } from './http/session-secret.ts';
import { installGracefulShutdown } from './http/shutdown.ts';
import { seedDatabase } from './seed/seed.ts';
import { bootstrapAdmin } from './modules/accounts/admin-bootstrap-service.ts';
import { openImageStore } from './modules/media/image-store-service.ts';
import { simulatedPaymentsWarning } from './payment-provider-warning.ts';
import { publicUrlWarning } from './public-url-warning.ts';

const startedAt = performance.now();

async function main() {
  const config = loadConfig();
  const simulatedPayments = simulatedPaymentsWarning(config);
  if (simulatedPayments) console.warn(simulatedPayments);
  const noPublicUrl = publicUrlWarning(config);
  if (noPublicUrl) console.warn(noPublicUrl);
  const dataDir = path.resolve(config.DATA_DIR);
  await mkdir(dataDir, { recursive: true });

  const database = await openDatabase({ url: config.DATABASE_URL, dataDir, embedded: config.EMBEDDED_DATABASE, log: console, timeouts: config });
  await database.migrate();
  const images = await openImageStore(config, dataDir);
  const seeded = await seedDatabase(database.db, { mode: config.SEED, images });
  const sessionSecret = await loadSessionSecret(database.db, { configured: config.SESSION_SECRET, dataDir });
  // ADMIN_PASSWORD is hashed at every start (scrypt, a few hundred ms on the thread pool): the app is built meanwhile
  const [admin, { app }] = await Promise.all([
    bootstrapAdmin(database.db, config, dataDir),
    buildApp({
      config,
      database,
      db: database.db,
      images,
      sessionSecret,
      clientDir: config.CLIENT_DIR ? path.resolve(config.CLIENT_DIR) : fileURLToPath(new URL('../../dist/client', import.meta.url)),
      logger: true,
    }),
  ]);

  installGracefulShutdown(app, {
    release: async () => {
      await Promise.all([database.close(), images.close()]);
    },
  });

  const address = await app.listen({ port: config.PORT, host: config.HOST });
  const shown = address.replace('0.0.0.0', 'localhost').replace('[::]', 'localhost');
  const lines = [
    `Pickleball shop ready at ${shown} (${databaseName(database, dataDir)}) in ${Math.round(performance.now() - startedAt)} ms`,
    `Uploaded images: ${images.location}`,
  ];
  if (seeded) lines.push('Demo catalogue loaded.');
  if (simulatedPayments) lines.push('Card payments are SIMULATED: no money is taken (see the warning above).');
  if (admin.kind === 'generated') {
    lines.push(`Admin account created: username "${admin.username}", password "${admin.password}"`);
    lines.push(`The password is also in ${admin.file}; change it after signing in.`);
  } else if (admin.kind === 'env') {
    lines.push(`Admin "${admin.username}" set from ADMIN_USERNAME/ADMIN_PASSWORD.`);
  } else {
    lines.push(`Admin password (first start): see ${path.join(dataDir, 'admin-password.txt')} if it exists.`);
  }
  console.log(lines.join('\n'));
}

function databaseName(database: DatabaseHandle, dataDir: string): string {
  if (database.embeddedPostgres) return `the shop's PostgreSQL in ${database.embeddedPostgres.dir}`;
  return database.driver === 'pglite' ? `embedded database in ${dataDir}/db` : 'PostgreSQL';
}

main().catch((error: unknown) => {
  console.error(error instanceof ConfigError || error instanceof DataDirInUse ? error.message : error);
  process.exit(1);
});
