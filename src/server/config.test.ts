import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.ts';

describe('loadConfig', () => {
  it('gives defaults that make npm start work with nothing set', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({ PORT: 3000, HOST: '0.0.0.0', DATA_DIR: './data', SEED: 'demo' });
    expect(config.DATABASE_URL).toBeUndefined();
    expect(config.ALLOW_CONFIRMATION_TEST).toBe(false);
  });

  it('treats empty strings as unset', () => {
    expect(loadConfig({ DATABASE_URL: '', STRIPE_SECRET_KEY: '' }).DATABASE_URL).toBeUndefined();
  });

  it.each([
    ['PORT', 'abc'],
    ['DATABASE_URL', 'mysql://x'],
    ['SEED', 'lots'],
    ['PUBLIC_URL', 'not a url'],
    ['ADMIN_PASSWORD', 'short'],
    ['STRIPE_SECRET_KEY', 'pk_test_123'],
    ['SMTP_URL', 'http://mail'],
  ])('names the bad variable %s', (name, value) => {
    expect(() => loadConfig({ [name]: value })).toThrow(ConfigError);
    expect(() => loadConfig({ [name]: value })).toThrow(new RegExp(`\\b${name}\\b`));
  });
});
