import { encodeBody, type KeptEncoding } from '#server/http/compression.ts';
import { etagOf } from '#server/http/etag.ts';

// A rendered page is a function of its address and the reads it was drawn from (the site settings among
// them): the template, the client's code and the shop's address are fixed while the process runs. A page
// is kept with its reads and their answers. The next request for the same address makes those reads
// again, which is what keeps a page fresh, and when every one answers exactly what it answered, the kept
// page is sent, already encoded: no loader, no parsing, no drawing the same tree, no compressing the same
// bytes. React's render and the compression were most of an uncached page's CPU (decision 088). Unlike
// the response cache this needs no emptying: any change a page shows changes one of its reads.

/**
 * What the kept pages may hold, their HTML and their reads' answers counted: a product page is about 50 KB
 * of HTML and 10-20 KB of answers, the shop page's listing more. The pages asked for longest ago go first.
 */
const MAX_BYTES = 24 * 1024 * 1024;

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

/** What one read answered. */
export interface ReadAnswer {
  status: number;
  body: string;
}

/** What a render was drawn from besides its address: the site settings, each read's address and its answer, in order. */
export interface RenderInputs {
  settings: string;
  reads: string[];
  answers: ReadAnswer[];
}

interface Entry<Answer> {
  inputs: RenderInputs;
  bytes: number;
  keptAt: number;
  kept: { answer: Answer; page: DrawnPage };
}

interface RenderMemo<Answer> {
  /**
   * The page last kept for this address, when the site settings are the same and its reads, made again by
   * `answersNow` (null: one could not be made), answer what they answered then. The answers are compared
   * whole: a digest of them cost more than the comparison.
   */
  find(
    address: string,
    settings: string,
    answersNow: (reads: string[]) => Promise<ReadAnswer[] | null>,
  ): Promise<{ answer: Answer; page: DrawnPage } | undefined>;
  keep(address: string, inputs: RenderInputs, answer: Answer, html: string): DrawnPage;
}

export function createRenderMemo<Answer>(options: { maxBytes?: number; maxAgeMs?: number; now?: () => number } = {}): RenderMemo<Answer> {
  const maxBytes = options.maxBytes ?? MAX_BYTES;
  const maxAgeMs = options.maxAgeMs ?? MAX_AGE_MS;
  const now = options.now ?? Date.now;
  const entries = new Map<string, Entry<Answer>>();
  let bytes = 0;

  const forget = (address: string) => {
    const entry = entries.get(address);
    if (entry === undefined) return;
    entries.delete(address);
    bytes -= entry.bytes;
  };

  return {
    async find(address, settings, answersNow) {
      const entry = entries.get(address);
      if (entry === undefined || now() - entry.keptAt > maxAgeMs || entry.inputs.settings !== settings) return undefined;
      const answers = await answersNow(entry.inputs.reads);
      if (answers === null || !sameAnswers(answers, entry.inputs.answers)) return undefined;
      // the most recently asked is the last to go
      if (entries.get(address) === entry) {
        entries.delete(address);
        entries.set(address, entry);
      }
      return entry.kept;
    },
    keep(address, inputs, answer, html) {
      const page = drawnPage(html);
      const size = html.length + inputs.settings.length + inputs.answers.reduce((sum, { body }) => sum + body.length, 0);
      forget(address);
      if (size > maxBytes) return page;
      while (bytes + size > maxBytes) forget(entries.keys().next().value!);
      entries.set(address, { inputs, bytes: size, keptAt: now(), kept: { answer, page } });
      bytes += size;
      return page;
    },
  };
}

function sameAnswers(now: ReadAnswer[], then: ReadAnswer[]): boolean {
  return now.length === then.length && now.every((answer, index) => answer.status === then[index]!.status && answer.body === then[index]!.body);
}

export function drawnPage(html: string): DrawnPage {
  const encodings = new Map<KeptEncoding, { body: Buffer; etag: string }>();
  return {
    html,
    encoded(encoding) {
      let encoded = encodings.get(encoding);
      if (encoded === undefined) {
        const body = encodeBody(html, encoding);
        // each encoding has its own tag, as every answer's
        encodings.set(encoding, (encoded = { body, etag: etagOf(body) }));
      }
      return encoded;
    },
  };
}
