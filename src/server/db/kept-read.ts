/**
 * A read kept until the catalogue changes (`clear`, from the change notices) or, as a guard against a missed
 * notice, until it is keepMs old. Past that age the kept answer is still given while the next one is read
 * in the background: at 50,000 products the shop page's kept catalogue takes about half a second to read
 * (decision 073), which a shopper would otherwise wait for once a minute. After a clear the next caller waits for the fresh read,
 * so a change is never answered with what it changed. keepMs 0: read for every caller (tests write the
 * catalogue straight into the database). `read` is handed the last answer read, also after a clear: what a
 * change left as it was can be kept from it rather than read again.
 */
export function createKeptRead<T>(read: (previous: T | null) => Promise<T>, keepMs: number) {
  let current: { readAt: number; value: Promise<T>; settled: boolean } | null = null;
  let last: T | null = null;
  let refreshing = false;
  // a clear while a background read runs makes that read's answer too old to keep
  let generation = 0;

  function readNow(): Promise<T> {
    const entry = { readAt: Date.now(), value: read(last), settled: false };
    current = entry;
    entry.value.then(
      (value) => {
        entry.settled = true;
        last = value;
      },
      // a failed read is not kept: the next caller reads again
      () => {
        if (current === entry) current = null;
      },
    );
    return entry.value;
  }

  function refreshInBackground(): void {
    refreshing = true;
    const started = generation;
    const value = read(last);
    value
      .then(
        (answer) => {
          last = answer;
          if (started === generation) current = { readAt: Date.now(), value, settled: true };
        },
        // the kept answer stays; the next caller past the age tries again
        () => {},
      )
      .finally(() => (refreshing = false));
  }

  return {
    read(): Promise<T> {
      if (keepMs <= 0 || !current) return readNow();
      if (Date.now() - current.readAt < keepMs || !current.settled) return current.value;
      if (!refreshing) refreshInBackground();
      return current.value;
    },
    clear(): void {
      generation += 1;
      current = null;
    },
  };
}
