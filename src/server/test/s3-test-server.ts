import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import S3rver from '@20minutes/s3rver';

export interface TestS3 {
  /** the S3_* settings that point an app at this server's bucket */
  env: Record<string, string>;
  stop(): Promise<void>;
}

/**
 * A local S3-compatible server (s3rver, in this process, files in a temporary folder) with one
 * bucket. Its own signature check gets bucket-level requests wrong for SDK v3 (it drops the "/"
 * the SDK signs after the bucket name, so every list would be refused), hence mismatched signatures
 * are let through; the access key must still be the one it knows.
 */
export async function startTestS3(bucket = 'shop-images'): Promise<TestS3> {
  const directory = await mkdtemp(path.join(tmpdir(), 'shop-s3-'));
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory,
    allowMismatchedSignatures: true,
    configureBuckets: [{ name: bucket }],
  });
  const { port } = await server.run();
  let stopped = false;
  return {
    env: {
      S3_BUCKET: bucket,
      S3_ENDPOINT: `http://127.0.0.1:${port}`,
      S3_REGION: 'us-east-1',
      S3_ACCESS_KEY_ID: 'S3RVER',
      S3_SECRET_ACCESS_KEY: 'S3RVER',
      S3_FORCE_PATH_STYLE: '1',
    },
    async stop() {
      if (stopped) return;
      stopped = true;
      await server.close();
      await rm(directory, { recursive: true, force: true });
    },
  };
}
