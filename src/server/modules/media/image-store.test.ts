import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestS3, type TestS3 } from '#server/test/s3-test-server.ts';
import { type ImageStore, ImageStoreUnavailable, readImageBytes } from './image-store.ts';
import { localImageStore } from './local-image-store.ts';
import { s3ImageStore, type S3Settings } from './s3-image-store.ts';

let dataDir: string;
let s3: TestS3;
const stores: ImageStore[] = [];
beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'image-store-'));
  s3 = await startTestS3();
});
afterAll(async () => {
  await Promise.all(stores.map((store) => store.close()));
  await s3?.stop();
  await rm(dataDir, { recursive: true, force: true });
});

const s3Settings = (overrides: Partial<S3Settings> = {}): S3Settings => ({
  bucket: s3.env.S3_BUCKET!,
  region: 'us-east-1',
  endpoint: s3.env.S3_ENDPOINT,
  credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
  forcePathStyle: true,
  prefix: 'uploads/',
  ...overrides,
});
const kept = (store: ImageStore) => (stores.push(store), store);

/** A port nothing listens on: connections are refused at once, as with a store that is down. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

const bytesOf = async (store: ImageStore, name: string) => (await readImageBytes(store, name))?.toString();

describe.each([
  ['local disk', () => kept(localImageStore(dataDir))],
  ['S3 (s3rver)', () => kept(s3ImageStore(s3Settings()))],
])('the %s image store', (_kind, make) => {
  let store: ImageStore;
  beforeAll(() => {
    store = make();
  });

  it('keeps what is put: its length, a quoted tag and the same bytes back', async () => {
    await store.put('paddle-0123456789ab.webp', Buffer.from('first picture'));
    const info = await store.head('paddle-0123456789ab.webp');
    expect(info).toEqual({ size: 13, etag: expect.stringMatching(/^"[^"]+"$/) });
    const opened = await store.open('paddle-0123456789ab.webp');
    expect(opened).toMatchObject({ size: 13, etag: info!.etag });
    expect(await bytesOf(store, 'paddle-0123456789ab.webp')).toBe('first picture');
  });

  it('answers "unchanged" for the current tag without a body, and the image for any other tag', async () => {
    await store.put('shoe-0123456789ab.webp', Buffer.from('a shoe'));
    const { etag } = (await store.head('shoe-0123456789ab.webp'))!;
    expect(await store.open('shoe-0123456789ab.webp', etag)).toBe('unchanged');
    const other = await store.open('shoe-0123456789ab.webp', '"something-else"');
    expect(other).toMatchObject({ etag });
    if (other && other !== 'unchanged') other.body.destroy();
  });

  it('answers null for a missing image', async () => {
    expect(await store.head('nothing-0123456789ab.webp')).toBeNull();
    expect(await store.open('nothing-0123456789ab.webp')).toBeNull();
    expect(await readImageBytes(store, 'nothing-0123456789ab.webp')).toBeNull();
  });

  it('lists the stored images and deletes them, a missing one being no error', async () => {
    await store.put('gone-0123456789ab.webp', Buffer.from('x'));
    await store.put('gone-0123456789ab-thumb.webp', Buffer.from('y'));
    expect(await store.list()).toEqual(expect.arrayContaining(['gone-0123456789ab.webp', 'gone-0123456789ab-thumb.webp', 'paddle-0123456789ab.webp']));
    await store.delete(['gone-0123456789ab.webp', 'gone-0123456789ab-thumb.webp', 'never-0123456789ab.webp']);
    const names = await store.list();
    expect(names).not.toContain('gone-0123456789ab.webp');
    expect(names).not.toContain('gone-0123456789ab-thumb.webp');
    expect(names).toContain('paddle-0123456789ab.webp');
  });

  it.each(['../secret.webp', 'sub/dir.webp', 'x.png', '', 'UPPER.webp'])('refuses the name %j before touching anything', async (name) => {
    await expect(store.put(name, Buffer.from('x'))).rejects.toThrow('not an upload file name');
    await expect(store.open(name)).rejects.toThrow('not an upload file name');
    await expect(store.delete([name])).rejects.toThrow('not an upload file name');
  });
});

describe('the S3 image store when S3 cannot answer', () => {
  it('throws ImageStoreUnavailable from every operation when the server is down', async () => {
    const down = kept(s3ImageStore(s3Settings({ endpoint: `http://127.0.0.1:${await closedPort()}` })));
    const name = 'paddle-0123456789ab.webp';
    const attempts = [() => down.put(name, Buffer.from('x')), () => down.head(name), () => down.open(name), () => down.delete([name]), () => down.list()];
    for (const attempt of attempts) await expect(attempt()).rejects.toBeInstanceOf(ImageStoreUnavailable);
    await expect(down.open(name)).rejects.toMatchObject({ kind: 'unavailable', message: 'Images are briefly unavailable. Please try again in a moment.' });
  });

  it('takes a missing bucket for a store that cannot answer, not for a missing image', async () => {
    const misnamed = kept(s3ImageStore(s3Settings({ bucket: 'no-such-bucket' })));
    await expect(misnamed.open('paddle-0123456789ab.webp')).rejects.toBeInstanceOf(ImageStoreUnavailable);
    await expect(misnamed.list()).rejects.toBeInstanceOf(ImageStoreUnavailable);
  });

  it('refuses a wrong access key as unavailable, never as missing', async () => {
    const refused = kept(s3ImageStore(s3Settings({ credentials: { accessKeyId: 'WRONG', secretAccessKey: 'WRONG' } })));
    await expect(refused.open('paddle-0123456789ab.webp')).rejects.toBeInstanceOf(ImageStoreUnavailable);
  });
});

describe('the S3 key prefix', () => {
  it('keeps two shops apart in one bucket', async () => {
    const a = kept(s3ImageStore(s3Settings({ prefix: 'shop-a/' })));
    const b = kept(s3ImageStore(s3Settings({ prefix: 'shop-b/' })));
    await a.put('logo-0123456789ab.webp', Buffer.from('a'));
    expect(await a.list()).toEqual(['logo-0123456789ab.webp']);
    expect(await b.list()).toEqual([]);
    expect(await b.head('logo-0123456789ab.webp')).toBeNull();
  });
});
