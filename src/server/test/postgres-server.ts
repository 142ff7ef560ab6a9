import pg from 'pg';

/** One statement on a connection of its own: CREATE and DROP DATABASE run outside any pool's transaction. */
export async function onServer(server: string, statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: server });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}
