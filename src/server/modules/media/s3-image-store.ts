import type { Readable } from 'node:stream';
import { DeleteObjectCommand, GetObjectCommand, HeadObjectCommand, ListObjectsV2Command, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { type ImageStore, ImageStoreUnavailable, type OpenedImage, type StoredImageInfo } from './image-store.ts';
import { assertUploadName, UPLOAD_FILE_NAME } from './media-service.ts';

export interface S3Settings {
  bucket: string;
  region: string;
  endpoint?: string;
  /** both or neither: without them the SDK's own chain applies (AWS_* variables, instance role) */
  credentials?: { accessKeyId: string; secretAccessKey: string };
  forcePathStyle: boolean;
  /** key prefix of every image, "uploads/" by default: the same layout as DATA_DIR */
  prefix: string;
}

const statusOf = (error: unknown) => (error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode;

/** A missing object, not a missing bucket (also a 404, but a misconfiguration that must not look like an empty store). */
const isMissingObject = (error: unknown) => statusOf(error) === 404 && (error as { name?: string }).name !== 'NoSuchBucket';

/** Images as objects in an S3-compatible bucket (AWS S3, MinIO, Cloudflare R2, Backblaze B2, ...). */
export function s3ImageStore(settings: S3Settings): ImageStore {
  const client = new S3Client({
    region: settings.region,
    ...(settings.endpoint && { endpoint: settings.endpoint }),
    ...(settings.credentials && { credentials: settings.credentials }),
    forcePathStyle: settings.forcePathStyle,
    // checksums only where S3 requires them: several S3-compatible servers refuse the SDK's default CRC32 headers
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    // a store that is down or stalled must be a quick 503 for the visitor, not a request that hangs
    requestHandler: { connectionTimeout: 3_000, requestTimeout: 10_000, throwOnRequestTimeout: true },
    maxAttempts: 2,
  });
  const { bucket, prefix } = settings;
  // outside every try: a refused name is a bug of the caller's, not a store that is away
  const key = (name: string) => `${prefix}${assertUploadName(name)}`;
  const unavailable = (error: unknown) => new ImageStoreUnavailable(error);

  return {
    location: `s3://${bucket}/${prefix}${settings.endpoint ? ` at ${settings.endpoint}` : ''}`,
    async put(name, bytes) {
      const Key = key(name);
      await client
        .send(
          new PutObjectCommand({
            Bucket: bucket,
            Key,
            Body: bytes,
            ContentType: 'image/webp',
            // names are never reused: a CDN in front of the bucket may keep them for ever too
            CacheControl: 'public, max-age=31536000, immutable',
          }),
        )
        .catch((error: unknown) => {
          throw unavailable(error);
        });
    },
    async head(name): Promise<StoredImageInfo | null> {
      const Key = key(name);
      try {
        const found = await client.send(new HeadObjectCommand({ Bucket: bucket, Key }));
        return { size: found.ContentLength ?? 0, etag: found.ETag ?? '""' };
      } catch (error) {
        if (isMissingObject(error)) return null;
        throw unavailable(error);
      }
    },
    async open(name, ifNoneMatch): Promise<OpenedImage | 'unchanged' | null> {
      const Key = key(name);
      try {
        // the store compares the tag: an unchanged image costs one request and no body
        const found = await client.send(new GetObjectCommand({ Bucket: bucket, Key, IfNoneMatch: ifNoneMatch }));
        return { size: found.ContentLength ?? 0, etag: found.ETag ?? '""', body: found.Body as Readable };
      } catch (error) {
        if (statusOf(error) === 304) return 'unchanged';
        if (isMissingObject(error)) return null;
        throw unavailable(error);
      }
    },
    async delete(names) {
      // one request per object: DeleteObjects needs a checksum header some S3-compatible servers refuse, and these come in pairs
      const keys = names.map(key);
      await Promise.all(keys.map((Key) => client.send(new DeleteObjectCommand({ Bucket: bucket, Key })))).catch((error: unknown) => {
        throw unavailable(error);
      });
    },
    async list() {
      const names: string[] = [];
      let token: string | undefined;
      try {
        do {
          const page = await client.send(new ListObjectsV2Command({ Bucket: bucket, Prefix: prefix, ContinuationToken: token }));
          for (const object of page.Contents ?? []) {
            const name = object.Key?.slice(prefix.length) ?? '';
            if (UPLOAD_FILE_NAME.test(name)) names.push(name);
          }
          token = page.IsTruncated ? page.NextContinuationToken : undefined;
        } while (token);
      } catch (error) {
        throw unavailable(error);
      }
      return names;
    },
    async close() {
      client.destroy();
    },
  };
}
