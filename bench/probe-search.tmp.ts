import { openDatabase } from '#server/db/client.ts';
import { listCatalog } from '#server/modules/catalog/catalog-listing.ts';
import { generateCatalogue } from './catalog-generator.ts';
import { percentile } from './stats.ts';
const url = 'postgres://postgres@127.0.0.1:5432/catprobe';
const database = await openDatabase({
  url,
  dataDir: null,
  timeouts: {
    DATABASE_CONNECT_TIMEOUT_MS: 10_000,
    DATABASE_STATEMENT_TIMEOUT_MS: 0,
    DATABASE_QUERY_TIMEOUT_MS: 0,
    DATABASE_IDLE_IN_TRANSACTION_TIMEOUT_MS: 0,
    DATABASE_KEEPALIVE_DELAY_MS: 10_000,
  },
});
await database.migrate();
if (process.argv[2] === 'gen') {
  console.log(await generateCatalogue(database.db, 5000));
}
const SEARCHES = ['paddles', '16mm', 'outdoor balls', 'court shoes', 'apex pro', 'elongated paddle', 'bolt', 'carbn'];
for (const q of SEARCHES) {
  const samples: number[] = [];
  for (let i = 0; i < 60; i++) {
    const t = performance.now();
    const r = await listCatalog(database.db, { q } as never);
    samples.push(performance.now() - t);
    if (i === 0) console.log(q, r.total);
  }
  console.log(q.padEnd(20), 'p50', percentile(samples, 50).toFixed(1), 'p95', percentile(samples, 95).toFixed(1));
}
await database.close();
