import sharp from 'sharp';
import { shadeOf } from './studio.ts';

// Fine textures (a carbon twill, fibre grain, a grip's wrap, shoe mesh) drawn once as small
// seamless tiles and embedded in each picture as an image pattern: a noise filter over a whole
// face would cost most of a picture's render time, a tile costs a few milliseconds once.

type TextureKind = 'twill' | 'grain' | 'mesh' | 'knit';

const TILE = 128;

function tileSvg(kind: TextureKind, base: string): string {
  const noise = (opacity: number, frequency: string) => `
    <filter id="n" x="0" y="0" width="100%" height="100%">
      <feTurbulence type="fractalNoise" baseFrequency="${frequency}" numOctaves="2" seed="3" stitchTiles="stitch"/>
      <feColorMatrix type="matrix" values="0 0 0 0 0.5  0 0 0 0 0.5  0 0 0 0 0.5  0 0 0 ${opacity} 0"/>
    </filter>`;
  const cells: string[] = [];
  if (kind === 'twill') {
    // 2/2 twill: each row shifts one cell, tows alternate between lying across and along
    const cell = 4;
    for (let row = 0; row < TILE / cell; row++) {
      for (let col = 0; col < TILE / cell; col++) {
        const across = (col + row) % 4 < 2;
        const x = col * cell;
        const y = row * cell;
        cells.push(
          across
            ? `<rect x="${x}" y="${y}" width="${cell}" height="${cell}" fill="${shadeOf(base, 0.14)}"/><rect x="${x}" y="${y + 1}" width="${cell}" height="1.2" fill="#fff" fill-opacity="0.10"/>`
            : `<rect x="${x}" y="${y}" width="${cell}" height="${cell}" fill="${shadeOf(base, -0.18)}"/><rect x="${x + 1}" y="${y}" width="1.2" height="${cell}" fill="#fff" fill-opacity="0.06"/>`,
        );
      }
    }
    return `<defs>${noise(0.18, '0.8')}</defs><rect width="${TILE}" height="${TILE}" fill="${base}"/>${cells.join('')}<rect width="${TILE}" height="${TILE}" filter="url(#n)"/>`;
  }
  if (kind === 'mesh') {
    for (let row = 0; row < TILE / 8; row++) {
      for (let col = 0; col < TILE / 8; col++) {
        cells.push(`<ellipse cx="${col * 8 + (row % 2) * 4 + 2}" cy="${row * 8 + 4}" rx="2" ry="1.6" fill="${shadeOf(base, -0.35)}"/>`);
      }
    }
    return `<defs>${noise(0.12, '0.9')}</defs><rect width="${TILE}" height="${TILE}" fill="${base}"/>${cells.join('')}<rect width="${TILE}" height="${TILE}" filter="url(#n)"/>`;
  }
  if (kind === 'knit') {
    for (let y = 0; y < TILE; y += 4) cells.push(`<rect y="${y}" width="${TILE}" height="1.4" fill="${shadeOf(base, -0.12)}"/>`);
    return `<defs>${noise(0.16, '0.7 1.6')}</defs><rect width="${TILE}" height="${TILE}" fill="${base}"/>${cells.join('')}<rect width="${TILE}" height="${TILE}" filter="url(#n)"/>`;
  }
  return `<defs>${noise(0.2, '1.6 0.3')}</defs><rect width="${TILE}" height="${TILE}" fill="${base}"/><rect width="${TILE}" height="${TILE}" filter="url(#n)"/>`;
}

const tiles = new Map<string, Promise<string>>();

/** A seamless tile of the texture in this colour, as a data URI (drawn once per run). */
export function textureTile(kind: TextureKind, base: string): Promise<string> {
  const key = `${kind}:${base}`;
  let tile = tiles.get(key);
  if (!tile) {
    const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${TILE}" height="${TILE}">${tileSvg(kind, base)}</svg>`;
    tile = sharp(Buffer.from(svg))
      .png({ compressionLevel: 1 })
      .toBuffer()
      .then((png) => `data:image/png;base64,${png.toString('base64')}`);
    tiles.set(key, tile);
  }
  return tile;
}

/** An SVG pattern repeating the tile as it is: an untransformed image pattern is the cheapest fill to render. */
export function texturePattern(id: string, tile: string): string {
  return `<pattern id="${id}" width="${TILE}" height="${TILE}" patternUnits="userSpaceOnUse"><image width="${TILE}" height="${TILE}" href="${tile}"/></pattern>`;
}
