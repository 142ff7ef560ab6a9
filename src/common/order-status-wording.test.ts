import { describe, expect, it } from 'vitest';
import { ORDER_STATUSES } from './schemas/orders.ts';
import { ORDER_STATUS_WORDS, orderStatusWording } from './order-status-wording.ts';

describe('the order status a shopper reads', () => {
  it('has one word per status, the order page\'s "Being prepared" for processing', () => {
    expect(Object.keys(ORDER_STATUS_WORDS).sort()).toEqual([...ORDER_STATUSES].sort());
    expect(orderStatusWording({ status: 'processing', paymentStatus: 'succeeded' })).toEqual({ text: 'Being prepared', tone: 'default' });
    expect(orderStatusWording({ status: 'pending', paymentStatus: 'succeeded' }).text).toBe('On hold');
  });

  it('reads unpaid and refunded orders by their payment', () => {
    expect(orderStatusWording({ status: 'pending', paymentStatus: 'pending' }).text).toBe('Awaiting payment');
    expect(orderStatusWording({ status: 'cancelled', paymentStatus: 'refunded' }).text).toBe('Cancelled and refunded');
    expect(orderStatusWording({ status: 'shipped', paymentStatus: 'partially_refunded' }).text).toBe('Shipped, partly refunded');
    expect(orderStatusWording({ status: 'processing', paymentStatus: 'partially_refunded' }).text).toBe('Partly refunded');
  });
});
