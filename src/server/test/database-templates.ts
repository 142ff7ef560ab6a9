import { randomBytes } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import type { TestProject } from 'vitest/node';
import { migrationsFolder, openDatabase, pgliteOptions } from '#server/db/client.ts';
import { onServer } from './postgres-server.ts';

// vitest's global setup: the migrations run once per test run, not once per test shop. On PostgreSQL a
// migrated template database that createTestApp copies (CREATE DATABASE ... TEMPLATE); on the embedded
// database an image of a migrated one that each shop starts from. Each saves the seconds the migrations take
// on every one of some two hundred test shops. Tests of the migrations themselves still migrate.

declare module 'vitest' {
  export interface ProvidedContext {
    /** a file holding a migrated embedded database's image (PGlite dumpDataDir) */
    pgliteImage: string | null;
    /** a migrated database on the DATABASE_URL server, to copy */
    postgresTemplate: { server: string; name: string } | null;
  }
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const server = process.env.DATABASE_URL;
  if (server) {
    const name = `shop_template_${randomBytes(6).toString('hex')}`;
    await onServer(server, `create database ${name}`);
    const template = new URL(server);
    template.pathname = `/${name}`;
    const database = await openDatabase({ url: template.toString(), dataDir: null });
    await database.migrate();
    await database.close();
    project.provide('postgresTemplate', { server, name });
    project.provide('pgliteImage', null);
    return () => onServer(server, `drop database if exists ${name} with (force)`);
  }
  const folder = await mkdtemp(path.join(tmpdir(), 'shop-test-image-'));
  const client = new PGlite(await pgliteOptions());
  await migrate(drizzle(client), { migrationsFolder });
  const image = await client.dumpDataDir('none');
  await client.close();
  const file = path.join(folder, 'migrated.tar');
  await writeFile(file, Buffer.from(await image.arrayBuffer()));
  project.provide('pgliteImage', file);
  project.provide('postgresTemplate', null);
  return () => rm(folder, { recursive: true, force: true });
}
