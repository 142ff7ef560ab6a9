import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createKeptRead } from './kept-read.ts';

// The shop page's kept catalogue and metadata (decision 073): kept until a change notice clears them; past
// their age they answer while the next copy is read, so no shopper waits for the guard's re-read.

/** A read whose answers the test releases one at a time, counting the reads started. */
function controlledRead() {
  const pending: Array<{ resolve(value: number): void; reject(error: Error): void }> = [];
  let started = 0;
  return {
    read: () =>
      new Promise<number>((resolve, reject) => {
        started += 1;
        pending.push({ resolve, reject });
      }),
    started: () => started,
    answer: async (value: number) => {
      pending.shift()!.resolve(value);
      await vi.advanceTimersByTimeAsync(0);
    },
    fail: async () => {
      pending.shift()!.reject(new Error('database away'));
      await vi.advanceTimersByTimeAsync(0);
    },
  };
}

/** A kept read whose first copy (1) is past its age: the call that saw it so has begun the background read. */
async function pastItsAge() {
  const source = controlledRead();
  const kept = createKeptRead(source.read, 60_000);
  const first = kept.read();
  await source.answer(1);
  await first;
  vi.advanceTimersByTime(60_000);
  expect(await kept.read()).toBe(1);
  return { source, kept };
}

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('a kept read', () => {
  it('answers the kept copy within its age, and past it the kept copy while the next is read, once', async () => {
    const source = controlledRead();
    const kept = createKeptRead(source.read, 60_000);
    const first = kept.read();
    expect(kept.read()).toBe(first);
    await source.answer(1);
    expect(await kept.read()).toBe(1);
    expect(source.started()).toBe(1);

    vi.advanceTimersByTime(60_000);
    expect(await kept.read()).toBe(1);
    expect(await kept.read()).toBe(1);
    expect(source.started()).toBe(2);
    await source.answer(2);
    expect(await kept.read()).toBe(2);
  });

  it('after a clear, the next caller waits for a fresh read, and a background read begun before it is not kept', async () => {
    const { source, kept } = await pastItsAge();
    kept.clear();
    const fresh = kept.read();
    expect(source.started()).toBe(3);
    // the background read (begun before the change) answers first: too old to keep
    await source.answer(2);
    await source.answer(3);
    expect(await fresh).toBe(3);
    expect(await kept.read()).toBe(3);
  });

  it('keeps the old copy when the background read fails, and tries again on the next call past the age', async () => {
    const { source, kept } = await pastItsAge();
    await source.fail();
    expect(await kept.read()).toBe(1);
    expect(source.started()).toBe(3);
    await source.answer(4);
    expect(await kept.read()).toBe(4);
  });

  it('does not keep a failed first read, and with keepMs 0 reads for every caller', async () => {
    const source = controlledRead();
    const kept = createKeptRead(source.read, 60_000);
    const failed = kept.read();
    await source.fail();
    await expect(failed).rejects.toThrow('database away');
    const again = kept.read();
    expect(source.started()).toBe(2);
    await source.answer(5);
    expect(await again).toBe(5);

    const everyTime = createKeptRead(source.read, 0);
    void everyTime.read();
    void everyTime.read();
    expect(source.started()).toBe(4);
  });

  it('hands each read the last answer read, also after a clear and from the background read', async () => {
    const handed: (number | null)[] = [];
    let next = 0;
    const kept = createKeptRead(async (previous: number | null) => {
      handed.push(previous);
      return (next += 1);
    }, 60_000);
    expect(await kept.read()).toBe(1);
    kept.clear();
    expect(await kept.read()).toBe(2);
    vi.advanceTimersByTime(60_000);
    expect(await kept.read()).toBe(2);
    await vi.advanceTimersByTimeAsync(0);
    kept.clear();
    expect(await kept.read()).toBe(4);
    expect(handed).toEqual([null, 1, 2, 3]);
  });
});
