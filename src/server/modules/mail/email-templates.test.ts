import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EmailTemplateDetail, EmailTemplatePreview, EmailTemplateSummary } from '#common/schemas/email-templates.ts';
import { emailOutbox, emailTemplates } from '#server/db/schema.ts';
import { expectAdminOnly } from '#server/test/admin-test-kit.ts';
import { createTestApp, type SignedIn, type TestApp } from '#server/test/test-app.ts';
import { sendPasswordResetEmail } from './account-mail-service.ts';

let t: TestApp;
let admin: SignedIn;
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.signIn({ admin: true });
});
afterAll(() => t.close());

const url = '/api/admin/emails/templates';
const resetData = { greetingName: 'Ann <b>', link: 'https://shop.example/reset?token=abc', validForMinutes: 60 };

describe('e-mail templates admin', () => {
  it('is for admins only, and saves nothing for the others', async () => {
    await expectAdminOnly(
      t,
      [
        { method: 'GET', url },
        { method: 'GET', url: `${url}/password-reset` },
        { method: 'PUT', url: `${url}/password-reset`, payload: { blocks: { heading: 'x' } } },
        { method: 'DELETE', url: `${url}/password-reset` },
        { method: 'POST', url: `${url}/password-reset/preview`, payload: { blocks: {} } },
        { method: 'POST', url: `${url}/password-reset/test`, payload: { to: 'a@example.com' } },
      ],
      () => Promise.all([t.db.select().from(emailTemplates), t.db.select().from(emailOutbox)]),
    );
  });

  it('lists every editable e-mail, none edited at first, and shows one with its defaults and placeholders', async () => {
    const list = (await admin.inject({ url })).json() as EmailTemplateSummary[];
    expect(list.map((row) => row.key)).toEqual(expect.arrayContaining(['order-confirmation', 'order-shipped', 'password-reset']));
    expect(list.every((row) => !row.edited)).toBe(true);
    const one = (await admin.inject({ url: `${url}/order-shipped` })).json() as EmailTemplateDetail;
    expect(one.blocks.subject).toBe('Order #{{ order.number }} has shipped - {{ shop.name }}');
    expect(one.placeholders).toContainEqual({ name: 'order.number', example: 'PB-7K3Q9D' });
    expect((await admin.inject({ url: `${url}/no-such-mail` })).statusCode).toBe(404);
  });

  it('refuses an unknown placeholder, a syntax error or an unknown block with a 400 naming it, and saves nothing', async () => {
    const save = (blocks: Record<string, string>) => admin.inject({ method: 'PUT', url: `${url}/password-reset`, payload: { blocks } });
    const unknown = await save({ intro: 'Hi {{ customer.nmae }}' });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().message).toMatch(/^Invalid e-mail template: intro: .*customer\.nmae/);
    const syntax = await save({ heading: 'Hello {% if %}' });
    expect(syntax.statusCode).toBe(400);
    expect(syntax.json().message).toMatch(/^Invalid e-mail template: heading: /);
    const filter = await save({ heading: '{{ shop.name | evil }}' });
    expect(filter.statusCode).toBe(400);
    const block = await save({ footer: 'x' });
    expect(block.json()).toMatchObject({ message: 'Invalid e-mail template: footer: this e-mail has no such block' });
    expect((await save({ subject: '   ' })).statusCode).toBe(400);
    expect((await save({ intro: 'x'.repeat(2001) })).statusCode).toBe(400);
    expect(await t.db.select().from(emailTemplates)).toEqual([]);
  });

  it('previews unsaved words with the sample data, escaping them in the HTML', async () => {
    const res = await admin.inject({
      method: 'POST',
      url: `${url}/order-shipped/preview`,
      payload: { blocks: { intro: 'Hey {{ customer.name }}, <b>#{{ order.number }}</b> is out.' } },
    });
    expect(res.statusCode).toBe(200);
    const preview = res.json() as EmailTemplatePreview;
    expect(preview.subject).toBe('Order #PB-7K3Q9D has shipped - Pickleball Shop');
    expect(preview.text).toContain('Hey Jordan Lee, <b>#PB-7K3Q9D</b> is out.');
    expect(preview.html).toContain('Hey Jordan Lee, &lt;b&gt;#PB-7K3Q9D&lt;/b&gt; is out.');
    expect(preview.html).toContain('Track your package');
    expect((await admin.inject({ method: 'POST', url: `${url}/order-shipped/preview`, payload: { blocks: { intro: '{{ nope }}' } } })).statusCode).toBe(400);
  });

  it('sends the next e-mail with the saved words, and the defaults again after a reset', async () => {
    const saved = await admin.inject({
      method: 'PUT',
      url: `${url}/password-reset`,
      payload: { blocks: { subject: 'Reset for {{ customer.name }} at {{ shop.name }}', intro: 'You asked, {{ customer.name }}.' } },
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({ edited: true, blocks: { heading: 'Choose a new password' } });
    await sendPasswordResetEmail(t.services.mail, t.db, 'ann@example.com', resetData);
    const [edited] = await t.db.select().from(emailOutbox).where(eq(emailOutbox.kind, 'password-reset')).orderBy(desc(emailOutbox.id)).limit(1);
    expect(edited!.subject).toBe('Reset for Ann <b> at Pickleball Shop');
    expect(edited!.text).toContain('You asked, Ann <b>.');
    expect(edited!.html).toContain('You asked, Ann &lt;b&gt;.');
    expect(edited!.html).not.toContain('Ann <b>');

    const reset = await admin.inject({ method: 'DELETE', url: `${url}/password-reset` });
    expect(reset.json()).toMatchObject({ edited: false, updatedAt: null });
    await sendPasswordResetEmail(t.services.mail, t.db, 'ann@example.com', resetData);
    const [plain] = await t.db.select().from(emailOutbox).where(eq(emailOutbox.kind, 'password-reset')).orderBy(desc(emailOutbox.id)).limit(1);
    expect(plain!.subject).toBe('Choose a new password - Pickleball Shop');
  });

  it('a saved template that no longer renders falls back to the defaults instead of failing the send', async () => {
    await t.db.insert(emailTemplates).values({ key: 'password-reset', blocks: { subject: '{{ gone.field }}' } });
    await sendPasswordResetEmail(t.services.mail, t.db, 'ann@example.com', resetData);
    const [row] = await t.db.select().from(emailOutbox).where(eq(emailOutbox.kind, 'password-reset')).orderBy(desc(emailOutbox.id)).limit(1);
    expect(row!.subject).toBe('Choose a new password - Pickleball Shop');
    await t.db.delete(emailTemplates);
  });

  it('sends a test of unsaved words to an address through the outbox', async () => {
    const res = await admin.inject({
      method: 'POST',
      url: `${url}/order-confirmation/test`,
      payload: { to: 'owner@example.com', blocks: { heading: 'Thanks!' } },
    });
    expect(res.statusCode).toBe(200);
    const [row] = await t.db.select().from(emailOutbox).where(eq(emailOutbox.id, res.json().outboxId));
    expect(row).toMatchObject({
      kind: 'template-test:order-confirmation',
      recipient: 'owner@example.com',
      subject: '[Test] Order #PB-7K3Q9D confirmed - Pickleball Shop',
    });
    expect(row!.html).toContain('Thanks!');
    const bad = await admin.inject({ method: 'POST', url: `${url}/order-confirmation/test`, payload: { to: 'not an address' } });
    expect(bad.statusCode).toBe(400);
  });
});
