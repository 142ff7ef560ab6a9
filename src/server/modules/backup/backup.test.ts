import { existsSync } from 'node:fs';
import { mkdtemp, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { openDatabase } from '#server/db/client.ts';
import { orders } from '#server/db/schema.ts';
import { createTestApp, type TestApp } from '#server/test/test-app.ts';
import { multipartBody, pngFile } from '#server/test/admin-test-kit.ts';
import { addProduct, checkoutBody, configureShop } from '#server/test/checkout-fixtures.ts';
import { restoreBackup, writeBackup } from './backup-service.ts';
import { backupFromRunningShop } from './running-shop-service.ts';

let t: TestApp;
let work: string;
let orderId: number;
let placedOrder: typeof orders.$inferSelect | undefined;
let imageFile: string;
const createdDatabases: string[] = [];

beforeAll(async () => {
  t = await createTestApp();
  work = await mkdtemp(path.join(tmpdir(), 'shop-backup-test-'));
  await configureShop(t.db);
  const paddle = await addProduct(t.db, { name: 'Backup Blade', price: '20.00', stock: 3 });
  const placed = await t.app.inject({ method: 'POST', url: '/api/create-payment-intent', payload: checkoutBody([{ productId: paddle.id, quantity: 1 }]) });
  orderId = placed.json().orderId;
  [placedOrder] = await t.db.select().from(orders).where(eq(orders.id, orderId));
  const admin = await t.signIn({ admin: true });
  const upload = await admin.inject({ method: 'POST', url: '/api/admin/images', ...(await multipartBody({ name: 'Backup Blade', image: await pngFile() })) });
  expect(upload.statusCode).toBe(201);
  imageFile = path.basename(upload.json().url);
});

afterAll(async () => {
  for (const name of createdDatabases) await onServer((client) => client.query(`drop database if exists ${name} with (force)`));
  await t.close();
  await rm(work, { recursive: true, force: true });
});

async function onServer<T>(use: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: t.databaseUrl });
  await client.connect();
  try {
    return await use(client);
  } finally {
    await client.end();
  }
}

/** A fresh target: an empty data directory, and an empty database beside the test's on PostgreSQL. */
async function freshTarget(): Promise<{ dataDir: string; databaseUrl?: string }> {
  const dataDir = await mkdtemp(path.join(work, 'target-'));
  if (!t.databaseUrl) return { dataDir };
  const name = `shop_restore_${Math.random().toString(36).slice(2, 10)}`;
  await onServer((client) => client.query(`create database ${name}`));
  createdDatabases.push(name);
  const url = new URL(t.databaseUrl);
  url.pathname = `/${name}`;
  return { dataDir, databaseUrl: url.toString() };
}

async function orderIn(target: { dataDir: string; databaseUrl?: string }) {
  const database = await openDatabase({ url: target.databaseUrl, dataDir: target.databaseUrl ? null : target.dataDir });
  try {
    const [order] = await database.db.select().from(orders).where(eq(orders.id, orderId));
    return order;
  } finally {
    await database.close();
  }
}

const source = () => ({ database: t.database, databaseUrl: t.databaseUrl, dataDir: t.dataDir, images: 'local' as const });

describe('npm run backup and npm run restore', () => {
  it('round-trips a shop: the order and the uploaded image are in the restored shop', async () => {
    const file = path.join(work, 'shop.tar');
    await writeBackup(source(), file);
    // the shop's data, password hashes included, for its owner's eyes only
    expect((await stat(file)).mode & 0o777).toBe(0o600);
    const target = await freshTarget();
    await restoreBackup(file, target);
    expect(placedOrder?.id).toBe(orderId);
    expect(await orderIn(target)).toEqual(placedOrder);
    expect(existsSync(path.join(target.dataDir, 'uploads', imageFile))).toBe(true);
  });

  it('refuses a target that holds a shop unless forced', async () => {
    const file = path.join(work, 'again.tar');
    await writeBackup(source(), file);
    const target = await freshTarget();
    await restoreBackup(file, target);
    await expect(restoreBackup(file, target)).rejects.toThrow(/not empty|already holds/);
    await restoreBackup(file, { ...target, force: true });
    expect(await orderIn(target)).toMatchObject({ id: orderId });
  });

  it('refuses a file that is not one of its backups', async () => {
    const file = path.join(work, 'not-a-backup.tar');
    await writeFile(file, 'hello');
    await expect(restoreBackup(file, await freshTarget())).rejects.toThrow();
  });

  it.runIf(!process.env.DATABASE_URL)('asks the running embedded shop for its backup, which dumps its own database', async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    // in a folder not made yet, as `npm run backup`'s backups/ on a fresh checkout
    const file = path.join(work, 'backups', 'running.tar');
    // the shop publishes its endpoint from an onListen hook, which listen() does not wait for
    await vi.waitFor(async () => expect(await backupFromRunningShop(t.dataDir, file)).toBe(true), { timeout: 10_000, interval: 100 });
    expect((await stat(file)).mode & 0o777).toBe(0o600);
    const target = await freshTarget();
    await restoreBackup(file, target);
    expect(await orderIn(target)).toMatchObject({ id: orderId });
    expect(existsSync(path.join(target.dataDir, 'uploads', imageFile))).toBe(true);
  });
});
