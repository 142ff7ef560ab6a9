import { lazy, Suspense } from 'react';
import { describe, expect, it } from 'vitest';
import { renderTree } from './render-tree.ts';

function Greeting({ name }: { name: string }) {
  return <p>Hello {name}</p>;
}

function Broken(): never {
  throw new Error('no data');
}

const page = (child: React.ReactNode) => (
  <main>
    <Suspense fallback={<p>Loading…</p>}>{child}</Suspense>
  </main>
);

describe('renderTree', () => {
  it('draws a lazy route with its content the first time (its code loading) and the same HTML after', async () => {
    let loads = 0;
    const LazyGreeting = lazy(async () => {
      loads += 1;
      await new Promise((resolve) => setTimeout(resolve, 5));
      return { default: Greeting };
    });
    const first = await renderTree(page(<LazyGreeting name="Ada" />));
    const second = await renderTree(page(<LazyGreeting name="Ada" />));
    expect(first).toContain('Hello <!-- -->Ada');
    expect(first).not.toContain('Loading');
    expect(second).toBe(first);
    expect(loads).toBe(1);
  });

  it('rejects when a component throws, inside a Suspense boundary or outside any', async () => {
    await expect(renderTree(page(<Broken />))).rejects.toThrow('no data');
    await expect(renderTree(<Broken />)).rejects.toThrow('no data');
  });

  it('leaves async context tracking off: every promise and timer of the process would pay for it', async () => {
    const LazyGreeting = lazy(async () => ({ default: Greeting }));
    // drawn by the stream (its code loading), then by renderToString
    await renderTree(page(<LazyGreeting name="Ada" />));
    await renderTree(page(<LazyGreeting name="Ada" />));
    // an AsyncLocalStorage once run (React's node build keeps its request in one) marks each new promise
    expect(Object.getOwnPropertySymbols(Promise.resolve())).toEqual([]);
  });
});
