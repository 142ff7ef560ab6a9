import { hash } from 'node:crypto';
import { encodeBody, type KeptEncoding } from '#server/http/compression.ts';

// A rendered page is a function of its address and the reads it was drawn from (the site settings among
// them): the template, the client's code and the shop's address are fixed while the process runs. Every
// render still makes its reads, which is what keeps a page fresh, but when they answer exactly what they
// answered for the last render of the same address, that render's page is sent again, already encoded,
// instead of drawing the same tree and compressing the same bytes: React's render and the compression were
// most of an uncached page's CPU (decision 088). Unlike the response cache this needs no emptying: any
// change a page shows changes one of its reads.

/** Pages kept, the most recently asked first out last: a page is 40-50 KB of HTML and its two encodings. */
const MAX_PAGES = 200;

/**
 * A page outlives no change of its reads, but a render also reads the clock (the footer's year, a date
 * field's "today", the reads' times in the page's state, by which the browser judges the delivery line
 * stale after a minute): a kept page is drawn again after this long, as long as a CDN may serve a rendered
 * page (s-maxage plus stale-while-revalidate, page-renderer.ts).
 */
const MAX_AGE_MS = 30_000;

/** A page's HTML, and the same in the encodings a client asks for, each encoded once (with its ETag). */
export interface DrawnPage {
  html: string;
  encoded(encoding: KeptEncoding): { body: Buffer; etag: string };
}

interface Entry {
  inputs: string;
  keptAt: number;
  page: DrawnPage;
}

interface RenderMemo {
  /** The page last drawn for this address, when it was drawn from these same inputs. */
  find(address: string, inputs: string[]): DrawnPage | undefined;
  keep(address: string, inputs: string[], html: string): DrawnPage;
}

export function createRenderMemo(options: { maxPages?: number; maxAgeMs?: number; now?: () => number } = {}): RenderMemo {
  const maxPages = options.maxPages ?? MAX_PAGES;
  const maxAgeMs = options.maxAgeMs ?? MAX_AGE_MS;
  const now = options.now ?? Date.now;
  const entries = new Map<string, Entry>();
  // a digest, not the reads themselves: a product's reads are as large as its page
  const digest = (inputs: string[]) => hash('sha256', inputs.join('\0'), 'base64');

  return {
    find(address, inputs) {
      const entry = entries.get(address);
      if (entry === undefined) return undefined;
      if (now() - entry.keptAt > maxAgeMs || entry.inputs !== digest(inputs)) return undefined;
      // the most recently asked is the last to go
      entries.delete(address);
      entries.set(address, entry);
      return entry.page;
    },
    keep(address, inputs, html) {
      const page = drawnPage(html);
      entries.delete(address);
      if (entries.size >= maxPages) entries.delete(entries.keys().next().value!);
      entries.set(address, { inputs: digest(inputs), keptAt: now(), page });
      return page;
    },
  };
}

export function drawnPage(html: string): DrawnPage {
  const encodings = new Map<KeptEncoding, { body: Buffer; etag: string }>();
  return {
    html,
    encoded(encoding) {
      let encoded = encodings.get(encoding);
      if (encoded === undefined) {
        const body = encodeBody(html, encoding);
        // as http/etag.ts tags the bytes that leave: each encoding has its own
        encodings.set(encoding, (encoded = { body, etag: `"${hash('sha1', body, 'base64')}"` }));
      }
      return encoded;
    },
  };
}
