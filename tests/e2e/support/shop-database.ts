import { readFile } from 'node:fs/promises';
import path from 'node:path';
import pg from 'pg';
import { embeddedCredentials, embeddedPostgresDir } from '#server/db/embedded-postgres.ts';

// The e2e shop's own database, for the one thing a browser cannot do: let time pass. Journeys whose
// server-side job waits on the clock (a checkout reminder an hour later) move a row's time back, as the
// server's tests do. The shop uses DATABASE_URL when CI gives one, else its own PostgreSQL in its data
// folder (decision 065): listening on 127.0.0.1 on the port its postmaster.pid names, with the password
// kept beside it. A machine that fell back to PGlite has no database another process can open: null.

/** The account and database the shop's own cluster is made with (embedded-postgres.ts). */
const EMBEDDED = { user: 'shop', database: 'shop' };

async function embeddedUrl(dataDir: string): Promise<string | null> {
  try {
    const [pid, credentials] = await Promise.all([
      readFile(path.join(embeddedPostgresDir(dataDir), 'postmaster.pid'), 'utf8'),
      readFile(embeddedCredentials(dataDir), 'utf8'),
    ]);
    // postmaster.pid: pid, data directory, start time, port, ...
    const port = Number(pid.split('\n')[3]);
    const { password } = JSON.parse(credentials) as { password: string };
    return `postgres://${EMBEDDED.user}:${encodeURIComponent(password)}@127.0.0.1:${port}/${EMBEDDED.database}`;
  } catch {
    return null;
  }
}

/** A connection to the database of the e2e shop at `baseURL` (playwright.config.ts: one data folder per port), or null. */
export async function openShopDatabase(baseURL: string): Promise<pg.Client | null> {
  const url = process.env.DATABASE_URL ?? (await embeddedUrl(path.resolve(`test-results/e2e-data-${new URL(baseURL).port}`)));
  if (!url) return null;
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  return client;
}
