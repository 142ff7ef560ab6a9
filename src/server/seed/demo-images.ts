import sharp from 'sharp';
import type { DemoBrand } from './demo-brands.ts';
import { ballSvg, type BallPicture } from './drawings/ball.ts';
import { giftCardSvg, type GiftCardPicture } from './drawings/gift-card.ts';
import { accessorySvg, apparelSvg, bagSvg, netSvg, type AccessoryPicture, type ApparelPicture, type BagPicture, type NetPicture } from './drawings/gear.ts';
import { paddleSvg, type PaddlePicture } from './drawings/paddle.ts';
import { shoeSvg, type ShoePicture } from './drawings/shoe.ts';
import type { StudioShot } from './drawings/studio.ts';

// Demo pictures are drawn here as SVG and rasterised by sharp: no network, no binary assets
// in the repository. Products are shot like studio photos (drawings/), without their names in
// the picture: the page around it says what it is. Brand logos carry their name, as logos do.

export type DemoPicture = PaddlePicture | BallPicture | ShoePicture | BagPicture | NetPicture | ApparelPicture | AccessoryPicture | GiftCardPicture;

export function pictureSvg(picture: DemoPicture): Promise<StudioShot> {
  switch (picture.kind) {
    case 'paddle':
      return paddleSvg(picture);
    case 'ball':
      return ballSvg(picture);
    case 'shoe':
      return shoeSvg(picture);
    case 'bag':
      return bagSvg(picture);
    case 'net':
      return netSvg(picture);
    case 'apparel':
      return apparelSvg(picture);
    case 'accessory':
      return accessorySvg(picture);
    case 'gift-card':
      return giftCardSvg(picture);
  }
}

const SIZE = 800;
const FONT = "'DejaVu Sans', 'Liberation Sans', Arial, sans-serif";

function escapeXml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

/** Splits a name into at most two lines of roughly `width` characters. */
function wrapWords(text: string, width: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(/\s+/)) {
    if (line && `${line} ${word}`.length > width && lines.length === 0) {
      lines.push(line);
      line = word;
    } else {
      line = line ? `${line} ${word}` : word;
    }
  }
  lines.push(line);
  return lines;
}

function svgDocument(background: [string, string], body: string): Buffer {
  return Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="${SIZE}" height="${SIZE}" viewBox="0 0 ${SIZE} ${SIZE}">
  <defs><linearGradient id="bg" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${background[0]}"/><stop offset="1" stop-color="${background[1]}"/></linearGradient></defs>
  <rect width="${SIZE}" height="${SIZE}" fill="url(#bg)"/>
  ${body}
</svg>`);
}

function initials(name: string): string {
  return name
    .split(/[\s&.]+/)
    .filter((word) => /^[A-Za-z]/.test(word) && !['Co', 'and'].includes(word))
    .slice(0, 2)
    .map((word) => word[0]!.toUpperCase())
    .join('');
}

/** A square logo: the brand's initials on a ball-like emblem, its name and tagline. */
export function brandLogoSvg(brand: DemoBrand): Buffer {
  const [background, ink] = brand.colors;
  const holes: string[] = [];
  for (let i = 0; i < 16; i += 1) {
    const angle = (i / 16) * Math.PI * 2;
    holes.push(
      `<circle cx="${(400 + 190 * Math.cos(angle)).toFixed(1)}" cy="${(300 + 190 * Math.sin(angle)).toFixed(1)}" r="10" fill="${ink}" fill-opacity="0.35"/>`,
    );
  }
  const name = wrapWords(brand.name, 18);
  const nameText = name
    .map(
      (line, i) =>
        `<text x="400" y="${590 + i * 60}" font-size="56" font-weight="700" fill="${ink}" text-anchor="middle" font-family="${FONT}">${escapeXml(line)}</text>`,
    )
    .join('');
  return svgDocument(
    [background, background],
    `<circle cx="400" cy="300" r="220" fill="${ink}" fill-opacity="0.12"/>
    ${holes.join('')}
    <circle cx="400" cy="300" r="150" fill="${ink}"/>
    <text x="400" y="348" font-size="136" font-weight="700" fill="${background}" text-anchor="middle" font-family="${FONT}">${escapeXml(initials(brand.name))}</text>
    ${nameText}
    <text x="400" y="${590 + name.length * 60 + 10}" font-size="30" fill="${ink}" fill-opacity="0.8" text-anchor="middle" font-family="${FONT}">${escapeXml(brand.tagline)}</text>`,
  );
}

/** Rasterises once, so the full image and the thumbnail do not each render the SVG. */
export async function rasterize(svg: Buffer): Promise<sharp.Sharp> {
  const { data, info } = await sharp(svg).raw().toBuffer({ resolveWithObject: true });
  return sharp(data, { raw: { width: info.width, height: info.height, channels: info.channels } });
}
