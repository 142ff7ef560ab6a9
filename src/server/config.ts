import { isIP } from 'node:net';
import { z } from 'zod';

const optionalText = z
  .string()
  .trim()
  .transform((value) => (value === '' ? undefined : value))
  .optional();

const optionalUrl = optionalText.pipe(z.url().optional());

function isAddressOrCidr(entry: string): boolean {
  const [address = '', bits, ...rest] = entry.split('/');
  const version = isIP(address);
  if (version === 0 || rest.length > 0) return false;
  return bits === undefined || (/^\d+$/.test(bits) && Number(bits) <= (version === 4 ? 32 : 128));
}

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
  // login attempts per IP per minute
  AUTH_RATE_LIMIT: z.coerce.number().int().positive().default(10),
  // registrations per IP per hour: an account answer tells whether a name is taken, so guessing is slowed down
  REGISTER_RATE_LIMIT: z.coerce.number().int().positive().default(5),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
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
