import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { RETRY_AFTER_SECONDS, UNAVAILABLE_MESSAGE } from './unavailable.ts';
import { installResponseCache } from './response-cache.ts';

// The database behind a catalogue read may stall (no answer at all) or fail; the cache must neither
// wait on such a read for ever nor keep or share its outcome. PostgreSQL through a stalling proxy:
// src/server/db/database-faults.test.ts.

describe('catalogue response cache when a read stalls or fails', () => {
  /** An app whose list read answers as the test says: hang (never settle), fail, or answer. */
  function appWithReads(answers: Array<'hang' | 'fail' | string>) {
    const app = Fastify();
    let reads = 0;
    installResponseCache(app, { enabled: true, fillTimeoutMs: 200 });
    app.get('/api/products', async () => {
      const answer = answers[reads++] ?? 'late';
      if (answer === 'hang') return new Promise(() => {});
      if (answer === 'fail') throw new Error('database went away');
      return [{ name: answer }];
    });
    return { app, reads: () => reads };
  }

  it('answers 503 at the fill deadline, then reads afresh instead of waiting on the stuck read', async () => {
    const { app, reads } = appWithReads(['hang', 'Fresh Paddle']);
    const started = performance.now();
    const [first, second] = await Promise.all([app.inject({ url: '/api/products' }), app.inject({ url: '/api/products' })]);
    expect(performance.now() - started).toBeLessThan(2_000);
    for (const stalled of [first!, second!]) {
      expect(stalled.statusCode).toBe(503);
      expect(stalled.headers['retry-after']).toBe(String(RETRY_AFTER_SECONDS));
      expect(stalled.json()).toEqual({ message: UNAVAILABLE_MESSAGE });
    }
    // both waited on one read; the next request does not join it but reads again
    expect(reads()).toBe(1);
    const after = await app.inject({ url: '/api/products' });
    expect(after.statusCode).toBe(200);
    expect(after.json()).toEqual([{ name: 'Fresh Paddle' }]);
    await app.close();
  });

  it('neither keeps nor shares a failed read', async () => {
    const { app, reads } = appWithReads(['fail', 'Fresh Paddle', 'Later Paddle']);
    expect((await app.inject({ url: '/api/products' })).statusCode).toBe(500);
    const after = await app.inject({ url: '/api/products' });
    expect(after.json()).toEqual([{ name: 'Fresh Paddle' }]);
    // the success is kept
    expect((await app.inject({ url: '/api/products' })).json()).toEqual([{ name: 'Fresh Paddle' }]);
    expect(reads()).toBe(2);
    await app.close();
  });
});
