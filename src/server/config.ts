import { z } from 'zod';

const optionalText = z
  .string()
  .trim()
  .transform((value) => (value === '' ? undefined : value))
  .optional();

const optionalUrl = optionalText.pipe(z.url().optional());

export const ConfigSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('0.0.0.0'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: optionalText.pipe(
    z
      .string()
      .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// or postgresql:// URL')
      .optional(),
  ),
  SESSION_SECRET: optionalText.pipe(z.string().min(32, 'must be at least 32 characters').optional()),
  PUBLIC_URL: optionalUrl,
  ADMIN_USERNAME: optionalText,
  ADMIN_PASSWORD: optionalText.pipe(z.string().min(8, 'must be at least 8 characters').optional()),
  ADMIN_EMAIL: optionalText.pipe(z.email().optional()),
  SEED: z.enum(['demo', 'none']).default('demo'),
  STRIPE_SECRET_KEY: optionalText.pipe(z.string().regex(/^(sk|rk)_/, 'must start with sk_ or rk_').optional()),
  STRIPE_PUBLISHABLE_KEY: optionalText.pipe(z.string().regex(/^pk_/, 'must start with pk_').optional()),
  STRIPE_WEBHOOK_SECRET: optionalText,
  STRIPE_API_BASE: optionalUrl,
  TAXJAR_API_KEY: optionalText,
  TAXJAR_API_URL: optionalUrl,
  SMTP_URL: optionalText.pipe(z.string().regex(/^smtps?:\/\//, 'must be an smtp:// or smtps:// URL').optional()),
  MAIL_FROM: optionalText.default('Pickleball Shop <shop@localhost>'),
  // login and register attempts per IP per minute
  AUTH_RATE_LIMIT: z.coerce.number().int().positive().default(10),
  // payment creations and coupon or tax checks per IP per minute; status checks get four times as many
  CHECKOUT_RATE_LIMIT: z.coerce.number().int().positive().default(30),
  // unpaid orders (and the units they hold) one client address or account may have open at once; 0 = no limit
  CHECKOUT_OPEN_ORDERS_LIMIT: z.coerce.number().int().min(0).default(3),
  CHECKOUT_OPEN_UNITS_LIMIT: z.coerce.number().int().min(0).default(200),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  // behind a reverse proxy, trust its X-Forwarded-* headers (client IP for rate limits, https)
  TRUST_PROXY: z
    .enum(['0', '1', 'true', 'false', ''])
    .default('0')
    .transform((value) => value === '1' || value === 'true'),
  ALLOW_CONFIRMATION_TEST: z
    .enum(['0', '1', 'true', 'false', ''])
    .default('0')
    .transform((value) => value === '1' || value === 'true'),
  // without Stripe the card simulator takes the orders and no money: refuse to start instead
  REQUIRE_PAYMENT_PROVIDER: z
    .enum(['0', '1', 'true', 'false', ''])
    .default('0')
    .transform((value) => value === '1' || value === 'true'),
}).superRefine((config, ctx) => {
  if (config.REQUIRE_PAYMENT_PROVIDER && !config.STRIPE_SECRET_KEY) {
    ctx.addIssue({
      code: 'custom',
      path: ['REQUIRE_PAYMENT_PROVIDER'],
      message: 'is set, but STRIPE_SECRET_KEY is not: set STRIPE_SECRET_KEY (and STRIPE_PUBLISHABLE_KEY, STRIPE_WEBHOOK_SECRET) to take real payments, or unset REQUIRE_PAYMENT_PROVIDER to run on the card simulator',
    });
  }
});

export type Config = z.infer<typeof ConfigSchema>;

export class ConfigError extends Error {}

/** Parses the environment once at start; a bad value stops the server naming the variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const result = ConfigSchema.safeParse(env);
  if (result.success) return result.data;
  const lines = result.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
  throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
}
