import { describe, expect, it } from 'vitest';
import { ProductInput } from './admin-catalog.ts';
import { CouponInput } from './admin-coupons.ts';
import { OrderListQuery } from './admin-orders.ts';
import { OutboxListQuery } from './admin-outbox.ts';
import { issueMessages } from './issue-messages.ts';
import { ProductDocument } from './product-document.ts';

// Dates JavaScript parses but PostgreSQL cannot store or compare (year 0, before it, past 9999) and, in a
// product document, a good day followed by garbage: each was a 500 from the database, found by the route fuzz.

describe('dates the database can store', () => {
  const coupon = { code: 'DATES', type: 'fixed', amount: '5' };
  it.each(['-000001-01-01', '275760-09-13', '+275760-09-13T00:00:00Z'])('a coupon refuses validFrom and validTo %s', (date) => {
    expect(issueMessages(CouponInput.safeParse({ ...coupon, validFrom: date, validTo: date }))).toEqual([
      'validFrom: Invalid date format for validFrom',
      'validTo: Invalid date format for validTo',
    ]);
  });

  it('a coupon takes years 1 to 9999', () => {
    expect(CouponInput.parse({ ...coupon, validFrom: '0999-01-01', validTo: '9999-12-31' })).toMatchObject({
      validFrom: '0999-01-01T00:00:00.000Z',
      validTo: '9999-12-31T00:00:00.000Z',
    });
  });

  it('a product refuses a release instant that is in year 10000 in UTC', () => {
    expect(issueMessages(ProductInput.partial().safeParse({ releaseDate: '9999-12-31T23:59:59-12:00' }))).toEqual([
      'releaseDate: Release date must be an ISO date-time',
    ]);
  });

  const document = { name: 'Reset Pro', brandId: 2, productTypeId: 1, variants: [{ sku: 'RP-16', price: '219.99', stock: 4 }] };
  it.each(['2026-01-01 nonsense', '2026-01-01T99:99', '2026-01-01T00:00:00+99:00', '275760-09-13'])('a product document refuses releaseDate %s', (date) => {
    expect(issueMessages(ProductDocument.safeParse({ ...document, releaseDate: date }))).toEqual(['releaseDate: Release date must be a date']);
  });

  it('a product document still takes a day or an instant', () => {
    expect(ProductDocument.parse({ ...document, releaseDate: '2026-01-15' }).releaseDate).toBe('2026-01-15');
    expect(ProductDocument.parse({ ...document, releaseDate: '2026-01-15T00:00:00.000Z' }).releaseDate).toBe('2026-01-15T00:00:00.000Z');
  });

  it.each([
    ['orders', OrderListQuery],
    ['outbox', OutboxListQuery],
  ])('%s list: a range bound in year 0000 or ending past 9999 is refused', (_list, schema) => {
    expect(issueMessages(schema.safeParse({ from: '0000-01-01' }))).toEqual(['from: from must be a date (YYYY-MM-DD) or a date and time with an offset']);
    expect(issueMessages(schema.safeParse({ to: '9999-12-31' }))).toEqual(['to: to must be a date (YYYY-MM-DD) or a date and time with an offset']);
    expect(schema.parse({ from: '0001-01-01', to: '9999-12-30' })).toMatchObject({
      from: new Date('0001-01-01T00:00:00Z'),
      to: new Date('9999-12-31T00:00:00Z'),
    });
  });
});
