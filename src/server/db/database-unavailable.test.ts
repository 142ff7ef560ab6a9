import { DrizzleQueryError } from 'drizzle-orm/errors';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { installErrorHandling } from '#server/http/errors.ts';
import { UNAVAILABLE_MESSAGE } from '#server/http/unavailable.ts';
import { isDatabaseUnavailable, isSchemaMissing, QUERY_READ_TIMEOUT } from './database-unavailable.ts';

const withCode = (code: string, message = 'driver error') => Object.assign(new Error(message), { code });
const wrapped = (cause: unknown) => new DrizzleQueryError('select 1', [], cause as Error);

describe('isDatabaseUnavailable', () => {
  it.each([
    ['connection refused', withCode('ECONNREFUSED')],
    ['connection reset', withCode('ECONNRESET')],
    ['network timeout', withCode('ETIMEDOUT')],
    ['refused on every address', new AggregateError([withCode('ECONNREFUSED'), withCode('ECONNREFUSED')], 'connect failed')],
    ['terminated', new Error('Connection terminated unexpectedly')],
    ['connect timeout', new Error('Connection terminated due to connection timeout')],
    ['pool wait timeout', new Error('timeout exceeded when trying to connect')],
    ['query timeout', new Error(QUERY_READ_TIMEOUT)],
    ['closed client', new Error('Client was closed and is not queryable')],
    ['connection exception class 08', withCode('08006')],
    ['admin shutdown', withCode('57P01')],
    ['crash shutdown', withCode('57P02')],
    ['cannot connect now', withCode('57P03')],
    ['too many connections', withCode('53300')],
    ['statement timeout', withCode('57014')],
    ['database dropped', withCode('3D000', 'database "shop" does not exist')],
    ['table missing', withCode('42P01', 'relation "products" does not exist')],
    ['column missing', withCode('42703', 'column "slug" does not exist')],
    ['function missing', withCode('42883', 'function unaccent(text) does not exist')],
    ['type missing', withCode('42704', 'type "order_status" does not exist')],
    ['schema missing', withCode('3F000', 'schema "drizzle" does not exist')],
  ])('recognises %s, also inside a drizzle error', (_name, error) => {
    expect(isDatabaseUnavailable(error)).toBe(true);
    expect(isDatabaseUnavailable(wrapped(error))).toBe(true);
  });

  it.each([
    ['unique violation', withCode('23505')],
    ['syntax error', withCode('42601')],
    ['a plain bug', new TypeError('x is undefined')],
    ['nothing', undefined],
  ])('leaves %s alone', (_name, error) => {
    expect(isDatabaseUnavailable(error)).toBe(false);
    expect(isDatabaseUnavailable(wrapped(error))).toBe(false);
  });
});

describe('isSchemaMissing', () => {
  it('tells a schema behind the code from a database that is away', () => {
    expect(isSchemaMissing(wrapped(withCode('42P01')))).toBe(true);
    expect(isSchemaMissing(wrapped(withCode('42703')))).toBe(true);
    expect(isSchemaMissing(wrapped(withCode('3D000')))).toBe(false);
    expect(isSchemaMissing(wrapped(withCode('ECONNREFUSED')))).toBe(false);
    expect(isSchemaMissing(wrapped(withCode('23505')))).toBe(false);
  });
});

describe('error handler', () => {
  async function answerFor(error: Error) {
    const app = Fastify();
    installErrorHandling(app);
    app.get('/fail', async () => {
      throw error;
    });
    return app.inject({ url: '/fail' });
  }

  it('answers 503 with Retry-After and a plain message when the database is unavailable', async () => {
    const response = await answerFor(wrapped(withCode('57014', 'canceling statement due to statement timeout')));
    expect(response.statusCode).toBe(503);
    expect(response.headers['retry-after']).toBe('5');
    expect(response.json()).toEqual({ message: UNAVAILABLE_MESSAGE });
  });

  it('keeps other server errors a 500 without internals', async () => {
    const response = await answerFor(wrapped(withCode('42601', 'syntax error at or near "selec"')));
    expect(response.statusCode).toBe(500);
    expect(response.json()).toEqual({ message: 'Internal Server Error' });
  });
});
