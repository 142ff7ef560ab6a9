import { describe, expect, it } from 'vitest';
import { createConcurrencyLimit, createKeyedQueue } from './concurrency-limit.ts';

const tick = () => new Promise((resolve) => setTimeout(resolve, 1));

describe('createConcurrencyLimit', () => {
  it('runs at most max at once, the rest in arrival order', async () => {
    const limit = createConcurrencyLimit(2);
    let active = 0;
    let peak = 0;
    const started: number[] = [];
    const results = await Promise.all(
      Array.from({ length: 6 }, (_, index) =>
        limit(async () => {
          started.push(index);
          active += 1;
          peak = Math.max(peak, active);
          await tick();
          active -= 1;
          return index * 10;
        }),
      ),
    );
    expect(results).toEqual([0, 10, 20, 30, 40, 50]);
    expect(peak).toBe(2);
    expect(started).toEqual([0, 1, 2, 3, 4, 5]);
  });

  it('frees the slot when the work fails', async () => {
    const limit = createConcurrencyLimit(1);
    await expect(limit(async () => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    await expect(limit(async () => 'next')).resolves.toBe('next');
  });

  it('refuses a limit that is not a positive integer', () => {
    expect(() => createConcurrencyLimit(0)).toThrow();
  });
});

describe('createKeyedQueue', () => {
  it('runs work on one key one at a time in arrival order, and other keys alongside', async () => {
    const queue = createKeyedQueue();
    const log: string[] = [];
    const job = (name: string, keys: number[]) =>
      queue(keys, async () => {
        log.push(`${name} start`);
        await tick();
        log.push(`${name} end`);
        return name;
      });
    const results = await Promise.all([job('a', [1]), job('b', [1]), job('c', [2]), job('d', [1])]);
    expect(results).toEqual(['a', 'b', 'c', 'd']);
    // c (key 2) started while a held key 1; b and d waited their turn
    expect(log.indexOf('c start')).toBeLessThan(log.indexOf('a end'));
    expect(log.indexOf('b start')).toBeGreaterThan(log.indexOf('a end'));
    expect(log.indexOf('d start')).toBeGreaterThan(log.indexOf('b end'));
  });

  it('takes several keys in ascending order, so crossing calls do not wait on each other for ever', async () => {
    const queue = createKeyedQueue();
    const work = async () => {
      await tick();
      return 'done';
    };
    const both = await Promise.all(Array.from({ length: 20 }, (_, index) => queue(index % 2 ? [1, 2] : [2, 1, 2], work)));
    expect(both).toEqual(Array(20).fill('done'));
  });

  it('lets the next call in when the work fails', async () => {
    const queue = createKeyedQueue();
    await expect(queue([7], async () => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    await expect(queue([7], async () => 'next')).resolves.toBe('next');
  });
});
