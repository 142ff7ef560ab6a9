import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '#server/test/test-app.ts';
import Fastify from 'fastify';
import { providerFailed } from '#server/errors/domain-errors.ts';
import { loggerOptions, requestLogger, serializeError } from './logging.ts';

const lines: string[] = [];
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ LOG_LEVEL: 'info' }, { logStream: { write: (line: string) => void lines.push(line) } });
});
afterAll(() => t.close());

const secrets = { username: 'jane_doe_77', email: 'jane.doe@private.example', password: 'mulberry-lantern-okra' };

describe('logs', () => {
  it('keep a failed query but not its parameters or the failing row', async () => {
    // every new account now breaks a check, so the insert fails with the customer's data in its params
    await t.db.execute(sql`alter table users add constraint logging_test_refuses check (length(username) < 0) not valid`);
    const res = await t.app.inject({ method: 'POST', url: '/api/register', payload: secrets });
    await t.db.execute(sql`alter table users drop constraint logging_test_refuses`);
    expect(res.statusCode).toBe(500);
    expect(res.body).not.toContain(secrets.email);

    const log = lines.join('');
    const failure = lines.map((line) => JSON.parse(line)).find((entry) => entry.msg === 'request failed');
    expect(failure.err.message).toContain('insert into "users"');
    for (const value of Object.values(secrets)) expect(log).not.toContain(value);
  });

  it('censor cookies and authorization headers', async () => {
    lines.length = 0;
    await t.app.inject({ url: '/api/user', headers: { cookie: 'sid=secret-session-token', authorization: 'Bearer secret-token' } });
    const log = lines.join('');
    expect(log).toContain('/api/user');
    expect(log).not.toContain('secret-session-token');
    expect(log).not.toContain('secret-token');
  });
});

describe('request ids', () => {
  it("name every log line of a request and come back as X-Request-Id: the proxy's when plain, else a UUID", async () => {
    lines.length = 0;
    const given = await t.app.inject({ url: '/api/health', headers: { 'x-request-id': 'edge-7f3a.42' } });
    expect(given.headers['x-request-id']).toBe('edge-7f3a.42');
    const entries = lines.map((line) => JSON.parse(line) as { reqId?: string; msg: string });
    expect(entries.filter((entry) => entry.reqId === 'edge-7f3a.42').map((entry) => entry.msg)).toEqual(['incoming request', 'request completed']);

    const made = [
      await t.app.inject({ url: '/api/health', headers: { 'x-request-id': 'no spaces\nor newlines' } }),
      await t.app.inject({ url: '/api/health' }),
    ];
    const ids = made.map((res) => String(res.headers['x-request-id']));
    for (const id of ids) expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
    expect(ids[0]).not.toBe(ids[1]);
  });
});

describe('requestLogger', () => {
  const logTo = (level: string) => {
    const written: Array<{ reqId?: string; msg: string; level: number }> = [];
    // Fastify's own pino instance, as the app has it
    const root = Fastify({ logger: loggerOptions(level, { write: (line: string) => void written.push(JSON.parse(line)) }) }).log;
    return { written, root, request: requestLogger(root, { reqId: 'req-1' }, {}) };
  };

  it("writes a request's lines with its id, and only at the levels that are on", () => {
    const { written, request } = logTo('warn');
    request.info('not written');
    request.warn({ detail: 1 }, 'written');
    request.error('also written');
    expect(written.map(({ reqId, msg }) => ({ reqId, msg }))).toEqual([
      { reqId: 'req-1', msg: 'written' },
      { reqId: 'req-1', msg: 'also written' },
    ]);
    expect(request.level).toBe('warn');
  });

  it("makes the request's child logger only when it first writes", () => {
    const { root, request } = logTo('warn');
    const made: unknown[] = [];
    const child = root.child.bind(root);
    root.child = ((...args: Parameters<typeof root.child>) => (made.push(args[0]), child(...args))) as typeof root.child;
    request.info('not written');
    request.debug('not written');
    expect(made).toEqual([]);
    request.warn('written');
    request.error('written');
    expect(made).toEqual([{ reqId: 'req-1' }]);
  });

  it("gives a route's own log level and its grandchildren their own pino child", () => {
    const { written, request } = logTo('info');
    request.child({ step: 'pay' }).info('from the grandchild');
    expect(written).toEqual([expect.objectContaining({ reqId: 'req-1', step: 'pay', msg: 'from the grandchild' })]);
    const { root } = logTo('warn');
    expect(requestLogger(root, { reqId: 'req-2' }, { level: 'debug' }).level).toBe('debug');
  });
});

describe('serializeError', () => {
  it('keeps type, message, code and cause, dropping Drizzle params and driver details', () => {
    const cause = Object.assign(new Error('new row violates check constraint'), { code: '23514', detail: 'Failing row contains (jane@x.example)' });
    const error = new Error('Failed query: insert into "orders" ("email") values ($1)\nparams: jane@x.example', { cause });
    const safe = serializeError(error);
    expect(safe).toMatchObject({ type: 'Error', message: 'Failed query: insert into "orders" ("email") values ($1)\nparams: [redacted]' });
    expect(safe.cause).toMatchObject({ code: '23514', message: 'new row violates check constraint' });
    expect(JSON.stringify(safe)).not.toContain('jane@x.example');
  });

  it("keeps a domain error's kind", () => {
    expect(serializeError(providerFailed('The payment could not be started.'))).toMatchObject({ type: 'DomainError', kind: 'provider-failed' });
  });
});
