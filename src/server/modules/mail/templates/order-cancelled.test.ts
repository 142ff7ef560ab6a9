import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emailOutbox, orders } from '#server/db/schema.ts';
import { createTestApp, type SignedIn, type TestApp } from '#server/test/test-app.ts';
import { sendOrderCancelledEmail } from '../order-mail-service.ts';
import { loadEmailShell } from './email-shell.ts';
import { renderOrderCancelled } from './order-cancelled.ts';
import { SAMPLE_ORDER } from './order-summary.ts';

// The order-cancelled e-mail through the template registry (decision 060): its default words are the
// ones it always had, and the owner's saved words are what the customer gets.
let t: TestApp;
let admin: SignedIn;
let order = { ...SAMPLE_ORDER, customerName: 'Ann <b>', customerEmail: 'cancelled.customer@example.com' };
beforeAll(async () => {
  await loadEmailShell();
  t = await createTestApp();
  admin = await t.signIn({ admin: true });
  // the outbox row names a real order
  const [row] = await t.db
    .insert(orders)
    .values({ customerEmail: order.customerEmail, customerName: order.customerName, total: order.total, paymentStatus: 'refunded', status: 'cancelled' })
    .returning({ id: orders.id });
  order = { ...order, id: row!.id };
});
afterAll(() => t.close());

describe('the order-cancelled e-mail template', () => {
  it('renders its default words exactly as before', () => {
    const mail = renderOrderCancelled(order, 'Pickleball Shop');
    expect(mail.subject).toBe('Order #PB-7K3Q9D has been cancelled - Pickleball Shop');
    const lines = mail.text.split('\n');
    expect(lines.slice(0, 4)).toEqual([
      'Hi Ann <b>,',
      '',
      'Order #PB-7K3Q9D has been cancelled.',
      `The full amount of $${SAMPLE_ORDER.total} has been refunded to your card; depending on your bank it shows within 5-10 business days.`,
    ]);
    expect(mail.html).toContain('Your order has been cancelled');
    expect(mail.html).toContain('Hi Ann &lt;b&gt;,');
    expect(mail.html).not.toContain('Ann <b>');
  });

  it("is listed for the owner, and the saved words are the ones the customer's e-mail carries", async () => {
    const list = (await admin.inject({ url: '/api/admin/emails/templates' })).json() as { key: string }[];
    expect(list.map((row) => row.key)).toContain('order-cancelled');
    const saved = await admin.inject({
      method: 'PUT',
      url: '/api/admin/emails/templates/order-cancelled',
      payload: { blocks: { subject: 'Cancelled: #{{ order.number }}', refund: '{{ order.total }} is on its way back to you.' } },
    });
    expect(saved.statusCode).toBe(200);
    expect(
      (await admin.inject({ method: 'PUT', url: '/api/admin/emails/templates/order-cancelled', payload: { blocks: { intro: '{{ nope }}' } } })).statusCode,
    ).toBe(400);

    await sendOrderCancelledEmail(t.services.mail, t.db, order);
    const [sent] = await t.db.select().from(emailOutbox).where(eq(emailOutbox.recipient, 'cancelled.customer@example.com'));
    expect(sent?.subject).toContain('Cancelled: #PB-7K3Q9D');
    expect(sent?.text).toContain(`$${SAMPLE_ORDER.total} is on its way back to you.`);
    expect(sent?.text).toContain('Order #PB-7K3Q9D has been cancelled.');
  });
});
