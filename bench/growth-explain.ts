// tsx bench/growth-explain.ts <database url> [read name part] (GROWTH_EXPLAIN_RUNS=n: its first n variants): EXPLAIN (ANALYZE, BUFFERS) of every statement
// the growth tier's reads send, on a database the tier kept (GROWTH_KEEP_DATABASE=1), to find why a read
// misses its budget. Each read runs twice first (its statements prepared, the listing's metadata kept),
// then again with its statements recorded from the pool, then each recorded statement is explained.
import { sql } from 'drizzle-orm';
import { openGeneratorDatabase } from './catalog-generator.ts';
import { growthReadPlans } from './growth-reads.ts';

interface Recorded {
  text: string;
  values: unknown[];
}

const [url, only] = process.argv.slice(2);
// how many of a read's variants (its listings, searches, filters in turn) to explain: the first only unless told
const runs = Number(process.env.GROWTH_EXPLAIN_RUNS ?? 1);
if (!url) throw new Error('usage: tsx bench/growth-explain.ts <database url> [read name part]');
const database = await openGeneratorDatabase(url);
try {
  const pool = (database.db as unknown as { $client: { query: (...args: unknown[]) => Promise<unknown> } }).$client;
  const query = pool.query.bind(pool);
  let recording: Recorded[] | null = null;
  pool.query = (...args: unknown[]) => {
    const [first, second] = args as [string | { text: string; values?: unknown[] }, unknown[] | undefined];
    const text = typeof first === 'string' ? first : first.text;
    recording?.push({ text, values: (typeof first === 'string' ? undefined : first.values) ?? second ?? [] });
    return query(...args);
  };
  const [newest] = ((await database.db.execute(sql`select max(created_at)::text as at from orders`)) as unknown as { rows: { at: string }[] }).rows;
  for (const plan of growthReadPlans(database.db, new Date(newest!.at))) {
    if (only && !plan.name.includes(only)) continue;
    await plan.run(0);
    await plan.run(1);
    recording = [];
    for (let index = 0; index < runs; index += 1) await plan.run(index);
    const statements = recording as Recorded[];
    recording = null;
    console.log(`\n===== ${plan.name}: ${statements.length} statements`);
    for (const statement of statements) {
      if (!/^\s*(with|select)/i.test(statement.text)) continue;
      const plain = (await query(`explain (analyze, buffers) ${statement.text}`, statement.values)) as { rows: Array<{ 'QUERY PLAN': string }> };
      console.log(`\n--- ${statement.text.replace(/\s+/g, ' ').slice(0, 160)}\n${plain.rows.map((row) => row['QUERY PLAN']).join('\n')}`);
    }
  }
} finally {
  await database.close();
}
