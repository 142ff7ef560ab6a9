import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emailOutbox, siteSettings } from '#server/db/schema.ts';
import { createTestApp, type TestApp } from '#server/test/test-app.ts';
import { createMailService } from './mail-service.ts';
import { sendOrderPlacedEmails } from './order-mail-service.ts';
import type { OrderEmailData } from './templates/order-summary.ts';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const order: OrderEmailData = {
  id: 7,
  createdAt: '2026-01-02T03:04:05.000Z',
  customerName: 'Bo',
  customerEmail: 'bo@example.com',
  phone: null,
  street: '1 Main St',
  city: 'Austin',
  state: 'TX',
  zipCode: '78701',
  country: 'US',
  subtotal: '10.00',
  discountTotal: '0.00',
  shippingTotal: '5.99',
  taxTotal: '0.00',
  total: '15.99',
  couponCode: null,
  status: 'processing',
  trackingNumber: null,
  trackingUrl: null,
  items: [{ productName: 'Balls', quantity: 1, price: '10.00' }],
};

describe('mail service', () => {
  it('stores the message in the outbox when SMTP is not configured', async () => {
    const mail = createMailService({ config: { ...t.config, SMTP_URL: undefined, MAIL_FROM: 'Shop <shop@localhost>' }, db: t.db });
    expect(mail.transport).toBe('outbox');
    const result = await mail.send({ kind: 'test', to: 'a@example.com', subject: 'Hi', html: '<p>Hi</p>', text: 'Hi' });
    expect(result.status).toBe('stored');
    const [row] = await t.db.select().from(emailOutbox).where(eq(emailOutbox.id, result.outboxId));
    expect(row).toMatchObject({ kind: 'test', recipient: 'a@example.com', subject: 'Hi', status: 'stored', sentAt: null });
  });

  it('sends the fulfilment notice only when fulfillmentEmail is set', async () => {
    const mail = createMailService({ config: { ...t.config, SMTP_URL: undefined, MAIL_FROM: 'shop@localhost' }, db: t.db });
    await t.db.update(siteSettings).set({ fulfillmentEmail: null, siteTitle: null });
    const without = await sendOrderPlacedEmails(mail, t.db, order);
    expect(without.fulfilment).toBeNull();
    const [confirmation] = await t.db.select().from(emailOutbox).where(eq(emailOutbox.id, without.confirmation.outboxId));
    expect(confirmation!.subject).toBe('Order #7 confirmed - Pickleball Shop');

    await t.db.update(siteSettings).set({ fulfillmentEmail: 'pack@example.com', siteTitle: 'Dink Shop' });
    const withIt = await sendOrderPlacedEmails(mail, t.db, order);
    const [notice] = await t.db.select().from(emailOutbox).where(eq(emailOutbox.id, withIt.fulfilment!.outboxId));
    expect(notice).toMatchObject({ kind: 'order-fulfilment', recipient: 'pack@example.com' });
  });
});
