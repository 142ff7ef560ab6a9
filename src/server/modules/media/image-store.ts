import type { Readable } from 'node:stream';
import { DomainError } from '#server/errors/domain-errors.ts';

/** What the shop keeps about a stored image to answer for it: its length and its entity tag. */
export interface StoredImageInfo {
  size: number;
  /** quoted, as sent in ETag and compared with If-None-Match */
  etag: string;
}

export interface OpenedImage extends StoredImageInfo {
  body: Readable;
}

/**
 * Where uploaded images live (decision 029): the local disk by default, an S3-compatible bucket
 * when S3_BUCKET is set. Names are plain upload file names (UPLOAD_FILE_NAME); a store refuses any
 * other. A missing image is null; a store that cannot answer throws imageStoreUnavailable.
 */
export interface ImageStore {
  /** for the start-up line: where images go */
  readonly location: string;
  put(name: string, bytes: Buffer): Promise<void>;
  head(name: string): Promise<StoredImageInfo | null>;
  /**
   * The image as a stream, or 'unchanged' when `ifNoneMatch` is its current tag (the body is
   * then never fetched), or null when there is no such image.
   */
  open(name: string, ifNoneMatch?: string): Promise<OpenedImage | 'unchanged' | null>;
  /** Removes these images; missing ones are no error. */
  delete(names: string[]): Promise<void>;
  /** Every stored name, in no particular order. */
  list(): Promise<string[]>;
  close(): Promise<void>;
}

const IMAGE_STORE_UNAVAILABLE_MESSAGE = 'Images are briefly unavailable. Please try again in a moment.';

/** The store is down or refused us; the cause goes to the log, never to the client. */
export class ImageStoreUnavailable extends DomainError {
  constructor(cause: unknown) {
    super('unavailable', IMAGE_STORE_UNAVAILABLE_MESSAGE, undefined, { cause });
  }
}

/** The whole image in memory (the image manager decodes it), or null when it is missing. */
export async function readImageBytes(store: ImageStore, name: string): Promise<Buffer | null> {
  const opened = await store.open(name);
  if (!opened || opened === 'unchanged') return null;
  const chunks: Buffer[] = [];
  try {
    for await (const chunk of opened.body) chunks.push(chunk as Buffer);
  } catch (error) {
    throw new ImageStoreUnavailable(error);
  }
  return Buffer.concat(chunks);
}
