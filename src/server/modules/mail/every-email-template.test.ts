import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EmailTemplateDetail, EmailTemplatePreview, EmailTemplateSummary } from '#common/schemas/email-templates.ts';
import { emailOutbox, emailTemplates } from '#server/db/schema.ts';
import { createTestApp, type SignedIn, type TestApp } from '#server/test/test-app.ts';
import { sendCheckoutReminder, sendNewsletterWelcome } from './marketing-mail-service.ts';
import { sendBackInStockEmail } from './stock-alert-mail-service.ts';
import { EMAIL_TEMPLATES } from './templates/registry.ts';

// Every registered e-mail through the admin's API: its defaults preview, an edited version previews with the
// sample data, a Liquid mistake is a 400 naming the block, and a test send reaches the outbox.

let t: TestApp;
let admin: SignedIn;
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.signIn({ admin: true });
});
afterAll(() => t.close());

const url = '/api/admin/emails/templates';
const preview = async (key: string, blocks: Record<string, string>) => {
  const res = await admin.inject({ method: 'POST', url: `${url}/${key}/preview`, payload: { blocks } });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as EmailTemplatePreview;
};

describe.each(EMAIL_TEMPLATES.map((template) => [template.key, template] as const))('the %s e-mail', (key, template) => {
  it('previews its default words, and an edited version with the sample data, escaped', async () => {
    const detail = (await admin.inject({ url: `${url}/${key}` })).json() as EmailTemplateDetail;
    expect(detail.blocks).toEqual(template.defaults);
    expect(detail.placeholders.map((placeholder) => placeholder.name)).toContain('shop.name');

    const standard = await preview(key, {});
    expect(standard).toEqual(template.preview(template.defaults));
    expect(standard.subject.trim()).not.toBe('');
    expect(standard.html).toContain('Pickleball Shop');
    expect(standard.text.trim()).not.toBe('');

    const edited = await preview(key, { subject: 'Edited: {{ shop.name | upcase }}', heading: 'Edited <b>{{ shop.name }}</b>' });
    expect(edited.subject).toBe('Edited: PICKLEBALL SHOP');
    expect(edited.html).toContain('Edited &lt;b&gt;Pickleball Shop&lt;/b&gt;');
    expect(edited.html).not.toContain('<b>Pickleball Shop</b>');
  });

  it('refuses a Liquid mistake with a 400 naming the block, and saves nothing', async () => {
    const typo = await admin.inject({ method: 'PUT', url: `${url}/${key}`, payload: { blocks: { heading: 'Hi {{ shop.nmae }}' } } });
    expect(typo.statusCode).toBe(400);
    expect(typo.json().message).toMatch(/^Invalid e-mail template: heading: .*shop\.nmae/);
    const syntax = await admin.inject({ method: 'PUT', url: `${url}/${key}`, payload: { blocks: { subject: '{% if %}' } } });
    expect(syntax.statusCode).toBe(400);
    expect(syntax.json().message).toMatch(/^Invalid e-mail template: subject: /);
    expect(await t.db.select().from(emailTemplates).where(eq(emailTemplates.key, key))).toEqual([]);
  });

  it('sends a test to an address through the outbox, marked as a test', async () => {
    const res = await admin.inject({ method: 'POST', url: `${url}/${key}/test`, payload: { to: 'owner@example.com' } });
    expect(res.statusCode, res.body).toBe(200);
    const [row] = await t.db.select().from(emailOutbox).where(eq(emailOutbox.id, res.json().outboxId));
    expect(row).toMatchObject({
      kind: `template-test:${key}`,
      recipient: 'owner@example.com',
      subject: `[Test] ${template.preview(template.defaults).subject}`,
    });
  });

  if (template.marketing) {
    it('keeps its unsubscribe link whatever the owner writes', async () => {
      const emptied = Object.fromEntries(Object.keys(template.defaults).map((block) => [block, 'x']));
      const words = await preview(key, emptied);
      expect(words.text).toMatch(/Unsubscribe: https:\/\//);
      expect(words.html).toMatch(/<a href="https:\/\/[^"]+">Unsubscribe<\/a>/);
    });
  }
});

describe('the e-mail list', () => {
  it('lists every registered e-mail once, the marketing ones marked', async () => {
    const list = (await admin.inject({ url })).json() as EmailTemplateSummary[];
    expect(list.map((row) => row.key)).toEqual(EMAIL_TEMPLATES.map((template) => template.key));
    expect(list.filter((row) => row.marketing).map((row) => row.key)).toEqual(['back-in-stock', 'newsletter-welcome', 'checkout-reminder']);
  });
});

describe('marketing e-mails the owner rewrote', () => {
  it('still go out with the one-click unsubscribe headers and link', async () => {
    for (const key of ['newsletter-welcome', 'checkout-reminder', 'back-in-stock']) {
      const blocks = Object.fromEntries(Object.keys(EMAIL_TEMPLATES.find((template) => template.key === key)!.defaults).map((block) => [block, 'Hello']));
      expect((await admin.inject({ method: 'PUT', url: `${url}/${key}`, payload: { blocks } })).statusCode).toBe(200);
    }
    const unsubscribeUrl = 'https://shop.example/api/newsletter/unsubscribe?token=t1';
    await sendNewsletterWelcome(t.services.mail, t.db, 'fan@example.com', { shopUrl: 'https://shop.example/', unsubscribeUrl });
    await sendCheckoutReminder(t.services.mail, t.db, 'fan@example.com', {
      subject: 'Your cart',
      message: 'Still there.',
      lines: [{ name: 'Pro 16', quantity: 1 }],
      cartUrl: 'https://shop.example/cart?restore=t',
      unsubscribeUrl,
    });
    await t.db.transaction((tx) =>
      sendBackInStockEmail(t.services.mail, tx, 'fan@example.com', {
        itemName: 'Pro 16',
        productUrl: 'https://shop.example/products/1',
        actionUrl: '',
        unsubscribeUrl,
      }),
    );
    const rows = await t.db.select().from(emailOutbox).where(eq(emailOutbox.recipient, 'fan@example.com')).orderBy(desc(emailOutbox.id));
    expect(rows.map((row) => row.kind).sort()).toEqual(['back-in-stock', 'checkout-reminder', 'newsletter-welcome']);
    for (const row of rows) {
      expect(row.subject).toBe('Hello');
      expect(row.headers).toEqual({ 'List-Unsubscribe': `<${unsubscribeUrl}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' });
      expect(row.text).toContain(`Unsubscribe: ${unsubscribeUrl}`);
      expect(row.html).toContain(`href="${unsubscribeUrl.replace(/&/g, '&amp;')}"`);
    }
  });
});
