import type { Plugin } from 'vite';

/**
 * V8's explicit compile hint (Chrome 136+): a file that starts with it has all its functions compiled as it streams in,
 * off the main thread, instead of each on the main thread at its first call (decision 095).
 */
export const COMPILE_HINT = '//# allFunctionsCalledOnLoad\n';

interface Chunk {
  type: 'chunk';
  fileName: string;
  name: string;
  isEntry: boolean;
  imports: string[];
  code: string;
}

/** The app's entry chunk, the build of index.html's script (paint-first.ts is the other entry). */
export const isAppEntry = <T extends { type: string; isEntry?: boolean; name?: string }>(file: T): file is T & { type: 'chunk' } =>
  file.type === 'chunk' && file.isEntry === true && file.name === 'index';

/** Every page starts the entry and what it imports (React among them): those files, and no others, carry the compile hint. */
export function markStartingChunks(bundle: Record<string, Chunk | { type: 'asset' }>): void {
  const marked = new Set<string>();
  const mark = (fileName: string) => {
    const chunk = bundle[fileName];
    if (chunk?.type !== 'chunk' || marked.has(fileName)) return;
    marked.add(fileName);
    chunk.code = COMPILE_HINT + chunk.code;
    chunk.imports.forEach(mark);
  };
  for (const file of Object.values(bundle)) if (isAppEntry(file)) mark(file.fileName);
}

export function compileHints(): Plugin {
  return {
    name: 'compile-hints',
    // last: the hint must be the file's first line, before what other plugins add at the top
    generateBundle: { order: 'post', handler: (_options, bundle) => markStartingChunks(bundle) },
  };
}
