import { text } from 'node:stream/consumers';
import { afterEach, describe, expect, it } from 'vitest';
import type { Database } from '#server/db/client.ts';
import { productCsvStream } from './product-csv-export.ts';

// A database that fails half-way through an export (dropped, restarted) must end the download with
// that error, not the process: the rows and the CSV writer are one pipeline, whose error the reply
// sees. Piped by hand, the rows' stream erred with nobody listening, and Node exits on that.

const uncaught: unknown[] = [];
const onUncaught = (error: unknown) => void uncaught.push(error);
afterEach(() => void process.off('uncaughtException', onUncaught));

describe('the product CSV export stream', () => {
  it('ends with the database error, and nothing goes uncaught', async () => {
    process.on('uncaughtException', onUncaught);
    const gone = new Proxy({} as Database, {
      get() {
        throw new Error('database gone');
      },
    });
    const download = text(productCsvStream(gone));
    const ended = await Promise.race([
      download.then(
        () => 'finished',
        (error: Error) => error.message,
      ),
      new Promise((resolve) => setTimeout(() => resolve(`still open; uncaught: ${String(uncaught[0])}`), 2000)),
    ]);
    expect(ended).toBe('database gone');
    expect(uncaught).toEqual([]);
  });
});
