import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type {
  Bindings,
  ChildLoggerOptions,
  FastifyBaseLogger,
  FastifyLoggerOptions,
  FastifyLoggerStreamDestination,
  PinoLoggerOptions,
} from 'fastify/types/logger.js';
import { DomainError } from '#server/errors/domain-errors.ts';

// Logs go to files and log services that many people read: never a customer's address, e-mail,
// card, password or session. Headers and known body fields are censored by path...
const REDACTED_PATHS = [
  'req.headers.cookie',
  'req.headers.authorization',
  'req.headers["x-api-key"]',
  'res.headers["set-cookie"]',
  ...['password', 'email', 'customer', 'shippingAddress', 'billingAddress', 'address', 'card', 'cvc', 'phone'].flatMap((field) => [
    `*.${field}`,
    `*.*.${field}`,
  ]),
];

const MAX_CAUSE_DEPTH = 5;

interface SafeError {
  [key: string]: unknown;
  type: string;
  message: string;
  stack: string;
  code?: string;
  statusCode?: number;
  /** a domain error's kind (decision 038) */
  kind?: string;
  cause?: SafeError;
}

/**
 * ...and errors are logged from a short list of fields only. A failed query's error carries its
 * parameters (Drizzle appends "params: ..." to the message; PostgreSQL's `detail` quotes the failing
 * row), which are exactly the customer's data: the SQL text stays, the values go.
 */
export function serializeError(error: unknown, depth = 0): SafeError {
  if (!(error instanceof Error)) return { type: typeof error, message: '[non-error value]', stack: '' };
  const { code, statusCode } = error as { code?: unknown; statusCode?: unknown };
  return {
    type: error.constructor?.name ?? 'Error',
    message: withoutParams(error.message),
    stack: withoutParams(error.stack ?? ''),
    ...(typeof code === 'string' && { code }),
    ...(typeof statusCode === 'number' && { statusCode }),
    ...(error instanceof DomainError && { kind: error.kind }),
    ...(error.cause !== undefined && depth < MAX_CAUSE_DEPTH && { cause: serializeError(error.cause, depth + 1) }),
  };
}

/** Drizzle's "Failed query: <sql>\nparams: <values>" keeps its SQL and loses the values. */
function withoutParams(text: string): string {
  return text.replace(/\nparams:[\s\S]*?(?=\n {4}at |$)/, '\nparams: [redacted]');
}

export function loggerOptions(level: string, stream?: FastifyLoggerStreamDestination): FastifyLoggerOptions & PinoLoggerOptions {
  return {
    level,
    redact: { paths: REDACTED_PATHS, censor: '[redacted]' },
    serializers: { err: serializeError },
    ...(stream && { stream }),
  };
}

export const REQUEST_ID_HEADER = 'x-request-id';
const PLAIN_ID = /^[\w.:-]{1,100}$/;

/**
 * Every log line of a request carries its id (`reqId`), also sent back as X-Request-Id. A proxy's
 * X-Request-Id is kept when it is a plain token, so its log and ours name the same request; else a
 * UUID, unique across instances and restarts (Fastify's own ids restart at req-1 in every process).
 */
export function requestId(request: IncomingMessage): string {
  const given = request.headers[REQUEST_ID_HEADER];
  return typeof given === 'string' && PLAIN_ID.test(given) ? given : randomUUID();
}

type LogLevel = 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace';
type LevelCheck = { isLevelEnabled(level: string): boolean };

/**
 * A request's logger, made when the request first logs at a level that is on. Fastify makes a pino
 * child per request otherwise, whose request id passes through the redaction of every binding: ~1.5 %
 * of an uncached read's CPU, for requests that at "warn" never log a line.
 */
class RequestLogger implements FastifyBaseLogger {
  #child: FastifyBaseLogger | undefined;

  constructor(
    private readonly parent: FastifyBaseLogger & LevelCheck,
    private readonly bindings: Bindings,
  ) {}

  private made(): FastifyBaseLogger {
    return (this.#child ??= this.parent.child(this.bindings));
  }

  private write(level: LogLevel, args: unknown[]): void {
    if (this.#child === undefined && !this.parent.isLevelEnabled(level)) return;
    (this.made()[level] as (...values: unknown[]) => void)(...args);
  }

  get level(): string {
    return this.#child?.level ?? this.parent.level;
  }
  set level(level: string) {
    this.made().level = level;
  }
  fatal(...args: unknown[]): void {
    this.write('fatal', args);
  }
  error(...args: unknown[]): void {
    this.write('error', args);
  }
  warn(...args: unknown[]): void {
    this.write('warn', args);
  }
  info(...args: unknown[]): void {
    this.write('info', args);
  }
  debug(...args: unknown[]): void {
    this.write('debug', args);
  }
  trace(...args: unknown[]): void {
    this.write('trace', args);
  }
  silent(): void {}
  child(bindings: Bindings, options?: ChildLoggerOptions): FastifyBaseLogger {
    return this.made().child(bindings, options);
  }
}

/** Fastify's childLoggerFactory: a route with a log level of its own gets its child at once. */
export function requestLogger(logger: FastifyBaseLogger, bindings: Bindings, options: ChildLoggerOptions): FastifyBaseLogger {
  if (options.level !== undefined || !('isLevelEnabled' in logger)) return logger.child(bindings, options);
  return new RequestLogger(logger as FastifyBaseLogger & LevelCheck, bindings);
}
