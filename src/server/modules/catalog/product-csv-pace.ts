import { setImmediate as nextTurn } from 'node:timers/promises';

/**
 * The CSV import is long work on one thread and (on the embedded database) one connection: awaited
 * often, the function this answers hands the event loop to other requests once `everyMs` of work
 * has gone by, so shoppers' requests are read and their queries queued between the import's steps.
 */
export function pacer(everyMs: number): () => Promise<void> {
  let since = performance.now();
  return async () => {
    if (performance.now() - since < everyMs) return;
    await nextTurn();
    since = performance.now();
  };
}
