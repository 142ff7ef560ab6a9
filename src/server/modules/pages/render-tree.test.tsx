import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
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

  it('leaves async context tracking off: every promise and timer of the process would pay for it', () => {
    // in a process of its own: this one's test files share it, and one of them (tracing) turns tracking on
    const script = `
      import { createElement, lazy, Suspense } from 'react';
      import { renderTree } from ${JSON.stringify(fileURLToPath(new URL('./render-tree.ts', import.meta.url)))};
      const Lazy = lazy(async () => ({ default: () => createElement('p', null, 'Hello') }));
      const page = () => createElement(Suspense, { fallback: null }, createElement(Lazy));
      // drawn by the stream (its code loading), then by renderToString
      await renderTree(page());
      await renderTree(page());
      // an AsyncLocalStorage once run (React's Node build keeps its request in one) marks each new promise;
      // the process ends by itself (nothing React opened keeps it alive)
      console.log(JSON.stringify(Object.getOwnPropertySymbols(Promise.resolve()).map(String)));
    `;
    const output = execFileSync(process.execPath, ['--import', 'tsx', '--input-type=module', '--eval', script], {
      encoding: 'utf8',
      timeout: 20_000,
    });
    expect(JSON.parse(output.trim().split('\n').at(-1)!)).toEqual([]);
  });
});
