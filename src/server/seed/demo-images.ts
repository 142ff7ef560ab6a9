import sharp from 'sharp';
import type { DemoBrand } from './demo-brands.ts';
import type { DemoCategory, DemoProduct } from './demo-products.ts';

// Demo pictures are drawn here as SVG and rasterised by sharp: no network, no binary assets
// in the repository, and every product still gets a distinct, recognisable image.

const SIZE = 800;
const FONT = "'DejaVu Sans', 'Liberation Sans', Arial, sans-serif";

/** Court-surface backgrounds, one per category, so a grid reads by category at a glance. */
const BACKGROUNDS: Record<DemoCategory, [string, string]> = {
  paddle: ['#0f3d5e', '#1f6f8b'],
  ball: ['#14532d', '#2f855a'],
  bag: ['#3b1f6b', '#6b46c1'],
  shoes: ['#7c2d12', '#c05621'],
  apparel: ['#134e4a', '#2c7a7b'],
  net: ['#1e3a8a', '#3b82f6'],
  accessory: ['#27272a', '#52525b'],
};

const COLOR_WORDS: Record<string, string> = {
  black: '#1f2937',
  charcoal: '#374151',
  slate: '#475569',
  white: '#f8fafc',
  cream: '#f5ecd7',
  teal: '#14b8a6',
  orange: '#f97316',
  yellow: '#facc15',
  optic: '#d9f99d',
  neon: '#a3e635',
  red: '#ef4444',
  crimson: '#be123c',
  blue: '#3b82f6',
  royal: '#2563eb',
  navy: '#1e3a8a',
  green: '#22c55e',
  forest: '#166534',
  sage: '#9caf88',
  purple: '#a855f7',
  lavender: '#c4b5fd',
  heather: '#9ca3af',
  gray: '#9ca3af',
  coral: '#fb7185',
  volt: '#d9f99d',
};

/** "White/Blue" -> white; "Optic Yellow" -> optic yellow; unknown words fall back. */
export function colorOf(name: string | undefined, fallback: string): string {
  const first = name?.toLowerCase().split(/[\s/]+/)[0];
  return (first && COLOR_WORDS[first]) ?? fallback;
}

export function escapeXml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

/** Splits a name into at most two lines of roughly `width` characters. */
export function wrapWords(text: string, width: number): string[] {
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

const outline = 'stroke="#ffffff" stroke-opacity="0.85" stroke-width="6" stroke-linejoin="round"';
const shade = 'fill="#000000" fill-opacity="0.18"';

function paddle(color: string, accent: string): string {
  const grip = [0, 1, 2, 3, 4, 5].map(
    (i) => `<line x1="368" x2="432" y1="${432 + i * 20}" y2="${444 + i * 20}" stroke="#ffffff" stroke-opacity="0.35" stroke-width="4"/>`,
  );
  return `
    <ellipse cx="400" cy="560" rx="150" ry="18" ${shade}/>
    <rect x="362" y="392" width="76" height="160" rx="16" fill="#111827" ${outline}/>
    ${grip.join('')}
    <rect x="262" y="92" width="276" height="320" rx="118" fill="${color}" ${outline}/>
    <path d="M276 300 L524 180 L524 232 L282 350 Z" fill="${accent}" fill-opacity="0.85"/>
    <rect x="282" y="112" width="236" height="280" rx="104" fill="none" stroke="#ffffff" stroke-opacity="0.25" stroke-width="3"/>`;
}

function ball(color: string): string {
  const holes: string[] = [];
  for (const [radius, count] of [
    [0, 1],
    [62, 6],
    [120, 12],
  ] as const) {
    for (let i = 0; i < count; i += 1) {
      const angle = (i / count) * Math.PI * 2 + (radius === 120 ? 0.26 : 0);
      const x = 400 + radius * Math.cos(angle);
      const y = 320 + radius * Math.sin(angle) * 0.96;
      holes.push(`<circle cx="${x.toFixed(1)}" cy="${y.toFixed(1)}" r="${radius === 120 ? 15 : 17}" fill="#000000" fill-opacity="0.28"/>`);
    }
  }
  return `
    <ellipse cx="400" cy="540" rx="140" ry="20" ${shade}/>
    <circle cx="400" cy="320" r="180" fill="${color}" ${outline}/>
    ${holes.join('')}
    <ellipse cx="340" cy="230" rx="60" ry="34" fill="#ffffff" fill-opacity="0.35" transform="rotate(-30 340 230)"/>`;
}

function bag(color: string, accent: string): string {
  return `
    <ellipse cx="400" cy="560" rx="170" ry="18" ${shade}/>
    <path d="M340 150 Q340 96 400 96 Q460 96 460 150" fill="none" stroke="#111827" stroke-width="18" stroke-linecap="round"/>
    <rect x="240" y="140" width="320" height="410" rx="70" fill="${color}" ${outline}/>
    <rect x="290" y="330" width="220" height="170" rx="34" fill="${accent}" fill-opacity="0.9"/>
    <line x1="300" x2="500" y1="350" y2="350" stroke="#111827" stroke-width="6" stroke-dasharray="10 8"/>
    <path d="M250 210 Q400 250 550 210" fill="none" stroke="#111827" stroke-width="6" stroke-dasharray="10 8"/>
    <rect x="384" y="230" width="32" height="44" rx="8" fill="#e5e7eb"/>`;
}

function shoe(color: string, accent: string): string {
  const laces = [0, 1, 2, 3].map(
    (i) =>
      `<line x1="${392 + i * 30}" y1="${262 + i * 22}" x2="${428 + i * 30}" y2="${250 + i * 22}" stroke="#ffffff" stroke-width="8" stroke-linecap="round"/>`,
  );
  return `
    <ellipse cx="410" cy="510" rx="260" ry="22" ${shade}/>
    <path d="M160 450 L170 360 Q176 300 230 290 L330 270 Q356 264 372 236 L392 206 Q404 190 424 198 L520 280 Q540 296 574 304 L640 320 Q676 330 678 372 L680 450 Z" fill="${color}" ${outline}/>
    <path d="M190 380 Q300 360 420 400 Q520 430 660 400" fill="none" stroke="${accent}" stroke-width="22" stroke-linecap="round"/>
    ${laces.join('')}
    <rect x="148" y="440" width="548" height="52" rx="24" fill="#f8fafc" ${outline}/>
    <line x1="170" x2="676" y1="468" y2="468" stroke="${accent}" stroke-width="6"/>`;
}

function apparel(color: string, accent: string): string {
  return `
    <ellipse cx="400" cy="580" rx="170" ry="16" ${shade}/>
    <path d="M308 126 L356 110 Q400 152 444 110 L492 126 L622 212 L570 300 L512 264 L512 560 L288 560 L288 264 L230 300 L178 212 Z" fill="${color}" ${outline}/>
    <path d="M356 110 Q400 152 444 110" fill="none" stroke="${accent}" stroke-width="10"/>
    <path d="M288 420 L512 420" stroke="${accent}" stroke-width="16"/>
    <circle cx="458" cy="200" r="18" fill="${accent}"/>`;
}

function net(color: string): string {
  const verticals: string[] = [];
  for (let x = 190; x < 620; x += 24) verticals.push(`<line x1="${x}" x2="${x}" y1="236" y2="420" stroke="${color}" stroke-width="3"/>`);
  const horizontals: string[] = [];
  for (let y = 260; y <= 420; y += 24) horizontals.push(`<line x1="172" x2="628" y1="${y}" y2="${y}" stroke="${color}" stroke-width="3"/>`);
  return `
    <rect x="80" y="540" width="640" height="8" fill="#ffffff" fill-opacity="0.7"/>
    <ellipse cx="400" cy="544" rx="290" ry="14" ${shade}/>
    <g opacity="0.95">${verticals.join('')}${horizontals.join('')}</g>
    <rect x="168" y="218" width="464" height="24" rx="4" fill="#f8fafc"/>
    <rect x="146" y="200" width="22" height="344" rx="8" fill="#111827" ${outline}/>
    <rect x="632" y="200" width="22" height="344" rx="8" fill="#111827" ${outline}/>
    <rect x="120" y="530" width="74" height="16" rx="6" fill="#111827"/>
    <rect x="606" y="530" width="74" height="16" rx="6" fill="#111827"/>`;
}

function accessory(color: string, accent: string): string {
  return `
    <ellipse cx="400" cy="540" rx="160" ry="18" ${shade}/>
    <circle cx="400" cy="320" r="180" fill="${color}" ${outline}/>
    <circle cx="400" cy="320" r="132" fill="none" stroke="#ffffff" stroke-opacity="0.35" stroke-width="6"/>
    <circle cx="400" cy="320" r="96" fill="none" stroke="#000000" stroke-opacity="0.2" stroke-width="6"/>
    <circle cx="400" cy="320" r="64" fill="${accent}" ${outline}/>
    <path d="M400 140 A180 180 0 0 1 580 320" fill="none" stroke="${accent}" stroke-width="16" stroke-linecap="round"/>`;
}

function drawing(product: DemoProduct, accent: string): string {
  const color = product.tint ?? colorOf(product.color, accent);
  switch (product.category) {
    case 'paddle':
      return paddle(color, accent);
    case 'ball':
      return ball(color);
    case 'bag':
      return bag(color, accent);
    case 'shoes':
      return shoe(color, accent);
    case 'apparel':
      return apparel(color, accent);
    case 'net':
      return net(color === '#1f2937' ? '#e5e7eb' : color);
    case 'accessory':
      return accessory(color, accent);
  }
}

function caption(title: string, subtitle: string): string {
  const lines = wrapWords(title, 24);
  const titleSize = lines.length > 1 ? 46 : 52;
  const top = lines.length > 1 ? 648 : 676;
  const text = lines
    .map(
      (line, i) =>
        `<text x="400" y="${top + i * 54}" font-size="${titleSize}" font-weight="700" fill="#ffffff" text-anchor="middle" font-family="${FONT}">${escapeXml(line)}</text>`,
    )
    .join('');
  return `
    <rect x="0" y="600" width="${SIZE}" height="200" fill="#000000" fill-opacity="0.35"/>
    <text x="400" y="${top - 62}" font-size="24" letter-spacing="4" fill="#ffffff" fill-opacity="0.8" text-anchor="middle" font-family="${FONT}">${escapeXml(subtitle.toUpperCase())}</text>
    ${text}`;
}

function courtLines(): string {
  return `
    <g stroke="#ffffff" stroke-opacity="0.08" stroke-width="8" fill="none">
      <rect x="40" y="40" width="720" height="720"/>
      <line x1="40" x2="760" y1="400" y2="400"/>
      <line x1="400" x2="400" y1="40" y2="760"/>
    </g>`;
}

function svgDocument(background: [string, string], body: string): Buffer {
  return Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="${SIZE}" height="${SIZE}" viewBox="0 0 ${SIZE} ${SIZE}">
  <defs><linearGradient id="bg" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${background[0]}"/><stop offset="1" stop-color="${background[1]}"/></linearGradient></defs>
  <rect width="${SIZE}" height="${SIZE}" fill="url(#bg)"/>
  ${body}
</svg>`);
}

/** An 800 px square picture of the product: its category drawn in its colour, and its name. */
export function productImageSvg(product: DemoProduct, brandAccent: string): Buffer {
  return svgDocument(
    BACKGROUNDS[product.category],
    `${courtLines()}<g transform="translate(0 -24)">${drawing(product, brandAccent)}</g>${caption(product.name, product.brand)}`,
  );
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
