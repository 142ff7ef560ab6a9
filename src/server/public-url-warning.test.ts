import { describe, expect, it } from 'vitest';
import { loadConfig } from './config.ts';
import { publicUrlWarning } from './public-url-warning.ts';

describe('publicUrlWarning', () => {
  it('warns in production without PUBLIC_URL, naming the variable and where links point instead', () => {
    const warning = publicUrlWarning(loadConfig({ NODE_ENV: 'production', PORT: '8080' }));
    expect(warning).toContain('PUBLIC_URL is not set');
    expect(warning).toContain('http://localhost:8080');
  });

  it('stays quiet with PUBLIC_URL set or outside production', () => {
    expect(publicUrlWarning(loadConfig({ NODE_ENV: 'production', PUBLIC_URL: 'https://shop.example.com' }))).toBeNull();
    expect(publicUrlWarning(loadConfig({}))).toBeNull();
  });
});
