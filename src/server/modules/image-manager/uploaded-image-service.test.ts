import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { conflict } from '#server/errors/domain-errors.ts';
import { type ImageStore, openImageStore, readImageBytes } from '#server/modules/media/image-store-service.ts';
import { uploadFileName } from '#server/modules/media/media-service.ts';
import { samplePng } from '#server/test/admin-test-kit.ts';
import { createTestApp, type TestApp } from '#server/test/test-app.ts';
import { releaseImage, saveWithImage } from './uploaded-image-service.ts';

// A store that keeps images on disk but cannot delete, as an S3 bucket that went away after the upload.
const storeThatCannotDelete = async (dataDir: string): Promise<ImageStore> => ({
  ...(await openImageStore(t.config, dataDir)),
  delete: async () => {
    throw new Error('store unreachable');
  },
});

let t: TestApp;
let dataDir: string;
beforeAll(async () => {
  t = await createTestApp();
  dataDir = await mkdtemp(path.join(tmpdir(), 'uploaded-image-'));
});
afterAll(async () => {
  await t.close();
  await rm(dataDir, { recursive: true, force: true });
});

describe('an image store that fails after the upload', () => {
  it('leaves the refused write its own error, not the failed clean-up', async () => {
    const images = await storeThatCannotDelete(dataDir);
    const write = saveWithImage(images, await samplePng(), 'refused', async () => {
      throw conflict('A brand with this name already exists');
    });
    await expect(write).rejects.toMatchObject({ kind: 'conflict', message: 'A brand with this name already exists' });
  });

  it('lets a committed change stand when its old image cannot be deleted (it stays, an orphan)', async () => {
    const images = await storeThatCannotDelete(dataDir);
    const url = await saveWithImage(images, await samplePng(), 'old logo', async (imageUrl) => imageUrl!);
    await expect(releaseImage(t.db, images, url)).resolves.toBeUndefined();
    expect(await readImageBytes(images, uploadFileName(url)!)).not.toBeNull();
  });
});
