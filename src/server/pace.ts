import { setTimeout as sleep } from 'node:timers/promises';

/**
 * A turn for everything else between two steps of long work on the shop's one thread (the CSV import,
 * the kept catalogue's build). Not setImmediate: that lets the requests already read run only up to
 * their first wait for I/O (a compressed answer waits for zlib's thread), and the work's next step
 * would run before them. A 1 ms timer leaves the event loop waiting for I/O meanwhile, so a shopper's
 * request goes through to its answer in one turn.
 */
export const turnForOthers = () => sleep(1);

/**
 * For long work on the shop's one thread (and, on the embedded database, its one connection): awaited
 * often, the function this answers gives a turn to other requests once `everyMs` of work has gone by,
 * so shoppers' requests are read and answered between the work's steps.
 */
export function pacer(everyMs: number): () => Promise<void> {
  let since = performance.now();
  return async () => {
    if (performance.now() - since < everyMs) return;
    await turnForOthers();
    since = performance.now();
  };
}
