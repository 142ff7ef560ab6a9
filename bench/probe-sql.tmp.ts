import pg from 'pg';
import { drizzle } from 'drizzle-orm/node-postgres';
import * as schema from '#server/db/schema.ts';
import { listCatalog } from '#server/modules/catalog/catalog-listing.ts';
const pool = new pg.Pool({ connectionString: 'postgres://postgres@127.0.0.1:5432/catprobe' });
const log: { text: string; params: unknown[] }[] = [];
const db = drizzle(pool, { schema, logger: { logQuery: (text, params) => void log.push({ text, params }) } }) as never;
const q = process.argv[2]!;
await listCatalog(db, { q } as never);
const client = await pool.connect();
for (const { text, params } of log) {
  if (/^(begin|commit|select set_config)/i.test(text)) {
    if (/set_config/.test(text)) await client.query(text.replace('$1', `'${params[0]}'`).replace(/, true/, ', false'));
    continue;
  }
  const r = await client.query(`explain (analyze, buffers off, timing on) ${text}`, params as unknown[]);
  const lines = r.rows.map((row) => row['QUERY PLAN']);
  console.log('-----', text.slice(0, 200).replace(/\s+/g, ' '));
  console.log(lines.filter((l: string) => /Execution Time|Planning Time/.test(l)).join(' | '));
  if (process.argv[3]) console.log(lines.join('\n'));
}
client.release();
await pool.end();
