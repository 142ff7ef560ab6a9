import { crc32 } from 'node:zlib';
import fc from 'fast-check';
import { junkStrings } from './junk-values.ts';

/** A body and the Content-Type that goes with it. */
export interface Body {
  contentType?: string;
  payload: string | Buffer;
}

interface Part {
  name: string;
  value: string | Buffer;
  filename?: string;
  type?: string;
}

const BOUNDARY = '----fuzzBoundary7MA4YWxkTrZu0gW';

export function multipartBody(parts: Part[], options: { boundary?: string; close?: boolean } = {}): Body {
  const boundary = options.boundary ?? BOUNDARY;
  const chunks: Buffer[] = [];
  for (const part of parts) {
    const disposition = `form-data; name="${part.name}"${part.filename === undefined ? '' : `; filename="${part.filename}"`}`;
    const type = part.type ? `\r\nContent-Type: ${part.type}` : '';
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: ${disposition}${type}\r\n\r\n`), Buffer.from(part.value), Buffer.from('\r\n'));
  }
  if (options.close !== false) chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { contentType: `multipart/form-data; boundary=${boundary}`, payload: Buffer.concat(chunks) };
}

const onePixelPng = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');

/** A PNG whose header claims 100,000 × 100,000 pixels: a decoder must refuse it, not try. */
function hugePngHeader(): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(100_000, 0);
  ihdr.writeUInt32BE(100_000, 4);
  ihdr.set([8, 6, 0, 0, 0], 8);
  const chunk = Buffer.concat([Buffer.from('IHDR'), ihdr]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(chunk));
  const length = Buffer.alloc(4);
  length.writeUInt32BE(13);
  return Buffer.concat([onePixelPng.subarray(0, 8), length, chunk, crc, onePixelPng.subarray(33)]);
}

/** Files a form's image field may receive: a real one, and bytes that only pretend. */
const files: readonly { bytes: Buffer; type: string; filename: string }[] = [
  { bytes: onePixelPng, type: 'image/png', filename: 'paddle.png' },
  { bytes: onePixelPng.subarray(0, 30), type: 'image/png', filename: 'cut.png' },
  { bytes: hugePngHeader(), type: 'image/png', filename: 'bomb.png' },
  { bytes: Buffer.from('GIF89a\x01\x00\x01\x00'), type: 'image/gif', filename: 'x.gif' },
  { bytes: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'), type: 'image/svg+xml', filename: 'x.svg' },
  { bytes: Buffer.from('just text'), type: 'image/jpeg', filename: '../../etc/passwd' },
  { bytes: Buffer.alloc(0), type: 'application/octet-stream', filename: '' },
  { bytes: Buffer.alloc(64 * 1024, 0xff), type: 'image/webp', filename: 'noise\u202egnp.exe' },
];

const fileFields = ['image', 'photo', 'heroImage', 'file', ''];

/** A form as a browser sends it: the given text fields, and maybe an image (junk: any file, in any field). */
export function formBody(fields: fc.Arbitrary<Record<string, string>>, junk: boolean): fc.Arbitrary<Body> {
  const chosen = junk
    ? fc.tuple(fc.constantFrom(...fileFields), fc.constantFrom(...files))
    : fc.tuple(fc.constantFrom(...fileFields.slice(0, 3)), fc.constant(files[0]!));
  const file = fc.option(chosen, { freq: 2 });
  return fc.tuple(fields, file).map(([values, chosen]) => {
    const parts: Part[] = Object.entries(values).map(([name, value]) => ({ name, value }));
    if (chosen) parts.push({ name: chosen[0], value: chosen[1].bytes, filename: chosen[1].filename, type: chosen[1].type });
    return multipartBody(parts);
  });
}

/** Multipart bodies that are broken: no boundary, cut short, past the limits, parts without names. */
export const brokenForms: fc.Arbitrary<Body> = fc.oneof(
  fc.constantFrom<Body>(
    { contentType: 'multipart/form-data', payload: 'name=x' },
    { contentType: 'multipart/form-data; boundary=', payload: '--\r\n\r\n' },
    { contentType: `multipart/form-data; boundary=${BOUNDARY}`, payload: 'garbage that is no form' },
    { contentType: `multipart/form-data; boundary=${BOUNDARY}`, payload: '' },
    { contentType: `multipart/form-data; boundary=${BOUNDARY}`, payload: `--${BOUNDARY}\r\n\r\nno headers\r\n--${BOUNDARY}--\r\n` },
    {
      contentType: `multipart/form-data; boundary=${BOUNDARY}`,
      payload: `--${BOUNDARY}\r\nContent-Disposition: form-data\r\n\r\nno name\r\n--${BOUNDARY}--\r\n`,
    },
    { contentType: 'multipart/form-data; boundary=other', payload: multipartBody([{ name: 'name', value: 'x' }]).payload },
    multipartBody([{ name: 'name', value: 'cut short' }], { close: false }),
    multipartBody([{ name: 'image', value: onePixelPng, filename: 'a.png', type: 'image/png' }], { close: false }),
    multipartBody(Array.from({ length: 60 }, (_, index) => ({ name: `f${index}`, value: 'x' }))),
    multipartBody([{ name: 'name', value: 'x'.repeat(70 * 1024) }]),
    multipartBody([{ name: 'n'.repeat(300), value: 'x' }]),
    multipartBody([
      { name: 'image', value: onePixelPng, filename: 'a.png', type: 'image/png' },
      { name: 'image', value: onePixelPng, filename: 'b.png', type: 'image/png' },
    ]),
    multipartBody([{ name: '__proto__', value: '{"isAdmin":true}' }]),
  ),
  fc.constantFrom(...junkStrings).map((value) =>
    multipartBody([
      { name: 'name', value },
      { name: value.slice(0, 50), value: 'x' },
    ]),
  ),
);
