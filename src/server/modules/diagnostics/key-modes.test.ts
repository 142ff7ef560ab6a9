import { describe, expect, it } from 'vitest';
import { publishableKeyMode, secretKeyMode, webhookSecretFormat } from './key-modes.ts';
import { sameWebhookUrl, shopWebhookUrl } from './webhook-url.ts';

describe('key modes', () => {
  it('reads live and test from secret and restricted key prefixes', () => {
    expect(secretKeyMode('sk_live_abc')).toBe('live');
    expect(secretKeyMode('rk_live_abc')).toBe('live');
    expect(secretKeyMode('sk_test_abc')).toBe('test');
    expect(secretKeyMode('rk_test_abc')).toBe('test');
    expect(secretKeyMode('sk_abc')).toBe('unknown');
    expect(secretKeyMode(undefined)).toBe('missing');
  });

  it('reads live and test from publishable key prefixes', () => {
    expect(publishableKeyMode('pk_live_abc')).toBe('live');
    expect(publishableKeyMode('pk_test_abc')).toBe('test');
    expect(publishableKeyMode('pk_abc')).toBe('unknown');
    expect(publishableKeyMode(undefined)).toBe('missing');
  });

  it('checks the webhook secret is whsec_ followed by characters', () => {
    expect(webhookSecretFormat('whsec_1234abcdEFGH')).toBe('valid');
    expect(webhookSecretFormat('whsec_')).toBe('invalid');
    expect(webhookSecretFormat('sk_test_abc')).toBe('invalid');
    expect(webhookSecretFormat('whsec_ab cd')).toBe('invalid');
    expect(webhookSecretFormat(undefined)).toBe('not provided');
    expect(webhookSecretFormat('')).toBe('not provided');
  });
});

describe('webhook URL', () => {
  it('is PUBLIC_URL plus the webhook path, else the request origin', () => {
    expect(shopWebhookUrl('https://shop.example/', 'http://127.0.0.1:3000')).toBe('https://shop.example/api/stripe/webhook');
    expect(shopWebhookUrl(undefined, 'http://127.0.0.1:3000')).toBe('http://127.0.0.1:3000/api/stripe/webhook');
  });

  it('matches regardless of host case and a trailing slash, not another host, scheme or path', () => {
    const ours = 'https://shop.example/api/stripe/webhook';
    expect(sameWebhookUrl('https://SHOP.example/api/stripe/webhook/', ours)).toBe(true);
    expect(sameWebhookUrl('http://shop.example/api/stripe/webhook', ours)).toBe(false);
    expect(sameWebhookUrl('https://other.example/api/stripe/webhook', ours)).toBe(false);
    expect(sameWebhookUrl('https://shop.example/webhook', ours)).toBe(false);
    expect(sameWebhookUrl('not a url', ours)).toBe(false);
  });
});
