import { setTimeout as sleep } from 'node:timers/promises';

/**
 * A turn for everything else between two steps of the CSV import. Not setImmediate: that lets the
 * requests already read run only up to their first wait for I/O (a compressed answer waits for
 * zlib's thread), and the import's next step would run before them. A 1 ms timer leaves the event
 * loop waiting for I/O meanwhile, so a shopper's request goes through to its answer in one turn.
 */
export const turnForOthers = () => sleep(1);

/**
 * The CSV import is long work on one thread and (on the embedded database) one connection: awaited
 * often, the function this answers gives a turn to other requests once `everyMs` of work has gone
 * by, so shoppers' requests are read and answered between the import's steps.
 */
export function pacer(everyMs: number): () => Promise<void> {
  let since = performance.now();
  return async () => {
    if (performance.now() - since < everyMs) return;
    await turnForOthers();
    since = performance.now();
  };
}
