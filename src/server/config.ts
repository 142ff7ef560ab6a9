import { isIP } from 'node:net';
import { z } from 'zod';

const optionalText = z
  .string()
  .trim()
  .transform((value) => (value === '' ? undefined : value))
  .optional();

const optionalUrl = optionalText.pipe(z.url().optional());

/** Milliseconds; 0 turns that timeout off. */
const milliseconds = (fallback: number) => z.coerce.number().int().min(0).max(2_147_483_647).default(fallback);

/** Also what openDatabase uses when it is given no timeouts (scripts, tests). */
export const DATABASE_TIMEOUT_DEFAULTS = {
  DATABASE_CONNECT_TIMEOUT_MS: 5_000,
  DATABASE_STATEMENT_TIMEOUT_MS: 5_000,
  DATABASE_QUERY_TIMEOUT_MS: 7_000,
  DATABASE_IDLE_IN_TRANSACTION_TIMEOUT_MS: 10_000,
  DATABASE_KEEPALIVE_DELAY_MS: 10_000,
};

function isAddressOrCidr(entry: string): boolean {
  const [address = '', bits, ...rest] = entry.split('/');
  const version = isIP(address);
  if (version === 0 || rest.length > 0) return false;
  return bits === undefined || (/^\d+$/.test(bits) && Number(bits) <= (version === 4 ? 32 : 128));
}

const BaseConfig = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('0.0.0.0'),
  DATA_DIR: z.string().min(1).default('./data'),
  // the built client to serve; parallel builds (tests, benchmarks) point it at their own copy
  CLIENT_DIR: optionalText,
  DATABASE_URL: optionalText.pipe(
    z
      .string()
      .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// or postgresql:// URL')
      .optional(),
  ),
  // without DATABASE_URL: the shop's own PostgreSQL under DATA_DIR (decision 065), or PGlite in the process
  EMBEDDED_DATABASE: z.enum(['postgres', 'pglite']).default('postgres'),
  SESSION_SECRET: optionalText.pipe(z.string().min(32, 'must be at least 32 characters').optional()),
  // the shop's address as shoppers reach it; without it links point at http://localhost:PORT (publicOrigin)
  PUBLIC_URL: optionalUrl.pipe(
    z
      .string()
      .regex(/^https?:\/\/[^/?#]+\/?$/, 'must be an http:// or https:// address without a path (https://shop.example.com)')
      .optional(),
  ),
  ADMIN_USERNAME: optionalText,
  ADMIN_PASSWORD: optionalText.pipe(z.string().min(8, 'must be at least 8 characters').optional()),
  ADMIN_EMAIL: optionalText.pipe(z.email().optional()),
  SEED: z.enum(['demo', 'none']).default('demo'),
  STRIPE_SECRET_KEY: optionalText.pipe(
    z
      .string()
      .regex(/^(sk|rk)_/, 'must start with sk_ or rk_')
      .optional(),
  ),
  STRIPE_PUBLISHABLE_KEY: optionalText.pipe(z.string().regex(/^pk_/, 'must start with pk_').optional()),
  STRIPE_WEBHOOK_SECRET: optionalText,
  STRIPE_API_BASE: optionalUrl,
  TAXJAR_API_KEY: optionalText,
  TAXJAR_API_URL: optionalUrl,
  // carrier-calculated rates, labels and tracking through EasyPost (decision 057); unset: the owner's rate tables only
  EASYPOST_API_KEY: optionalText,
  // another address for the API (a local fake in tests); unset: https://api.easypost.com/v2/
  EASYPOST_API_BASE: optionalUrl,
  // the tracking webhook's HMAC secret, as set on the webhook in EasyPost's dashboard; unset: the webhook refuses every call
  EASYPOST_WEBHOOK_SECRET: optionalText,
  // a rate the carrier has not answered within this leaves its method out of checkout (a label purchase waits at least 20 s)
  EASYPOST_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(3_000),
  SMTP_URL: optionalText.pipe(
    z
      .string()
      .regex(/^smtps?:\/\//, 'must be an smtp:// or smtps:// URL')
      .optional(),
  ),
  MAIL_FROM: optionalText.default('Pickleball Shop <shop@localhost>'),
  // the e-mail queue (decision 022): tries per e-mail, the first retry's delay (doubling after), how long one
  // send may hold its job before another worker takes it over (a crashed instance's e-mails are resent after it)
  MAIL_RETRY_LIMIT: z.coerce.number().int().min(0).max(20).default(6),
  MAIL_RETRY_DELAY_SECONDS: z.coerce.number().int().min(1).max(3600).default(30),
  MAIL_SEND_TIMEOUT_SECONDS: z.coerce.number().int().min(1).max(3600).default(300),
  // how often a worker looks for e-mails to send, and how often stalled sends are looked for
  MAIL_POLL_SECONDS: z.coerce.number().min(0.5).max(600).default(2),
  MAIL_MAINTENANCE_SECONDS: z.coerce.number().int().min(1).max(3600).default(60),
  // back-in-stock sign-ups per IP per hour
  STOCK_ALERT_RATE_LIMIT: z.coerce.number().int().positive().default(10),
  // newsletter sign-ups per IP per hour
  NEWSLETTER_RATE_LIMIT: z.coerce.number().int().positive().default(10),
  // login attempts per IP per minute
  AUTH_RATE_LIMIT: z.coerce.number().int().positive().default(10),
  // payment creations and coupon or tax checks per IP per minute; status checks get four times as many
  CHECKOUT_RATE_LIMIT: z.coerce.number().int().positive().default(30),
  // unpaid orders (and the units they hold) one client address or account may have open at once; 0 = no limit
  CHECKOUT_OPEN_ORDERS_LIMIT: z.coerce.number().int().min(0).default(3),
  CHECKOUT_OPEN_UNITS_LIMIT: z.coerce.number().int().min(0).default(200),
  // units all unpaid orders from one IPv4 /24 or IPv6 /48 may hold at once (an IPv6 /64 is one address); 0 = no limit
  CHECKOUT_NETWORK_UNITS_LIMIT: z.coerce.number().int().min(0).default(600),
  // registrations per IP per hour: an account answer tells whether a name is taken, so guessing is slowed down
  REGISTER_RATE_LIMIT: z.coerce.number().int().positive().default(5),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  // /metrics answers only a request bearing this token; unset, the endpoint is not there (404)
  METRICS_TOKEN: optionalText.pipe(z.string().min(16, 'must be at least 16 characters').optional()),
  // an OTLP/HTTP collector (http://collector:4318): requests and PostgreSQL queries are traced to it; unset, tracing is not loaded
  OTEL_EXPORTER_OTLP_ENDPOINT: optionalUrl,
  // the 3-second catalogue response cache and checkout's settings cache: on in production unless set; off measures every read uncached (npm run bench)
  RESPONSE_CACHE: z.enum(['on', 'off']).optional(),
  // behind reverse proxies, which of them to believe for X-Forwarded-* (client IP for rate limits, https):
  // a hop count or the proxies' addresses/CIDRs, never "everyone" (a client could pick its own IP)
  TRUST_PROXY: z
    .string()
    .trim()
    .default('0')
    .transform((value, ctx): number | string[] | false => {
      if (value === '' || value === '0' || value === 'false') return false;
      if (value === 'true') return 1;
      if (/^\d+$/.test(value)) return Number(value);
      const proxies = value.split(',').map((entry) => entry.trim());
      if (proxies.every(isAddressOrCidr)) return proxies;
      ctx.addIssue({ code: 'custom', message: 'must be a hop count (1, 2) or a comma-separated list of proxy addresses or CIDRs' });
      return z.NEVER;
    }),
  ALLOW_CONFIRMATION_TEST: z
    .enum(['0', '1', 'true', 'false', ''])
    .default('0')
    .transform((value) => value === '1' || value === 'true'),
  // without Stripe the card simulator takes the orders and no money: refuse to start instead
  REQUIRE_PAYMENT_PROVIDER: z
    .enum(['0', '1', 'true', 'false', ''])
    .default('0')
    .transform((value) => value === '1' || value === 'true'),
  // PostgreSQL only (the embedded database has no network to stall). A stalled or vanished
  // database must turn into a quick 503, never a request that waits forever.
  // opening a connection, or waiting for a free one when all are busy
  DATABASE_CONNECT_TIMEOUT_MS: milliseconds(DATABASE_TIMEOUT_DEFAULTS.DATABASE_CONNECT_TIMEOUT_MS),
  // the server cancels a statement running longer (shop queries take milliseconds)
  DATABASE_STATEMENT_TIMEOUT_MS: milliseconds(DATABASE_TIMEOUT_DEFAULTS.DATABASE_STATEMENT_TIMEOUT_MS),
  // the client gives up on an answer that does not arrive (a black-holed socket) and drops the connection
  DATABASE_QUERY_TIMEOUT_MS: milliseconds(DATABASE_TIMEOUT_DEFAULTS.DATABASE_QUERY_TIMEOUT_MS),
  // the server ends a session left idle inside an open transaction, releasing its locks
  DATABASE_IDLE_IN_TRANSACTION_TIMEOUT_MS: milliseconds(DATABASE_TIMEOUT_DEFAULTS.DATABASE_IDLE_IN_TRANSACTION_TIMEOUT_MS),
  // TCP keep-alive probes start after this much silence on a connection, so a dead peer is noticed
  DATABASE_KEEPALIVE_DELAY_MS: milliseconds(DATABASE_TIMEOUT_DEFAULTS.DATABASE_KEEPALIVE_DELAY_MS),
  // uploaded images in an S3-compatible bucket instead of DATA_DIR/uploads (decision 029); S3_BUCKET turns it on
  S3_BUCKET: optionalText,
  S3_REGION: optionalText.default('us-east-1'),
  // another S3-compatible service (MinIO, R2, B2, ...); unset: AWS S3 itself
  S3_ENDPOINT: optionalUrl.pipe(
    z
      .string()
      .regex(/^https?:\/\//, 'must be an http:// or https:// URL')
      .optional(),
  ),
  // unset: the AWS SDK's own chain (AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY, an instance or task role)
  S3_ACCESS_KEY_ID: optionalText,
  S3_SECRET_ACCESS_KEY: optionalText,
  // bucket in the path (http://host/bucket/key) rather than the host name: MinIO and most self-hosted servers need it
  S3_FORCE_PATH_STYLE: z
    .enum(['0', '1', 'true', 'false', ''])
    .default('0')
    .transform((value) => value === '1' || value === 'true'),
  // where in the bucket the images go: the same layout as DATA_DIR, so a copied uploads folder fits
  S3_PREFIX: z
    .string()
    .trim()
    .default('uploads/')
    .refine((value) => value === '' || /^[A-Za-z0-9!_.*'()/-]*\/$/.test(value), 'must be empty or end with "/" (letters, digits, -_.!*\'() and /)'),
  // the whole request, body included: 5 MB image uploads from a phone on a slow uplink take a while
  REQUEST_TIMEOUT_MS: milliseconds(120_000),
  // the request line and headers
  HEADERS_TIMEOUT_MS: milliseconds(20_000),
  // how often abandoned-checkout reminders due are looked for (decision 056); their delays are an hour at least
  CHECKOUT_RECOVERY_INTERVAL_MS: z.coerce.number().int().min(1_000).max(3_600_000).default(60_000),
});

const ConfigSchema = BaseConfig.superRefine((config, context) => {
  if (config.REQUIRE_PAYMENT_PROVIDER && !config.STRIPE_SECRET_KEY) {
    context.addIssue({
      code: 'custom',
      path: ['REQUIRE_PAYMENT_PROVIDER'],
      message:
        'is set, but STRIPE_SECRET_KEY is not: set STRIPE_SECRET_KEY (and STRIPE_PUBLISHABLE_KEY, STRIPE_WEBHOOK_SECRET) to take real payments, or unset REQUIRE_PAYMENT_PROVIDER to run on the card simulator',
    });
  }
  if (Boolean(config.S3_ACCESS_KEY_ID) !== Boolean(config.S3_SECRET_ACCESS_KEY)) {
    const missing = config.S3_ACCESS_KEY_ID ? 'S3_SECRET_ACCESS_KEY' : 'S3_ACCESS_KEY_ID';
    context.addIssue({ code: 'custom', path: [missing], message: 'must be set together with the other S3 key (or leave both unset)' });
  }
  // S3 settings without a bucket would quietly keep the images on the local disk
  if (!config.S3_BUCKET && (config.S3_ENDPOINT || config.S3_ACCESS_KEY_ID || config.S3_SECRET_ACCESS_KEY)) {
    context.addIssue({ code: 'custom', path: ['S3_BUCKET'], message: 'is needed to store images in S3 (S3_ENDPOINT or S3 keys are set)' });
  }
  // the server's own cancel should win while the server still answers: it leaves the connection usable
  const { DATABASE_QUERY_TIMEOUT_MS: query, DATABASE_STATEMENT_TIMEOUT_MS: statement } = config;
  if (query > 0 && statement > 0 && query <= statement) {
    context.addIssue({ code: 'custom', path: ['DATABASE_QUERY_TIMEOUT_MS'], message: 'must be longer than DATABASE_STATEMENT_TIMEOUT_MS' });
  }
  // behind a proxy the shop is surely not at http://localhost:PORT, and its links must not follow a Host
  // header anyone can write (a password reset link to another site): say where it is
  if (config.NODE_ENV === 'production' && config.TRUST_PROXY !== false && !config.PUBLIC_URL) {
    context.addIssue({
      code: 'custom',
      path: ['PUBLIC_URL'],
      message:
        "must be set in production behind a proxy (TRUST_PROXY is set): the shop's address as shoppers type it (https://shop.example.com), which every absolute link (password reset, e-mails, canonical, sitemap) starts with",
    });
  }
  // Node refuses a headers timeout longer than the request timeout
  if (config.REQUEST_TIMEOUT_MS > 0 && config.HEADERS_TIMEOUT_MS > config.REQUEST_TIMEOUT_MS) {
    context.addIssue({ code: 'custom', path: ['HEADERS_TIMEOUT_MS'], message: 'must not be longer than REQUEST_TIMEOUT_MS' });
  }
});

export type Config = z.infer<typeof ConfigSchema>;

/**
 * The origin every absolute link starts with (password reset, e-mails, canonical, JSON-LD, sitemap,
 * robots.txt): PUBLIC_URL, else this machine. Never the request's Host or X-Forwarded-Host, which
 * whoever sends the request writes. No trailing slash.
 */
export function publicOrigin(config: Pick<Config, 'PUBLIC_URL' | 'PORT'>): string {
  return (config.PUBLIC_URL ?? `http://localhost:${config.PORT}`).replace(/\/+$/, '');
}

export class ConfigError extends Error {}

/** Parses the environment once at start; a bad value stops the server naming the variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const result = ConfigSchema.safeParse(env);
  if (result.success) return result.data;
  const lines = result.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
  throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
}
