import { readdir, readFile } from 'node:fs/promises';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_UPLOAD_BYTES } from '#common/constants.ts';
import { thumbnailUrl } from '#common/schemas/catalog.ts';
import type { ImageStore } from './image-store.ts';
import { localImageStore } from './local-image-store.ts';
import { assertUploadableImage, deleteStoredImage, detectImageFormat, shortSlug, storeImage, UPLOAD_FILE_NAME, uploadFileName } from './media-service.ts';

let dataDir: string;
let images: ImageStore;
beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'media-service-'));
  images = localImageStore(dataDir);
});
afterAll(() => rm(dataDir, { recursive: true, force: true }));

const photo = (width: number, height: number) => sharp({ create: { width, height, channels: 3, background: { r: 200, g: 80, b: 40 } } });

describe('detectImageFormat', () => {
  it('recognises the five accepted formats by their bytes', async () => {
    const small = photo(8, 8);
    expect(await detectImageFormat(await small.clone().jpeg().toBuffer())).toBe('jpeg');
    expect(await detectImageFormat(await small.clone().png().toBuffer())).toBe('png');
    expect(await detectImageFormat(await small.clone().webp().toBuffer())).toBe('webp');
    expect(await detectImageFormat(await small.clone().gif().toBuffer())).toBe('gif');
    expect(await detectImageFormat(await small.clone().avif().toBuffer())).toBe('avif');
  });

  it('refuses SVG, TIFF, text and empty input', async () => {
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="8" height="8"><script>alert(1)</script></svg>');
    expect(await detectImageFormat(svg)).toBeNull();
    expect(await detectImageFormat(await photo(8, 8).tiff().toBuffer())).toBeNull();
    expect(await detectImageFormat(Buffer.from('GIF89a but really text'))).toBeNull();
    expect(await detectImageFormat(Buffer.alloc(0))).toBeNull();
  });
});

describe('assertUploadableImage', () => {
  it('refuses more than 5 MB as too large and non-images as unsupported media', async () => {
    await expect(assertUploadableImage(Buffer.alloc(MAX_UPLOAD_BYTES + 1))).rejects.toMatchObject({ kind: 'too-large' });
    await expect(assertUploadableImage(Buffer.from('<html></html>'))).rejects.toMatchObject({
      kind: 'unsupported-media',
      message: 'Only JPEG, PNG, WebP, GIF or AVIF images are accepted',
    });
  });
});

describe('storeImage', () => {
  it('writes a WebP at most 1200 px wide and a 400 px thumbnail, without metadata', async () => {
    const jpeg = await photo(2000, 1000)
      .jpeg()
      .withMetadata({ orientation: 6, exif: { IFD0: { Copyright: 'secret camera owner' } } })
      .toBuffer();
    const url = await storeImage(images, jpeg, 'Pro Carbon 16mm!');
    expect(url).toMatch(/^\/uploads\/pro-carbon-16mm-[0-9a-f]{12}\.webp$/);
    const name = uploadFileName(url)!;
    const full = await readFile(path.join(dataDir, 'uploads', name));
    const thumb = await readFile(path.join(dataDir, 'uploads', uploadFileName(thumbnailUrl(url))!));
    const fullMeta = await sharp(full).metadata();
    const thumbMeta = await sharp(thumb).metadata();
    expect(fullMeta.format).toBe('webp');
    // orientation 6 is a quarter turn: 2000x1000 becomes 1000x2000 before resizing
    expect([fullMeta.width, fullMeta.height]).toEqual([1000, 2000]);
    expect(thumbMeta.width).toBe(400);
    expect(fullMeta.exif).toBeUndefined();
    expect(fullMeta.orientation).toBeUndefined();
    expect(full.includes('secret camera owner')).toBe(false);
  });

  it('shrinks wide images to 1200 px and never enlarges small ones', async () => {
    const wide = await storeImage(images, await photo(3000, 600).png().toBuffer(), 'wide');
    const small = await storeImage(images, await photo(300, 200).png().toBuffer(), 'small');
    const widthOf = async (url: string) => (await sharp(path.join(dataDir, 'uploads', uploadFileName(url)!)).metadata()).width;
    expect(await widthOf(wide)).toBe(1200);
    expect(await widthOf(thumbnailUrl(wide)!)).toBe(400);
    expect(await widthOf(small)).toBe(300);
    expect(await widthOf(thumbnailUrl(small)!)).toBe(300);
  });

  it('writes at most 70% of the bytes of a photo-like JPEG at equal size (docs/performance.md)', async () => {
    const [width, height] = [1200, 800];
    const pixels = Buffer.alloc(width * height * 3);
    let seed = 42;
    for (let i = 0; i < pixels.length; i += 1) {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      pixels[i] = seed % 256;
    }
    const raw = { raw: { width, height, channels: 3 as const } };
    const photo = await sharp(await sharp(pixels, raw).blur(3).toBuffer(), raw)
      .jpeg({ quality: 75 })
      .toBuffer();
    const url = await storeImage(images, photo, 'photo');
    const webp = await readFile(path.join(dataDir, 'uploads', uploadFileName(url)!));
    expect(webp.length / photo.length).toBeLessThanOrEqual(0.7);
  });

  it('gives every upload its own name, even with the same hint', async () => {
    const png = await photo(10, 10).png().toBuffer();
    const [a, b] = await Promise.all([storeImage(images, png, 'same'), storeImage(images, png, 'same')]);
    expect(a).not.toBe(b);
  });

  it('refuses a non-image before writing anything', async () => {
    const before = await readdir(path.join(dataDir, 'uploads'));
    await expect(storeImage(images, Buffer.from('not an image'), 'x')).rejects.toMatchObject({ kind: 'unsupported-media' });
    expect(await readdir(path.join(dataDir, 'uploads'))).toEqual(before);
  });

  it('refuses an image whose pixels do not decode, leaving no files behind', async () => {
    const png = await photo(500, 500).png().toBuffer();
    const truncated = png.subarray(0, 120);
    const before = await readdir(path.join(dataDir, 'uploads'));
    await expect(storeImage(images, truncated, 'broken')).rejects.toMatchObject({ kind: 'unsupported-media' });
    expect(await readdir(path.join(dataDir, 'uploads'))).toEqual(before);
  });

  it('deletes an image with its thumbnail and ignores foreign URLs', async () => {
    const url = await storeImage(images, await photo(10, 10).png().toBuffer(), 'gone');
    await deleteStoredImage(images, url);
    const files = await readdir(path.join(dataDir, 'uploads'));
    expect(files.some((file) => file.startsWith(uploadFileName(url)!.replace('.webp', '')))).toBe(false);
    await expect(deleteStoredImage(images, '/uploads/../../etc/passwd')).resolves.toBeUndefined();
    await expect(deleteStoredImage(images, 'https://example.com/a.webp')).resolves.toBeUndefined();
    await expect(deleteStoredImage(images, null)).resolves.toBeUndefined();
  });
});

describe('names', () => {
  it('shortens hints to lowercase words and digits', () => {
    expect(shortSlug('Crème Brûlée Paddle')).toBe('creme-brulee-paddle');
    expect(shortSlug('../../etc/passwd')).toBe('etc-passwd');
    expect(shortSlug('!!!')).toBe('image');
    expect(shortSlug("Men's Court Glide")).toBe('mens-court-glide');
    expect(shortSlug('x'.repeat(100))).toHaveLength(48);
  });

  it('accepts only plain webp file names', () => {
    for (const good of ['a.webp', 'pro-1-abc.webp']) expect(UPLOAD_FILE_NAME.test(good)).toBe(true);
    for (const bad of ['../a.webp', 'a/b.webp', 'A.webp', 'a.webp.png', '.webp', 'a.WEBP', 'a%2e.webp', 'a.webp\n']) {
      expect(UPLOAD_FILE_NAME.test(bad)).toBe(false);
    }
  });
});
