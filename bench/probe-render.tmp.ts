import { buildApp } from '#server/app.ts';
import { loadConfig } from '#server/config.ts';
import { openDatabase } from '#server/db/client.ts';
const config = loadConfig({ NODE_ENV: 'production', DATA_DIR: '/tmp/h8-rt', SEED: 'none', LOG_LEVEL: 'silent', RESPONSE_CACHE: 'off', DATABASE_URL: 'postgres://postgres@127.0.0.1:5432/rtprobe' });
const database = await openDatabase({ url: 'postgres://postgres@127.0.0.1:5432/rtprobe', dataDir: null, timeouts: config });
const app = await buildApp({ config, database, db: database.db, dataDir: '/tmp/h8-rt', sessionSecret: 'x'.repeat(40), clientDir: '/work/main/dist/client' });
await app.ready();
const slug = (await app.inject('/api/products')).json()[0].slug;
async function time(label: string, url: string, headers: Record<string, string> = {}) {
  for (let i = 0; i < 30; i++) await app.inject({ url, headers });
  const n = 200; const t = performance.now(); const c0 = process.cpuUsage();
  for (let i = 0; i < n; i++) await app.inject({ url, headers });
  const c = process.cpuUsage(c0);
  console.log(label.padEnd(30), ((performance.now() - t) / n).toFixed(2), 'ms wall', ((c.user + c.system) / 1000 / n).toFixed(2), 'ms cpu');
}
await time('page gzip', `/products/${slug}`, { 'accept-encoding': 'gzip' });
await time('page identity', `/products/${slug}`);
await time('api product', `/api/products/${slug}`, { accept: 'application/json' });
await time('api site-settings', `/api/site-settings`, { accept: 'application/json' });
await time('home', `/`, { 'accept-encoding': 'gzip' });
await time('shop', `/shop`, { 'accept-encoding': 'gzip' });
await app.close(); await database.close();
