import { sql, type SQL } from 'drizzle-orm';
import type { Database, Transaction } from '#server/db/client.ts';

/** What pg-boss runs its SQL on (its `db` option). */
interface SqlExecutor {
  executeSql(text: string, values?: unknown[]): Promise<{ rows: unknown[] }>;
}

/**
 * pg-boss's statements ($1, $2, ...) run through a Drizzle handle, so a job can be written in the
 * caller's transaction: the e-mail's outbox row and its job commit or roll back together.
 */
export function drizzleExecutor(db: Database | Transaction): SqlExecutor {
  return {
    async executeSql(text, values = []) {
      const result = (await db.execute(toDrizzleSql(text, values))) as unknown as { rows: unknown[] };
      return { rows: result.rows };
    },
  };
}

function toDrizzleSql(text: string, values: unknown[]): SQL {
  const parts = text.split(/\$(\d+)/);
  const chunks: SQL[] = [sql.raw(parts[0]!)];
  for (let i = 1; i < parts.length; i += 2) {
    chunks.push(sql`${values[Number(parts[i]) - 1] ?? null}`, sql.raw(parts[i + 1]!));
  }
  return sql.join(chunks);
}
