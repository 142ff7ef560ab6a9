import type { FastifyInstance } from 'fastify';

/** Longer than any request may take (REQUEST_TIMEOUT_MS is 30 s at most in practice), shorter than systemd's 90 s. */
const SHUTDOWN_TIMEOUT_MS = 30_000;

interface ShutdownOptions {
  /** Releases what the app does not own, after it has closed: the database pool. */
  release: () => Promise<void>;
  timeoutMs?: number;
  /** where the signals come from and how the process ends (a test passes its own) */
  signals?: Pick<NodeJS.Process, 'once'>;
  exit?: (code: number) => void;
}

/**
 * On SIGTERM or SIGINT: stop accepting connections, let the requests in flight finish (a new request
 * on a kept-alive connection gets 503), then stop the background work (onClose hooks) and release the
 * pool; exit 0. If that takes longer than the timeout, exit 1 rather than hang a deploy.
 */
export function installGracefulShutdown(app: FastifyInstance, options: ShutdownOptions): void {
  const { release, timeoutMs = SHUTDOWN_TIMEOUT_MS, signals = process, exit = (code) => process.exit(code) } = options;
  let closing = false;
  const shutdown = async (signal: NodeJS.Signals) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down: finishing the requests in flight');
    const timer = setTimeout(() => {
      app.log.error({ timeoutMs }, 'shutdown timed out; exiting with requests unfinished');
      exit(1);
    }, timeoutMs);
    timer.unref();
    try {
      await app.close();
      await release();
      clearTimeout(timer);
      app.log.info('shut down');
      exit(0);
    } catch (error) {
      clearTimeout(timer);
      app.log.error({ err: error }, 'shutdown failed');
      exit(1);
    }
  };
  for (const signal of ['SIGTERM', 'SIGINT'] as const) signals.once(signal, () => void shutdown(signal));
}
