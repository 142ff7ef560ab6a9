import { describe, expect, it } from 'vitest';
import { OrderListQuery } from './admin-orders.ts';
import { OutboxListQuery } from './admin-outbox.ts';
import { issueMessages } from './issue-messages.ts';

describe('a list query date range', () => {
  // both bounds refused: the range check once read the refused text as a date and threw (a 500, found by the route fuzz)
  it.each([
    ['orders', OrderListQuery],
    ['outbox', OutboxListQuery],
  ])('%s: two bounds that are not dates are two issues, not a thrown error', (_list, schema) => {
    const result = schema.safeParse({ from: '%', to: '!' });
    expect(result.success).toBe(false);
    expect(issueMessages(result)).toEqual([
      'from: from must be a date (YYYY-MM-DD) or a date and time with an offset',
      'to: to must be a date (YYYY-MM-DD) or a date and time with an offset',
    ]);
  });

  it('still refuses a range that ends before it starts', () => {
    expect(issueMessages(OrderListQuery.safeParse({ from: '2026-03-02', to: '2026-03-01' }))).toEqual(['to: to must not be before from']);
    expect(OrderListQuery.parse({ from: '2026-03-01', to: '2026-03-01' }).to).toEqual(new Date('2026-03-02T00:00:00Z'));
  });
});
