import { publicOrigin, type Config } from './config.ts';

/**
 * The start-up warning for a production server without PUBLIC_URL: it still starts (`npm start` with
 * nothing set is a shop on this machine), but every link it writes points at this machine, never at the
 * Host a request names (decision 034). Null when all is well.
 */
export function publicUrlWarning(config: Pick<Config, 'NODE_ENV' | 'PUBLIC_URL' | 'PORT'>): string | null {
  if (config.NODE_ENV !== 'production' || config.PUBLIC_URL) return null;
  return [
    `WARNING: PUBLIC_URL is not set, so every link the shop writes starts with ${publicOrigin(config)}:`,
    'password reset and order e-mails, canonical links, structured data, the sitemap and robots.txt.',
    'Before anyone else uses this shop, set PUBLIC_URL to its address as shoppers reach it (https://shop.example.com).',
  ].join('\n');
}
