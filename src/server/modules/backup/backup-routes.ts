import { createHash, timingSafeEqual } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyPluginAsync } from 'fastify';
import type { DatabaseHandle } from '#server/db/client.ts';
import { writeBackup } from './backup-service.ts';
import { publishBackupEndpoint, RUNNING_BACKUP_PATH } from './running-shop-service.ts';

/**
 * The running embedded shop's backup (running-shop-service.ts): the archive of its database, dumped
 * inside it, and its images, for `npm run backup` holding the token from DATA_DIR. Not registered on
 * PostgreSQL, where pg_dump reads a snapshot beside the running shop.
 */
export const runningShopBackupRoutes: FastifyPluginAsync<{ database: DatabaseHandle; dataDir: string; images: 'local' | 's3' }> = async (
  app,
  { database, dataDir, images },
) => {
  let expected: Buffer | null = null;
  let published: { remove(): Promise<void> } | null = null;
  app.addHook('onListen', async () => {
    const address = app.server.address();
    if (address === null || typeof address === 'string') return;
    const endpoint = await publishBackupEndpoint(dataDir, { host: address.address, port: address.port });
    expected = digest(endpoint.token);
    published = endpoint;
  });
  app.addHook('onClose', async () => {
    await published?.remove();
  });

  app.get(RUNNING_BACKUP_PATH, { schema: { hide: true } }, async (request, reply) => {
    const presented = /^Bearer\s+(.+)$/i.exec(request.headers.authorization ?? '')?.[1];
    if (!expected || !presented || !timingSafeEqual(digest(presented), expected)) return reply.status(404).send({ message: 'Not found' });
    const dir = await mkdtemp(path.join(tmpdir(), 'shop-backup-out-'));
    const file = path.join(dir, 'backup.tar');
    try {
      await writeBackup({ database, dataDir, images }, file);
    } catch (error) {
      await rm(dir, { recursive: true, force: true });
      throw error;
    }
    const stream = createReadStream(file);
    stream.on('close', () => void rm(dir, { recursive: true, force: true }));
    return reply.header('cache-control', 'no-store').type('application/x-tar').send(stream);
  });
};

// equal lengths for timingSafeEqual, whatever was sent
function digest(value: string): Buffer {
  return createHash('sha256').update(value).digest();
}
