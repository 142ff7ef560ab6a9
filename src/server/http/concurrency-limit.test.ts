import { describe, expect, it } from 'vitest';
import { createConcurrencyLimit } from './concurrency-limit.ts';

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
