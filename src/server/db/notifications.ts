import pg from 'pg';

/** What a listener is told: a notification's payload, or that it may have missed some (after a reconnect). */
export interface NotificationHandlers {
  onMessage(payload: string): void;
  /** the connection was lost and is back: notifications sent meanwhile are gone, so assume the worst */
  onResync(): void;
}

export interface Listener {
  stop(): Promise<void>;
}

const RETRY_MIN_MS = 250;
const RETRY_MAX_MS = 10_000;

/**
 * LISTENs on one channel over a connection of its own (a pooled one cannot hold a LISTEN), and keeps
 * listening: a dropped connection is opened again with backoff, and onResync says notifications may
 * have been lost in between. Never throws: while the database is away it just retries.
 */
export function listenOnPostgres(
  url: string,
  channel: string,
  handlers: NotificationHandlers,
  log: { warn(obj: object, msg: string): void },
  options: { connectTimeoutMs: number; keepAliveDelayMs: number },
): Listener {
  let stopped = false;
  let client: pg.Client | null = null;
  let retryTimer: NodeJS.Timeout | undefined;
  let delay = RETRY_MIN_MS;
  let connectedBefore = false;

  const connect = async () => {
    if (stopped) return;
    const next = new pg.Client({
      connectionString: url,
      connectionTimeoutMillis: options.connectTimeoutMs,
      keepAlive: options.keepAliveDelayMs > 0,
      keepAliveInitialDelayMillis: options.keepAliveDelayMs,
    });
    client = next;
    let lost = false;
    const onLost = (error?: Error) => {
      if (lost) return;
      lost = true;
      next.removeAllListeners('notification');
      void next.end().catch(() => {});
      if (stopped) return;
      if (error) log.warn({ err: error, channel }, 'notification listener lost its connection; reconnecting');
      retryTimer = setTimeout(() => void connect(), delay);
      retryTimer.unref();
      delay = Math.min(delay * 2, RETRY_MAX_MS);
    };
    next.on('error', onLost);
    next.on('end', () => onLost());
    next.on('notification', (message) => {
      if (message.channel === channel) handlers.onMessage(message.payload ?? '');
    });
    try {
      await next.connect();
      // a quoted identifier: the channel is ours, never user input, but quoting keeps its case
      await next.query(`LISTEN "${channel.replaceAll('"', '""')}"`);
      delay = RETRY_MIN_MS;
      if (connectedBefore) handlers.onResync();
      connectedBefore = true;
    } catch (error) {
      onLost(error as Error);
    }
  };
  void connect();

  return {
    async stop() {
      stopped = true;
      clearTimeout(retryTimer);
      await client?.end().catch(() => {});
    },
  };
}
