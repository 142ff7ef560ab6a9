import { createHash } from 'node:crypto';
import { Readable } from 'node:stream';
import compress from '@fastify/compress';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { etagMatches, installEtags } from './etag.ts';

const LIST = JSON.stringify(Array.from({ length: 200 }, (_, index) => ({ id: index, name: `Paddle ${index}` })));

describe('ETags of the bytes sent', () => {
  let app: FastifyInstance;

  beforeAll(async () => {
    app = Fastify();
    await app.register(compress, { threshold: 1024 });
    installEtags(app);
    app.get('/list', async (_request, reply) => reply.type('application/json').send(LIST));
    app.get('/tagged', async (_request, reply) => reply.header('etag', '"own-tag"').send('hello'));
    app.get('/stream', async (_request, reply) => reply.header('etag', '"stream-tag"').send(Readable.from(['streamed'])));
    app.get('/missing', async (_request, reply) => reply.code(404).send({ message: 'Not found' }));
    app.post('/list', async (_request, reply) => reply.type('application/json').send(LIST));
    await app.ready();
  });

  afterAll(() => app.close());

  it('tags each encoding of an answer by its own bytes and answers 304 to its own tag', async () => {
    const gzip = await app.inject({ url: '/list', headers: { 'accept-encoding': 'gzip' } });
    const plain = await app.inject({ url: '/list' });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gzip.headers.etag).toBe(`"${createHash('sha1').update(gzip.rawPayload).digest('base64')}"`);
    expect(plain.headers.etag).toBe(`"${createHash('sha1').update(LIST).digest('base64')}"`);
    expect(gzip.headers.etag).not.toBe(plain.headers.etag);

    const again = await app.inject({ url: '/list', headers: { 'accept-encoding': 'gzip', 'if-none-match': String(gzip.headers.etag) } });
    expect(again.statusCode).toBe(304);
    expect(again.rawPayload).toHaveLength(0);
    expect(again.headers.etag).toBe(gzip.headers.etag);
    const otherEncoding = await app.inject({ url: '/list', headers: { 'if-none-match': String(gzip.headers.etag) } });
    expect(otherEncoding.statusCode).toBe(200);
  });

  it('keeps a route’s own tag and gives its 304', async () => {
    const first = await app.inject({ url: '/tagged' });
    expect(first.headers.etag).toBe('"own-tag"');
    expect((await app.inject({ url: '/tagged', headers: { 'if-none-match': 'W/"own-tag"' } })).statusCode).toBe(304);
  });

  it('leaves a streamed answer to its route, body and all', async () => {
    const streamed = await app.inject({ url: '/stream', headers: { 'if-none-match': '"other", "stream-tag"' } });
    expect(streamed.statusCode).toBe(200);
    expect(streamed.body).toBe('streamed');
    expect(streamed.headers.etag).toBe('"stream-tag"');
  });

  it('answers a write in full whatever If-None-Match says (it was a 304 after the write, found by the route fuzz)', async () => {
    const written = await app.inject({ method: 'POST', url: '/list', headers: { 'if-none-match': '*' } });
    expect(written.statusCode).toBe(200);
    expect(written.body).toBe(LIST);
  });

  it('tags no failure', async () => {
    const missing = await app.inject({ url: '/missing' });
    expect(missing.statusCode).toBe(404);
    expect(missing.headers.etag).toBeUndefined();
  });
});

describe('etagMatches', () => {
  it('compares weakly, in a list, and matches * to any tag', () => {
    expect(etagMatches('"a"', '"a"')).toBe(true);
    expect(etagMatches('W/"a"', '"a"')).toBe(true);
    expect(etagMatches('"b", W/"a"', '"a"')).toBe(true);
    expect(etagMatches('*', '"a"')).toBe(true);
    expect(etagMatches('"b"', '"a"')).toBe(false);
    expect(etagMatches(undefined, '"a"')).toBe(false);
    expect(etagMatches('', '"a"')).toBe(false);
  });
});
