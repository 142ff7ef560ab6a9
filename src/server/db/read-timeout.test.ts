import { EventEmitter } from 'node:events';
import type pg from 'pg';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { QUERY_READ_TIMEOUT } from './database-unavailable.ts';
import { guardReads } from './read-timeout.ts';

// The guard alone, on a stand-in client: what a query's caller hears and what the pool is handed. The database
// itself stalling behind a proxy is database-faults.test.ts's.

type Callback = (error: Error | null, result?: unknown) => void;

/** A pool client whose prototype's query keeps each call's callback for the test to answer, or throws. */
function standInClient() {
  const calls: { args: unknown[]; answer: Callback }[] = [];
  const prototype = {
    query(...args: unknown[]) {
      if (args[0] === null) throw new TypeError('Client was passed a null or undefined query');
      calls.push({ args: args.slice(0, -1), answer: args.at(-1) as Callback });
    },
  };
  const release = vi.fn();
  const client = Object.assign(Object.create(prototype) as pg.PoolClient, { release });
  return { client, calls, release };
}

function guarded(timeoutMs = 1_000) {
  const pool = new EventEmitter() as unknown as pg.Pool;
  guardReads(pool, timeoutMs);
  const standIn = standInClient();
  pool.emit('connect', standIn.client);
  return standIn;
}

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('guardReads', () => {
  it('passes answers and errors through, to a callback or a promise, and leaves the client in its holder', async () => {
    const { client, calls, release } = guarded();
    const answered = vi.fn();
    client.query('select 1', [], answered);
    calls[0]!.answer(null, { rows: [1] });
    expect(answered).toHaveBeenCalledWith(null, { rows: [1] });
    expect(calls[0]!.args).toEqual(['select 1', []]);

    const promised = client.query({ text: 'select 2' });
    calls[1]!.answer(null, { rows: [2] });
    await expect(promised).resolves.toEqual({ rows: [2] });

    const failed = client.query('select 3');
    calls[2]!.answer(Object.assign(new Error('syntax error'), { code: '42601' }));
    await expect(failed).rejects.toMatchObject({ code: '42601' });

    vi.advanceTimersByTime(5_000);
    expect(release).not.toHaveBeenCalled();
  });

  it('answers QUERY_READ_TIMEOUT once the database is late, hands the client back with it once, and drops the late answer', async () => {
    const { client, calls, release } = guarded(1_000);
    const answered = vi.fn();
    client.query('select pg_sleep(60)', answered);
    const promised = client.query('select 1');
    const heard = expect(promised).rejects.toThrow(QUERY_READ_TIMEOUT);
    vi.advanceTimersByTime(999);
    expect(answered).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(answered).toHaveBeenCalledWith(expect.objectContaining({ message: QUERY_READ_TIMEOUT }), undefined);
    await heard;
    // the first timeout handed the client back; the holder's own release is then a no-op
    expect(release).toHaveBeenCalledTimes(1);
    expect(release.mock.calls[0]![0]).toMatchObject({ message: QUERY_READ_TIMEOUT });
    client.release();
    expect(release).toHaveBeenCalledTimes(1);

    calls[0]!.answer(null, { rows: [] });
    calls[1]!.answer(null, { rows: [] });
    expect(answered).toHaveBeenCalledTimes(1);
  });

  it('times nothing for a query node-postgres refused at once, nor with the timeout off', () => {
    const { client, release } = guarded();
    expect(() => client.query(null as never)).toThrow(TypeError);
    vi.advanceTimersByTime(5_000);
    expect(release).not.toHaveBeenCalled();

    const pool = new EventEmitter() as unknown as pg.Pool;
    guardReads(pool, 0);
    expect(pool.listenerCount('connect')).toBe(0);
  });
});
