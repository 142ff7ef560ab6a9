// A shop process holding its embedded PostgreSQL open, for the test that kills it outright
// (src/server/db/embedded-postgres.test.ts): it prints "open" and waits.
import { openDatabase } from '#server/db/client.ts';

await openDatabase({ dataDir: process.argv[2]!, embedded: 'postgres', log: console });
console.log('open');
setInterval(() => {}, 60_000);
