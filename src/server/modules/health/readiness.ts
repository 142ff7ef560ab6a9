import { readFileSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { migrationsFolder, type DatabaseHandle } from '#server/db/client.ts';
import { isDatabaseUnavailable, isSchemaMissing } from '#server/db/database-unavailable.ts';
import { products } from '#server/db/schema.ts';

/** A load balancer's probe should learn quickly that this instance cannot serve. */
const READINESS_DEADLINE_MS = 2_000;

type Readiness = { ready: true; database: DatabaseHandle['driver']; schemaVersion: string; migrations: number } | { ready: false; reason: string };

interface JournalEntry {
  tag: string;
  /** drizzle's migrator stores this as __drizzle_migrations.created_at */
  when: number;
}

/** The migrations this build ships, in order. */
export function shippedMigrations(folder = migrationsFolder): JournalEntry[] {
  const journal = JSON.parse(readFileSync(path.join(folder, 'meta', '_journal.json'), 'utf8')) as { entries: JournalEntry[] };
  return journal.entries.map(({ tag, when }) => ({ tag, when }));
}

/**
 * Ready = the schema has every migration this build ships, and an app table answers a query,
 * all within the deadline. Liveness (/api/health) is separate and never touches the database.
 */
export function createReadinessCheck(
  database: DatabaseHandle,
  options: { deadlineMs?: number; onError?: (error: unknown) => void } = {},
): () => Promise<Readiness> {
  const deadlineMs = options.deadlineMs ?? READINESS_DEADLINE_MS;
  const explain = (error: unknown): Readiness => {
    if (isSchemaMissing(error)) return { ready: false, reason: 'database schema is not migrated' };
    if (isDatabaseUnavailable(error)) return { ready: false, reason: 'database is unreachable' };
    // the driver's message may quote SQL: it goes to the log, not to the prober
    options.onError?.(error);
    return { ready: false, reason: 'database check failed' };
  };
  const shipped = shippedMigrations();
  const latest = shipped.at(-1)?.tag ?? 'none';

  async function check(): Promise<Readiness> {
    // both drivers answer { rows }; created_at is a bigint, which node-postgres gives as a string
    const applied = (await database.db.execute(sql`select created_at from drizzle.__drizzle_migrations`)) as { rows: Array<{ created_at: string | number }> };
    const appliedAt = new Set(applied.rows.map((row) => Number(row.created_at)));
    const missing = shipped.filter((migration) => !appliedAt.has(migration.when));
    if (missing.length > 0) {
      return { ready: false, reason: `database schema is behind: migration ${missing.map((m) => m.tag).join(', ')} not applied` };
    }
    await database.db.select({ id: products.id }).from(products).limit(1);
    return { ready: true, database: database.driver, schemaVersion: latest, migrations: shipped.length };
  }

  return async () => {
    let timer: NodeJS.Timeout | undefined;
    const deadline = new Promise<Readiness>((resolve) => {
      timer = setTimeout(() => resolve({ ready: false, reason: `database did not answer within ${deadlineMs} ms` }), deadlineMs);
    });
    try {
      return await Promise.race([check().catch(explain), deadline]);
    } finally {
      clearTimeout(timer);
    }
  };
}
