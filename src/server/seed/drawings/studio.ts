import sharp from 'sharp';

// The photo studio every demo picture is taken in: a seamless paper sweep lit from the upper left
// (light falls off toward the corners), and soft contact shadows. Shared by every drawing.

const SIZE = 800;

/** Studio backdrops: a warm white for most gear, a cool grey that lifts light products. */
type Backdrop = 'warm' | 'cool';

const BACKDROPS: Record<Backdrop, [string, string, string]> = {
  warm: ['#fbfaf7', '#ebe8e2', '#cfcac1'],
  cool: ['#f3f5f8', '#dde2e8', '#b9c1cb'],
};

/** A soft shadow under an object: an ellipse fading out to its rim (a gradient: a blur costs far more). */
export function contactShadow(cx: number, cy: number, rx: number, ry: number, opacity = 0.35): string {
  return `<ellipse cx="${cx}" cy="${cy}" rx="${rx}" ry="${ry}" fill="url(#contact)" opacity="${opacity}"/>`;
}

/** A picture: its scene (on transparent ground) and the backdrop it is shot against. */
export interface StudioShot {
  backdrop: Backdrop;
  svg: Buffer;
}

export function studioSvg(scene: { defs?: string; body: string; backdrop?: Backdrop }): StudioShot {
  return {
    backdrop: scene.backdrop ?? 'warm',
    svg: Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="${SIZE}" height="${SIZE}" viewBox="0 0 ${SIZE} ${SIZE}">
  <defs>
    <radialGradient id="contact">
      <stop offset="0" stop-color="#1c1917"/><stop offset="0.45" stop-color="#1c1917" stop-opacity="0.7"/><stop offset="1" stop-color="#1c1917" stop-opacity="0"/>
    </radialGradient>
    ${scene.defs ?? ''}
  </defs>
  ${scene.body}
</svg>`),
  };
}

function backdropSvg(backdrop: Backdrop): Buffer {
  const [light, mid, dark] = BACKDROPS[backdrop];
  return Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="${SIZE}" height="${SIZE}">
  <defs>
    <radialGradient id="sweep" cx="0.38" cy="0.3" r="0.95">
      <stop offset="0" stop-color="${light}"/><stop offset="0.55" stop-color="${mid}"/><stop offset="1" stop-color="${dark}"/>
    </radialGradient>
    <linearGradient id="floor" x1="0" y1="0" x2="0" y2="1">
      <stop offset="0" stop-color="#000" stop-opacity="0"/><stop offset="1" stop-color="#000" stop-opacity="0.10"/>
    </linearGradient>
  </defs>
  <rect width="${SIZE}" height="${SIZE}" fill="url(#sweep)"/>
  <rect y="${SIZE * 0.55}" width="${SIZE}" height="${SIZE * 0.45}" fill="url(#floor)"/>
</svg>`);
}

const backdrops = new Map<Backdrop, Promise<Buffer>>();

/**
 * The shot's pixels: its scene laid over the backdrop. A full-frame gradient is a good part of a
 * picture's render time, so each backdrop is drawn once per run and only composited after that.
 */
export async function renderStudioShot(shot: StudioShot): Promise<sharp.Sharp> {
  let backdrop = backdrops.get(shot.backdrop);
  if (!backdrop) {
    backdrop = sharp(backdropSvg(shot.backdrop)).removeAlpha().raw().toBuffer();
    backdrops.set(shot.backdrop, backdrop);
  }
  const [ground, scene] = await Promise.all([backdrop, sharp(shot.svg).ensureAlpha().raw().toBuffer()]);
  const { data, info } = await sharp(ground, { raw: { width: SIZE, height: SIZE, channels: 3 } })
    .composite([{ input: scene, raw: { width: SIZE, height: SIZE, channels: 4 } }])
    .raw()
    .toBuffer({ resolveWithObject: true });
  return sharp(data, { raw: { width: info.width, height: info.height, channels: info.channels } });
}

/** A colour made lighter (amount > 0) or darker (amount < 0), for shading one hue. */
export function shadeOf(hex: string, amount: number): string {
  const value = Number.parseInt(hex.slice(1), 16);
  const channel = (shift: number) => {
    const c = (value >> shift) & 0xff;
    const next = amount >= 0 ? c + (255 - c) * amount : c * (1 + amount);
    return Math.round(Math.min(255, Math.max(0, next)))
      .toString(16)
      .padStart(2, '0');
  };
  return `#${channel(16)}${channel(8)}${channel(0)}`;
}

export const round = (n: number) => Number(n.toFixed(1));
