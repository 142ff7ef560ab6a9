import { beforeAll, describe, expect, it } from 'vitest';
import { loadEmailShell } from './email-shell.ts';
import { renderNewOrderNotice } from './new-order-notice.ts';
import { renderOrderConfirmation } from './order-confirmation.ts';
import type { OrderEmailData } from './order-summary.ts';
import { renderOrderShipped } from './order-shipped.ts';

const order: OrderEmailData = {
  id: 42,
  createdAt: '2026-01-02T03:04:05.000Z',
  customerName: 'Ann <script>alert(1)</script>',
  customerEmail: 'ann@example.com',
  phone: '555-0100',
  street: '1 "Court" Rd',
  city: 'Austin',
  state: 'TX',
  zipCode: '78701',
  country: 'US',
  subtotal: '259.98',
  discountTotal: '26.00',
  shippingTotal: '0.00',
  taxTotal: '19.30',
  total: '253.28',
  couponCode: 'SAVE10',
  status: 'processing',
  trackingNumber: null,
  trackingUrl: null,
  items: [{ productName: 'Paddle & Co Pro', quantity: 2, price: '129.99' }],
};

beforeAll(() => loadEmailShell());

describe('order e-mail templates', () => {
  it('renders the confirmation with items, totals and address, escaping shopper input', () => {
    const mail = renderOrderConfirmation(order, 'Dink Shop');
    expect(mail.subject).toBe('Order #42 confirmed - Dink Shop');
    expect(mail.html).toContain('Ann &lt;script&gt;alert(1)&lt;/script&gt;');
    expect(mail.html).not.toContain('<script>');
    expect(mail.html).toContain('Paddle &amp; Co Pro');
    expect(mail.html).toContain('$259.98');
    expect(mail.html).toContain('Discount (SAVE10)');
    expect(mail.html).toContain('1 &quot;Court&quot; Rd');
    expect(mail.text).toContain('2 x Paddle & Co Pro  $259.98');
    expect(mail.text).toContain('Total: $253.28');
    expect(mail.text).toContain('Shipping: Free');
  });

  it('renders the fulfilment notice with the customer contact', () => {
    const mail = renderNewOrderNotice(order, 'Dink Shop');
    expect(mail.subject).toBe('New order #42 to fulfil (2 items, $253.28)');
    expect(mail.text).toContain('ann@example.com');
    expect(mail.html).toContain('555-0100');
  });

  it('writes amounts of a thousand and more with the grouping every page uses', () => {
    const big = { ...order, subtotal: '5219.42', total: '5219.42', items: [{ productName: 'Court Net', quantity: 2, price: '2609.71' }] };
    expect(renderNewOrderNotice(big, 'Dink Shop').subject).toBe('New order #42 to fulfil (2 items, $5,219.42)');
    const mail = renderOrderConfirmation(big, 'Dink Shop');
    expect(mail.text).toContain('2 x Court Net  $5,219.42');
    expect(mail.text).toContain('Total: $5,219.42');
    expect(mail.html).toContain('$5,219.42');
  });

  it('links the tracking URL only when it is http(s)', () => {
    const shipped = renderOrderShipped({ ...order, trackingNumber: '1Z999', trackingUrl: 'https://track.example/1Z999' }, 'Dink Shop');
    expect(shipped.subject).toBe('Order #42 has shipped - Dink Shop');
    expect(shipped.html).toContain('href="https://track.example/1Z999"');
    expect(shipped.text).toContain('Tracking number: 1Z999');
    const hostile = renderOrderShipped({ ...order, trackingNumber: '1Z', trackingUrl: 'javascript:alert(1)' }, 'Dink Shop');
    expect(hostile.html).not.toContain('javascript:');
    expect(hostile.html).toContain('Tracking number: <strong>1Z</strong>');
  });
});
