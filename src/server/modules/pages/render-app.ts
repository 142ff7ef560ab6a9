import type { Query, QueryClient } from '@tanstack/react-query';
import { renderedApp } from '#client/ssr-entry.tsx';
import { PAGE_READS } from './in-process-reads.ts';
import { renderTree } from './render-tree.ts';

// A component may ask for a read its loader did not (a section deeper down): such reads are answered and
// the page drawn again, at most twice.
const MAX_PASSES = 3;

/** Public reads the tree asked for without an answer yet (reads it holds back, `enabled: false`, stay so). */
function unansweredReads(queryClient: QueryClient): Query[] {
  return queryClient
    .getQueryCache()
    .getAll()
    .filter(
      (query) =>
        query.state.status === 'pending' &&
        query.state.fetchStatus === 'idle' &&
        (query.options as { enabled?: unknown }).enabled !== false &&
        typeof query.options.queryFn === 'function' &&
        PAGE_READS.test(String(query.queryKey[0])),
    );
}

/** The page's HTML (inside #root) from the reads in `queryClient`, completing them as the tree asks. */
export async function renderApp(path: string, search: string, queryClient: QueryClient): Promise<string> {
  for (let pass = 1; ; pass += 1) {
    const html = await renderTree(renderedApp(path, search, queryClient));
    const missing = unansweredReads(queryClient);
    if (missing.length === 0 || pass === MAX_PASSES) return html;
    // a failed read is the page's to show (its error state), as in the browser
    await Promise.allSettled(missing.map((query) => queryClient.prefetchQuery({ queryKey: query.queryKey, queryFn: query.options.queryFn })));
  }
}
