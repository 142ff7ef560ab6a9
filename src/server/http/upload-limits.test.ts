import net from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { MAX_UPLOAD_BYTES } from '#common/constants.ts';
import { MAX_CSV_BYTES } from '#server/modules/catalog-admin/product-csv-read.ts';
import { multipartBody, samplePng } from '#server/test/admin-test-kit.ts';
import { createTestApp, type SignedIn, type TestApp } from '#server/test/test-app.ts';

// No upload ends or wedges the process (issue 28): every upload route answers 413 past its limit
// and serves the next request; a client that hangs up halfway through a body is harmless. Over a
// real socket, as a browser or curl sends them. A stream error nobody listens to would end the
// process: here it lands in the 'uncaughtException' listener below, and the request it belonged to
// fails the test at once instead of waiting for an answer that would never come.

let t: TestApp;
let port: number;
let admin: SignedIn;
let customer: SignedIn;
const uncaught: unknown[] = [];
const onUncaught = (error: unknown) => void uncaught.push(error);

beforeAll(async () => {
  process.on('uncaughtException', onUncaught);
  t = await createTestApp();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  port = (t.app.server.address() as net.AddressInfo).port;
  admin = await t.signIn({ admin: true });
  customer = await t.signIn();
});
// each test answers for its own uploads
beforeEach(() => void (uncaught.length = 0));
afterAll(async () => {
  process.off('uncaughtException', onUncaught);
  await t.close();
});

interface Upload {
  path: string;
  contentType: string;
  body: Buffer;
  cookie: string;
  /** no Content-Length: the body as chunks, its size known only by reading it */
  chunked?: boolean;
}

function requestHead(upload: Upload): string {
  return [
    `POST ${upload.path} HTTP/1.1`,
    'Host: localhost',
    'Origin: http://localhost',
    `Cookie: ${upload.cookie}`,
    `Content-Type: ${upload.contentType}`,
    upload.chunked ? 'Transfer-Encoding: chunked' : `Content-Length: ${upload.body.length}`,
    '',
    '',
  ].join('\r\n');
}

const PIECE = 64 * 1024;

function* pieces(upload: Upload): Generator<Buffer> {
  for (let start = 0; start < upload.body.length; start += PIECE) {
    const piece = upload.body.subarray(start, start + PIECE);
    yield upload.chunked ? Buffer.concat([Buffer.from(`${piece.length.toString(16)}\r\n`), piece, Buffer.from('\r\n')]) : piece;
  }
  if (upload.chunked) yield Buffer.from('0\r\n\r\n');
}

/** The status of a complete answer in `text`, or undefined while its headers or body are still coming. */
function answered(text: string): number | undefined {
  const end = text.indexOf('\r\n\r\n');
  if (end === -1) return undefined;
  const length = /\r\ncontent-length: (\d+)/i.exec(text.slice(0, end));
  if (length && Buffer.byteLength(text.slice(end + 4)) < Number(length[1])) return undefined;
  return Number(/^HTTP\/1\.1 (\d{3})/.exec(text)?.[1]);
}

/**
 * Sends the upload as a client would, writing while the server reads, and answers the status of
 * the server's answer as soon as it is complete (the rest of the body may still be unsent).
 */
function send(upload: Upload): Promise<number> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1');
    let text = '';
    const settle = (outcome: () => void) => {
      clearInterval(watch);
      socket.destroy();
      outcome();
    };
    const watch = setInterval(() => {
      if (uncaught.length > 0) settle(() => reject(new Error(`the process would have ended: ${String(uncaught[0])}`)));
    }, 20);
    socket.on('data', (chunk: Buffer) => {
      text += chunk.toString('latin1');
      const status = answered(text);
      if (status !== undefined) settle(() => resolve(status));
    });
    socket.on('error', () => {}); // a reset once the server has answered and closed is fine
    socket.on('close', () => settle(() => reject(new Error(`closed without an answer; got: ${text.slice(0, 200)}`))));
    socket.on('connect', async () => {
      socket.write(requestHead(upload));
      for (const piece of pieces(upload)) {
        if (socket.destroyed) return;
        if (!socket.write(piece)) await new Promise((drained) => socket.once('drain', drained).once('close', drained));
      }
    });
  });
}

/** Sends the head and half the body, then hangs up, as a client whose connection drops. */
function sendHalfAndHangUp(upload: Upload): Promise<void> {
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    socket.on('error', () => {});
    socket.on('connect', () => {
      socket.write(requestHead(upload));
      socket.write(upload.body.subarray(0, upload.body.length / 2), () => setTimeout(() => socket.destroy(), 50));
    });
    socket.on('close', () => resolve());
  });
}

/** The shop still answers, and nothing went uncaught. */
async function expectServing(): Promise<void> {
  const health = await fetch(`http://127.0.0.1:${port}/api/health`);
  expect(health.status).toBe(200);
  expect(uncaught).toEqual([]);
}

/** A CSV of about `bytes`: a header, then rows that are cheap to read (no name, so each is one error, and the errors stop at 200). */
const csvRows = (bytes: number) => {
  const row = `,,,${'x'.repeat(1000)},,\n`;
  return Buffer.from(`name,brand,type,sku,price,stock\n${row.repeat(Math.ceil(bytes / row.length))}`);
};
const tooBigCsv = () => csvRows(MAX_CSV_BYTES + 1024);

async function imageForm(field: string, bytes: number, fields: Record<string, string> = {}) {
  const png = await samplePng();
  const image = Buffer.concat([png, Buffer.alloc(bytes - png.length)]);
  const form = await multipartBody({ ...fields, [field]: { bytes: image, filename: 'big.png', type: 'image/png' } });
  return { body: form.payload as Buffer, contentType: form.headers!['content-type'] as string };
}

const imageUploads: Array<[string, string, string, () => SignedIn, Record<string, string>]> = [
  ['a brand logo', '/api/brands', 'image', () => admin, { name: 'Limit Brand' }],
  ['a product image (product form)', '/api/products', 'image', () => admin, { name: 'Limit Product', price: '50' }],
  ['a product gallery image', '/api/admin/images', 'image', () => admin, { name: 'limit' }],
  ['the hero image', '/api/site-settings', 'heroImage', () => admin, {}],
  ['a review photo', '/api/reviews/1/photos', 'photo', () => customer, {}],
];

describe('an upload past its limit gets 413 and the shop keeps serving', () => {
  it.each([false, true])('the product CSV (chunked: %s)', async (chunked) => {
    const status = await send({ path: '/api/admin/products/import', contentType: 'text/csv', body: tooBigCsv(), cookie: admin.cookie, chunked });
    expect(status).toBe(413);
    await expectServing();
    // and the import itself still works
    const preview = await admin.inject({
      method: 'POST',
      url: '/api/admin/products/import',
      payload: csvRows(100).toString(),
      headers: { 'content-type': 'text/csv' },
    });
    expect(preview.statusCode).toBe(200);
  });

  it.each(imageUploads)('%s', async (_kind, path, field, who, fields) => {
    const form = await imageForm(field, MAX_UPLOAD_BYTES + 64 * 1024, fields);
    expect(await send({ path, ...form, cookie: who().cookie })).toBe(413);
    await expectServing();
  });
});

describe('a client that hangs up halfway through an upload', () => {
  it('leaves the shop serving: the product CSV', async () => {
    await sendHalfAndHangUp({ path: '/api/admin/products/import?commit=1', contentType: 'text/csv', body: csvRows(2 * 1024 * 1024), cookie: admin.cookie });
    await expectServing();
  });

  it.each(imageUploads)('leaves the shop serving: %s', async (_kind, path, field, who, fields) => {
    const form = await imageForm(field, 2 * 1024 * 1024, fields);
    await sendHalfAndHangUp({ path, ...form, cookie: who().cookie });
    await expectServing();
  });
});
