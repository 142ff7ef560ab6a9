import type { Config } from '#server/config.ts';
import type { ImageStore } from './image-store.ts';
import { localImageStore } from './local-image-store.ts';

export { type ImageStore, readImageBytes } from './image-store.ts';

/**
 * The image store this configuration asks for (decision 029): an S3-compatible bucket when
 * S3_BUCKET is set, otherwise DATA_DIR/uploads. The AWS SDK is loaded only for S3, so a local
 * shop never pays for it at start.
 */
export async function openImageStore(config: Config, dataDir: string): Promise<ImageStore> {
  if (!config.S3_BUCKET) return localImageStore(dataDir);
  const { s3ImageStore } = await import('./s3-image-store.ts');
  return s3ImageStore({
    bucket: config.S3_BUCKET,
    region: config.S3_REGION,
    endpoint: config.S3_ENDPOINT,
    credentials:
      config.S3_ACCESS_KEY_ID && config.S3_SECRET_ACCESS_KEY
        ? { accessKeyId: config.S3_ACCESS_KEY_ID, secretAccessKey: config.S3_SECRET_ACCESS_KEY }
        : undefined,
    forcePathStyle: config.S3_FORCE_PATH_STYLE,
    prefix: config.S3_PREFIX,
  });
}
