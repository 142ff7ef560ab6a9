import { readFile, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { loadConfig } from '#server/config.ts';
import { openImageStore } from '#server/modules/media/image-store-service.ts';
import { storeImage, uploadFileName, uploadsDir } from '#server/modules/media/media-service.ts';
import { round } from './stats.ts';

export interface ImageResult {
  name: string;
  uploadedJpegBytes: number;
  webpWidth: number;
  webpHeight: number;
  webpBytes: number;
  /** the upload re-encoded as JPEG (quality 85) at the WebP's own width and height */
  jpegSameSizeBytes: number;
  ratio: number;
  thumbnailBytes: number;
}

const WIDTH = 1600;
const HEIGHT = 1200;

/** A deterministic pseudo-random sequence, so every run compresses the same pictures. */
function seeded(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state * 1664525 + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
}

function colour(random: () => number): string {
  return `rgb(${Math.floor(random() * 256)},${Math.floor(random() * 256)},${Math.floor(random() * 256)})`;
}

/** Photo-like test picture: soft gradients and shapes (light, depth), sensor-like noise, a little lens blur. */
export async function makePhotoLikeJpeg(seed: number): Promise<Buffer> {
  const random = seeded(seed);
  const shapes = Array.from({ length: 14 }, () => {
    const cx = Math.floor(random() * WIDTH);
    const cy = Math.floor(random() * HEIGHT);
    const r = Math.floor(80 + random() * 360);
    return `<circle cx="${cx}" cy="${cy}" r="${r}" fill="${colour(random)}" fill-opacity="${(0.25 + random() * 0.5).toFixed(2)}"/>`;
  }).join('');
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${HEIGHT}">
    <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${colour(random)}"/><stop offset="1" stop-color="${colour(random)}"/></linearGradient>
    <radialGradient id="light" cx="${random().toFixed(2)}" cy="${random().toFixed(2)}" r="0.8"><stop offset="0" stop-color="#fff" stop-opacity="0.55"/><stop offset="1" stop-color="#000" stop-opacity="0.35"/></radialGradient></defs>
    <rect width="100%" height="100%" fill="url(#g)"/>${shapes}<rect width="100%" height="100%" fill="url(#light)"/></svg>`;
  const noise = await sharp({
    create: { width: WIDTH, height: HEIGHT, channels: 3, background: '#808080', noise: { type: 'gaussian', mean: 128, sigma: 14 + random() * 14 } },
  })
    .png()
    .toBuffer();
  const scene = await sharp(Buffer.from(svg))
    .blur(2 + random() * 4)
    .png()
    .toBuffer();
  return sharp(scene)
    .composite([{ input: noise, blend: 'soft-light' }])
    .blur(0.5)
    .jpeg({ quality: 85 })
    .toBuffer();
}

/** The shop's WebP against the JPEG at the same pixel size; budget at most 70 %. */
export async function measureImages(options: { dataDir: string; count?: number }): Promise<ImageResult[]> {
  const { dataDir, count = 6 } = options;
  await rm(dataDir, { recursive: true, force: true });
  // the local store: the bench reads the files it wrote
  const images = await openImageStore(loadConfig({}), dataDir);
  const results: ImageResult[] = [];
  try {
    for (let index = 0; index < count; index += 1) {
      const jpeg = await makePhotoLikeJpeg(index + 1);
      const url = await storeImage(images, jpeg, `bench photo ${index + 1}`);
      const file = path.join(uploadsDir(dataDir), uploadFileName(url)!);
      const webp = await readFile(file);
      const { width = 0, height = 0 } = await sharp(webp).metadata();
      const jpegSameSize = await sharp(jpeg).resize({ width, height }).jpeg({ quality: 85 }).toBuffer();
      const thumbnail = await stat(file.replace(/\.webp$/, '-thumb.webp'));
      results.push({
        name: `photo-${index + 1}`,
        uploadedJpegBytes: jpeg.length,
        webpWidth: width,
        webpHeight: height,
        webpBytes: webp.length,
        jpegSameSizeBytes: jpegSameSize.length,
        ratio: round(webp.length / jpegSameSize.length, 3),
        thumbnailBytes: thumbnail.size,
      });
    }
  } finally {
    await rm(dataDir, { recursive: true, force: true });
  }
  return results;
}
