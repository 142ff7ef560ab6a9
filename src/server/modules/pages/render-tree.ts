import type { ReactElement } from 'react';
import { renderToString } from 'react-dom/server.edge';
import { prerender } from 'react-dom/static.edge';

// React.lazy routes: the HTML holds the route's content, never its Suspense fallback. Once a route's code
// has loaded (its first page after start) its tree renders in one synchronous pass, and renderToString
// writes it as strings; the stream encodes every chunk to bytes only for them to be joined back into a
// string (a tenth of a page's time). A boundary renderToString could not finish (a route still loading,
// a component that threw) it leaves to the browser, marked so: that page is drawn by the stream instead,
// which waits for every boundary and reports what threw.
//
// Both from React's edge build: its Node build keeps each render's request in an AsyncLocalStorage, and once
// one has run, Node tracks the async context of every promise, timer and socket of the process for good:
// each API read cost a fifth more CPU after the first page drawn by the stream (decision 090). The edge build
// keeps none where the platform has no global AsyncLocalStorage, as Node has not; the browser build would keep
// the process alive by its MessageChannel.
const UNFINISHED_BOUNDARY = /<!--\$[!?]-->/;

/** The tree's complete HTML, every Suspense boundary resolved; rejects when a component threw. */
export async function renderTree(page: ReactElement): Promise<string> {
  const html = renderSynchronously(page);
  return html !== null && !UNFINISHED_BOUNDARY.test(html) ? html : renderStreaming(page);
}

function renderSynchronously(page: ReactElement): string | null {
  try {
    return renderToString(page);
  } catch {
    return null;
  }
}

async function renderStreaming(page: ReactElement): Promise<string> {
  let failure: unknown = null;
  const { prelude } = await prerender(page, {
    // every boundary inline, complete: no segments revealed by inline scripts (CSP allows none) and
    // a page that reads right without JavaScript
    progressiveChunkSize: Number.MAX_SAFE_INTEGER,
    onError(error) {
      failure ??= error;
    },
  });
  const html = await new Response(prelude).text();
  // a component that threw: the page is the server's failure (5xx), never half a page
  if (failure) throw failure;
  return html;
}
