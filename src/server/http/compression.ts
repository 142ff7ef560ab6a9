import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import negotiate from '@fastify/accept-negotiator';
import type { FastifyCompressOptions } from '@fastify/compress';

// One choice of encoding for the whole server: @fastify/compress is registered with these, and a page kept
// already encoded (modules/pages/render-memo.ts) is encoded the same way, so a client gets the same bytes
// either way. zstd is left out: @fastify/compress adds it on a Node that has it, and the pages would then
// answer differently from the rest of the server.
const ENCODINGS: NonNullable<FastifyCompressOptions['encodings']> = ['br', 'gzip', 'deflate', 'identity'];

// @fastify/compress's own default (quality 11 costs far more CPU per byte saved)
const BROTLI_OPTIONS = { params: { [constants.BROTLI_PARAM_QUALITY]: 4 } };

export const COMPRESSION_OPTIONS: FastifyCompressOptions = {
  threshold: 1024,
  encodings: ENCODINGS,
  brotliOptions: BROTLI_OPTIONS,
};

/** The encodings a body is kept in, already encoded; the rest (deflate) is left to @fastify/compress. */
export type KeptEncoding = 'br' | 'gzip';

/** The encoding @fastify/compress would choose for this Accept-Encoding, when it is one kept encoded. */
export function keptEncodingFor(acceptEncoding: string | undefined): KeptEncoding | null {
  if (!acceptEncoding) return null;
  // as @fastify/compress reads it: "*" and x-gzip are gzip
  const chosen = negotiate(acceptEncoding.toLowerCase().replace(/\*|x-gzip/g, 'gzip'), ENCODINGS);
  return chosen === 'br' || chosen === 'gzip' ? chosen : null;
}

export function encodeBody(body: string, encoding: KeptEncoding): Buffer {
  return encoding === 'br' ? brotliCompressSync(body, BROTLI_OPTIONS) : gzipSync(body);
}
