import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig, publicOrigin } from './config.ts';

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
    ['PUBLIC_URL', 'ftp://shop.example.com'],
    ['PUBLIC_URL', 'https://shop.example.com/shop'],
    ['ADMIN_PASSWORD', 'short'],
    ['STRIPE_SECRET_KEY', 'pk_test_123'],
    ['SMTP_URL', 'http://mail'],
    ['DATABASE_STATEMENT_TIMEOUT_MS', '-1'],
    ['REQUEST_TIMEOUT_MS', 'soon'],
    ['CHECKOUT_RECOVERY_INTERVAL_MS', '10'],
  ])('names the bad variable %s', (name, value) => {
    expect(() => loadConfig({ [name]: value })).toThrow(ConfigError);
    expect(() => loadConfig({ [name]: value })).toThrow(new RegExp(`\\b${name}\\b`));
  });

  it("gives the database and request timeouts and the reminder run's interval their defaults", () => {
    expect(loadConfig({})).toMatchObject({
      DATABASE_CONNECT_TIMEOUT_MS: 5000,
      DATABASE_STATEMENT_TIMEOUT_MS: 5000,
      DATABASE_QUERY_TIMEOUT_MS: 7000,
      DATABASE_IDLE_IN_TRANSACTION_TIMEOUT_MS: 10000,
      DATABASE_KEEPALIVE_DELAY_MS: 10000,
      REQUEST_TIMEOUT_MS: 120000,
      HEADERS_TIMEOUT_MS: 20000,
      CHECKOUT_RECOVERY_INTERVAL_MS: 60000,
    });
  });

  it('refuses timeouts that cannot work together', () => {
    // the client-side query timeout must leave the server's statement timeout the first word
    expect(() => loadConfig({ DATABASE_STATEMENT_TIMEOUT_MS: '5000', DATABASE_QUERY_TIMEOUT_MS: '5000' })).toThrow(/DATABASE_QUERY_TIMEOUT_MS/);
    expect(() => loadConfig({ REQUEST_TIMEOUT_MS: '1000', HEADERS_TIMEOUT_MS: '2000' })).toThrow(/HEADERS_TIMEOUT_MS/);
    expect(loadConfig({ DATABASE_STATEMENT_TIMEOUT_MS: '0', DATABASE_QUERY_TIMEOUT_MS: '1000' }).DATABASE_QUERY_TIMEOUT_MS).toBe(1000);
  });
});

describe('TRUST_PROXY', () => {
  const trustProxy = (value: string) => loadConfig({ TRUST_PROXY: value }).TRUST_PROXY;

  it('is off by default and for 0, false or empty', () => {
    expect(loadConfig({}).TRUST_PROXY).toBe(false);
    for (const value of ['0', 'false', '', '  ']) expect(trustProxy(value)).toBe(false);
  });

  it('takes a hop count, reading true as one hop, never "trust everyone"', () => {
    expect(trustProxy('1')).toBe(1);
    expect(trustProxy('2')).toBe(2);
    expect(trustProxy('true')).toBe(1);
  });

  it('takes a list of proxy addresses and CIDRs', () => {
    expect(trustProxy('10.0.0.1, 192.168.0.0/16,::1,fd00::/8')).toEqual(['10.0.0.1', '192.168.0.0/16', '::1', 'fd00::/8']);
  });

  it.each(['yes', '10.0.0.0/33', 'proxy.local', '10.0.0.1,', '1.2.3.4/8/8'])('refuses %j naming the variable', (value) => {
    expect(() => trustProxy(value)).toThrow(/TRUST_PROXY: must be a hop count/);
  });
});

describe('S3 image storage settings', () => {
  it('keeps images on the local disk unless S3_BUCKET is set', () => {
    const config = loadConfig({ S3_BUCKET: '' });
    expect(config.S3_BUCKET).toBeUndefined();
    expect(config).toMatchObject({ S3_REGION: 'us-east-1', S3_FORCE_PATH_STYLE: false, S3_PREFIX: 'uploads/' });
  });

  it('reads a MinIO-style configuration', () => {
    const config = loadConfig({
      S3_BUCKET: 'shop-images',
      S3_ENDPOINT: 'http://127.0.0.1:9000',
      S3_ACCESS_KEY_ID: 'key',
      S3_SECRET_ACCESS_KEY: 'secret',
      S3_FORCE_PATH_STYLE: '1',
      S3_PREFIX: 'shop-a/images/',
    });
    expect(config).toMatchObject({ S3_BUCKET: 'shop-images', S3_ENDPOINT: 'http://127.0.0.1:9000', S3_FORCE_PATH_STYLE: true, S3_PREFIX: 'shop-a/images/' });
    expect(loadConfig({ S3_BUCKET: 'b', S3_PREFIX: '' }).S3_PREFIX).toBe('');
  });

  it.each([
    [{ S3_BUCKET: 'b', S3_ACCESS_KEY_ID: 'key' }, 'S3_SECRET_ACCESS_KEY'],
    [{ S3_BUCKET: 'b', S3_SECRET_ACCESS_KEY: 'secret' }, 'S3_ACCESS_KEY_ID'],
    [{ S3_ENDPOINT: 'http://127.0.0.1:9000' }, 'S3_BUCKET'],
    [{ S3_BUCKET: 'b', S3_ENDPOINT: 'minio:9000' }, 'S3_ENDPOINT'],
    [{ S3_BUCKET: 'b', S3_PREFIX: 'uploads' }, 'S3_PREFIX'],
    [{ S3_BUCKET: 'b', S3_PREFIX: 'up loads/' }, 'S3_PREFIX'],
    [{ S3_BUCKET: 'b', S3_FORCE_PATH_STYLE: 'yes' }, 'S3_FORCE_PATH_STYLE'],
  ])('refuses %j naming %s', (env, name) => {
    expect(() => loadConfig(env)).toThrow(new RegExp(`\\b${name}\\b`));
  });
});

describe('PUBLIC_URL', () => {
  it('is where every absolute link starts; unset, this machine', () => {
    expect(publicOrigin(loadConfig({ PUBLIC_URL: 'https://shop.example.com/' }))).toBe('https://shop.example.com');
    expect(publicOrigin(loadConfig({}))).toBe('http://localhost:3000');
    expect(publicOrigin(loadConfig({ PORT: '8080' }))).toBe('http://localhost:8080');
  });

  it('may be unset in production: npm start with nothing set starts', () => {
    expect(loadConfig({ NODE_ENV: 'production' }).PUBLIC_URL).toBeUndefined();
  });

  it('must be set in production behind a proxy, naming the variable', () => {
    expect(() => loadConfig({ NODE_ENV: 'production', TRUST_PROXY: '1' })).toThrow(/PUBLIC_URL: must be set in production behind a proxy/);
    expect(() => loadConfig({ NODE_ENV: 'production', TRUST_PROXY: '10.0.0.5' })).toThrow(ConfigError);
    expect(loadConfig({ NODE_ENV: 'production', TRUST_PROXY: '1', PUBLIC_URL: 'https://shop.example.com' }).TRUST_PROXY).toBe(1);
    expect(loadConfig({ NODE_ENV: 'development', TRUST_PROXY: '1' }).PUBLIC_URL).toBeUndefined();
  });
});
