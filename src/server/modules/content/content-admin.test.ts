import { existsSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ContactInfo, Policies, SiteSettings } from '#common/schemas/content.ts';
import { contactInfo, policies, siteSettings } from '#server/db/schema.ts';
import { uploadsDir } from '#server/modules/media/media-service.ts';
import { expectAdminOnly, multipartBody, pngFile } from '#server/test/admin-test-kit.ts';
import { createTestApp, type SignedIn, type TestApp } from '#server/test/test-app.ts';

let t: TestApp;
let admin: SignedIn;
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.signIn({ admin: true });
});
afterAll(() => t.close());

const saveSettings = async (fields: Parameters<typeof multipartBody>[0]) =>
  admin.inject({ method: 'POST', url: '/api/site-settings', ...(await multipartBody(fields)) });
const fileOf = (url: string) => path.join(uploadsDir(t.dataDir), url.replace('/uploads/', ''));

describe('content admin guards', () => {
  it('refuses anonymous (401) and regular users (403), changing nothing', async () => {
    await expectAdminOnly(
      t,
      [
        { method: 'POST', url: '/api/site-settings', form: { siteTitle: 'Hacked', heroImage: await pngFile() } },
        { method: 'POST', url: '/api/contact-info', payload: { email: 'evil@example.com' } },
        { method: 'POST', url: '/api/policies', payload: { title1: 'Hacked' } },
      ],
      async () => [await t.db.select().from(siteSettings), await t.db.select().from(contactInfo), await t.db.select().from(policies)],
    );
  });
});

describe('POST /api/site-settings', () => {
  it('saves the non-empty fields and the hero image, answering the updated record', async () => {
    const res = await saveSettings({
      siteTitle: 'Dink Depot',
      heroTitle: 'Play more pickleball',
      taxRate: '8.25',
      shippingCost: '4.5',
      freeShippingThreshold: '75',
      primaryColor: '#112233',
      fulfillmentEmail: 'Orders@Shop.test',
      heroImage: await pngFile('hero.png'),
    });
    expect(res.statusCode).toBe(200);
    const saved = SiteSettings.parse(res.json());
    expect(saved).toMatchObject({
      siteTitle: 'Dink Depot',
      heroTitle: 'Play more pickleball',
      taxRate: '8.25',
      shippingCost: '4.50',
      freeShippingThreshold: '75.00',
      primaryColor: '#112233',
      headerColor: '#ffffff',
      fulfillmentEmail: 'orders@shop.test',
    });
    expect(saved.heroImageUrl).toMatch(/^\/uploads\/dink-depot-[0-9a-f]{12}\.webp$/);
    expect((await t.app.inject({ url: '/api/site-settings' })).json()).toEqual(saved);
  });

  it('treats empty fields as missing: they keep their saved value', async () => {
    const res = await saveSettings({ siteTitle: '', heroTitle: 'New hero', taxRate: '' });
    expect(res.json()).toMatchObject({ siteTitle: 'Dink Depot', heroTitle: 'New hero', taxRate: '8.25' });
  });

  it('replaces the hero image and removes the old file', async () => {
    const before = (await t.app.inject({ url: '/api/site-settings' })).json().heroImageUrl as string;
    const res = await saveSettings({ heroImage: await pngFile('hero2.png') });
    expect(res.json().heroImageUrl).not.toBe(before);
    expect(existsSync(fileOf(res.json().heroImageUrl))).toBe(true);
    expect(existsSync(fileOf(before))).toBe(false);
  });

  it.each([
    [{ taxRate: '100.01' }, 'taxRate', 'Tax rate must be between 0 and 100'],
    [{ taxRate: '-1' }, 'taxRate', 'Tax rate cannot be negative'],
    [{ shippingCost: '-5' }, 'shippingCost', 'Shipping cost cannot be negative'],
    [{ freeShippingThreshold: '-1' }, 'freeShippingThreshold', 'Free shipping threshold cannot be negative'],
    [{ footerColor: 'red' }, 'footerColor', 'Footer color must be a color like #1e40af'],
    [{ fulfillmentEmail: 'not-an-email' }, 'fulfillmentEmail', 'Fulfillment email must be a valid email address'],
    [{ lowStockThreshold: '-1' }, 'lowStockThreshold', 'Low-stock threshold must be a whole number from 0 to 1000'],
    [{ lowStockThreshold: '2.5' }, 'lowStockThreshold', 'Low-stock threshold must be a whole number from 0 to 1000'],
  ])('refuses %o', async (fields, pathName, message) => {
    const before = (await t.app.inject({ url: '/api/site-settings' })).json();
    const res = await saveSettings(fields);
    expect(res.statusCode).toBe(400);
    expect(res.json().issues).toEqual([{ path: pathName, message }]);
    expect((await t.app.inject({ url: '/api/site-settings' })).json()).toEqual(before);
  });

  it('keeps the low-stock threshold the cards read, 5 until the owner sets it', async () => {
    expect((await t.app.inject({ url: '/api/site-settings' })).json().lowStockThreshold).toBe('5');
    expect((await saveSettings({ lowStockThreshold: '12' })).json().lowStockThreshold).toBe('12');
    expect((await t.app.inject({ url: '/api/site-settings' })).json().lowStockThreshold).toBe('12');
    expect((await saveSettings({ lowStockThreshold: '5' })).json().lowStockThreshold).toBe('5');
  });

  it('accepts the extremes 0 and 100 for the tax rate', async () => {
    expect((await saveSettings({ taxRate: '100' })).json().taxRate).toBe('100.00');
    expect((await saveSettings({ taxRate: '0' })).json().taxRate).toBe('0.00');
  });

  it('refuses a non-image hero with 415', async () => {
    const res = await saveSettings({ heroImage: { bytes: Buffer.from('<svg/>'), filename: 'x.png', type: 'image/png' } });
    expect(res.statusCode).toBe(415);
  });
});

describe('POST /api/contact-info', () => {
  it('saves every field, clearing emptied ones', async () => {
    const payload = {
      email: 'hello@shop.test',
      phone: '555-0100',
      address: '1 Main St, Austin, TX, 78701',
      facebook: 'https://facebook.com/dinkdepot',
      twitter: '',
      instagram: 'https://instagram.com/dinkdepot',
      linkedin: '',
      businessHours: 'Mon-Fri 9-5',
    };
    const res = await admin.inject({ method: 'POST', url: '/api/contact-info', payload });
    expect(res.statusCode).toBe(200);
    expect(ContactInfo.parse(res.json())).toMatchObject({ ...payload, twitter: null, linkedin: null });
  });

  it('refuses a bad e-mail and non-http social links', async () => {
    const res = await admin.inject({
      method: 'POST',
      url: '/api/contact-info',
      payload: { email: 'nope', facebook: 'javascript:alert(1)' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().issues).toEqual([
      { path: 'email', message: 'Please enter a valid email address' },
      { path: 'facebook', message: 'Facebook must be an http(s) URL' },
    ]);
  });
});

describe('POST /api/policies', () => {
  it('saves the three sections', async () => {
    const payload = { title1: 'Privacy Policy', content1: 'We keep little.\nVery little.', title2: 'Terms', content2: 'Be nice.', title3: '', content3: '' };
    const res = await admin.inject({ method: 'POST', url: '/api/policies', payload });
    expect(res.statusCode).toBe(200);
    expect(Policies.parse(res.json())).toMatchObject(payload);
    expect((await t.app.inject({ url: '/api/policies' })).json()).toMatchObject(payload);
  });

  it('refuses non-text values', async () => {
    const res = await admin.inject({ method: 'POST', url: '/api/policies', payload: { title1: 5 } });
    expect(res.statusCode).toBe(400);
    expect(res.json().issues).toEqual([{ path: 'title1', message: 'Title 1 must be text' }]);
  });
});
