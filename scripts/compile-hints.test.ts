import { describe, expect, it } from 'vitest';
import { COMPILE_HINT, markStartingChunks } from './compile-hints.ts';

const chunk = (fileName: string, imports: string[] = [], extra: { isEntry?: boolean; name?: string } = {}) => ({
  type: 'chunk' as const,
  fileName,
  name: extra.name ?? fileName,
  isEntry: extra.isEntry ?? false,
  imports,
  code: `/* ${fileName} */`,
});

describe('the compile hints of the client build', () => {
  it('go first in the entry and every file it imports, once each, and in no other file', () => {
    const bundle = {
      'index.js': chunk('index.js', ['react.js', 'query.js'], { isEntry: true, name: 'index' }),
      'react.js': chunk('react.js', ['runtime.js']),
      'query.js': chunk('query.js', ['react.js', 'runtime.js']),
      'runtime.js': chunk('runtime.js', ['query.js']),
      'shop-page.js': chunk('shop-page.js', ['react.js']),
      'paint-first.js': chunk('paint-first.js', [], { isEntry: true, name: 'paint-first' }),
      'index.css': { type: 'asset' as const },
    };
    markStartingChunks(bundle);
    const hinted = Object.values(bundle).flatMap((file) => (file.type === 'chunk' && file.code.startsWith(COMPILE_HINT) ? [file.fileName] : []));
    expect(hinted.sort()).toEqual(['index.js', 'query.js', 'react.js', 'runtime.js']);
    expect(bundle['react.js'].code).toBe(`${COMPILE_HINT}/* react.js */`);
    expect(bundle['shop-page.js'].code).toBe('/* shop-page.js */');
  });
});
