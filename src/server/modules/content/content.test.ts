import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ContactInfo, Policies, PublicConfig, SiteSettings } from '#common/schemas/content.ts';
import { contactInfo, policies, siteSettings } from '#server/db/schema.ts';
import { createTestApp, type TestApp } from '#server/test/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('GET /api/site-settings', () => {
  it('answers the settings with the column defaults', async () => {
    const res = await t.app.inject({ url: '/api/site-settings' });
    expect(res.statusCode).toBe(200);
    const settings = SiteSettings.parse(res.json());
    expect(settings).toMatchObject({
      siteTitle: null,
      primaryColor: '#1e40af',
      headerColor: '#ffffff',
      bodyColor: '#f3f4f6',
      footerColor: '#1f2937',
      shippingCost: '5.99',
      freeShippingThreshold: '50.00',
    });
    expect(Number(settings.taxRate)).toBe(0);
    expect(res.json()).not.toHaveProperty('id');
  });

  it('answers saved texts', async () => {
    await t.db.update(siteSettings).set({ siteTitle: 'Dink Depot', heroTitle: 'Play more' });
    expect((await t.app.inject({ url: '/api/site-settings' })).json()).toMatchObject({ siteTitle: 'Dink Depot', heroTitle: 'Play more' });
  });

  it('recreates the row if it was removed', async () => {
    await t.db.delete(siteSettings);
    const res = await t.app.inject({ url: '/api/site-settings' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ siteTitle: null, shippingCost: '5.99' });
  });
});

describe('GET /api/contact-info', () => {
  it('answers the contact fields', async () => {
    await t.db.update(contactInfo).set({ email: 'hi@shop.test', address: '1 Main St, Austin, TX, 78701' });
    const res = await t.app.inject({ url: '/api/contact-info' });
    expect(res.statusCode).toBe(200);
    expect(ContactInfo.parse(res.json())).toMatchObject({ email: 'hi@shop.test', address: '1 Main St, Austin, TX, 78701', facebook: null });
  });
});

describe('GET /api/policies', () => {
  it('answers empty sections until the owner writes them, then the texts', async () => {
    expect(Policies.parse((await t.app.inject({ url: '/api/policies' })).json())).toMatchObject({ title1: '', content1: '' });
    await t.db.update(policies).set({ title1: 'Privacy Policy', content1: 'One.\nTwo.' });
    expect((await t.app.inject({ url: '/api/policies' })).json()).toMatchObject({ title1: 'Privacy Policy', content1: 'One.\nTwo.' });
  });
});

describe('GET /api/config', () => {
  it('reports the offline services by default', async () => {
    const res = await t.app.inject({ url: '/api/config' });
    expect(res.statusCode).toBe(200);
    expect(PublicConfig.parse(res.json())).toEqual({
      paymentProvider: 'simulated',
      stripePublishableKey: null,
      taxProvider: 'state-rates',
      mailTransport: 'outbox',
      allowConfirmationTest: false,
      isProduction: false,
    });
  });

  it('reports Stripe, TaxJar and SMTP when configured, never the secrets', async () => {
    const configured = await createTestApp({
      STRIPE_SECRET_KEY: 'sk_test_secret_value',
      STRIPE_PUBLISHABLE_KEY: 'pk_test_public_value',
      TAXJAR_API_KEY: 'taxjar-secret',
      SMTP_URL: 'smtp://user:pass@mail.test:587',
      ALLOW_CONFIRMATION_TEST: '1',
    });
    try {
      const res = await configured.app.inject({ url: '/api/config' });
      expect(res.json()).toEqual({
        paymentProvider: 'stripe',
        stripePublishableKey: 'pk_test_public_value',
        taxProvider: 'taxjar',
        mailTransport: 'smtp',
        allowConfirmationTest: true,
        isProduction: false,
      });
      for (const secret of ['sk_test_secret_value', 'taxjar-secret', 'pass@']) expect(res.body).not.toContain(secret);
    } finally {
      await configured.close();
    }
  });

  it('says when a production server runs on the card simulator, for the admin banner', async () => {
    const production = await createTestApp({ NODE_ENV: 'production' });
    try {
      expect((await production.app.inject({ url: '/api/config' })).json()).toMatchObject({ paymentProvider: 'simulated', isProduction: true });
    } finally {
      await production.close();
    }
  });
});
