import { contactShadow, round, shadeOf, studioSvg, type StudioShot } from './studio.ts';

// A gift card lying on the studio sweep, slightly turned, as a shop photographs its printed cards:
// a coloured card with a court's lines, a ball as its emblem and the amount it is worth (the amount
// is printed on a real card, so it is drawn; the product's name is not, like every demo picture).

export interface GiftCardPicture {
  kind: 'gift-card';
  color: string;
  accent: string;
  /** what is printed in the corner: "$50" */
  amount: string;
}

const FONT = "'DejaVu Sans', 'Liberation Sans', Arial, sans-serif";
const CARD = { x: 150, y: 240, width: 500, height: 316, radius: 26 };

/** The emblem: a ball's disc with its holes, flat like print. */
function printedBall(cx: number, cy: number, r: number, color: string): string {
  const holes: string[] = [];
  for (const [ring, count] of [
    [0.62, 10],
    [0.27, 4],
  ] as const) {
    for (let i = 0; i < count; i++) {
      const angle = (i / count) * Math.PI * 2 + ring;
      holes.push(
        `<circle cx="${round(cx + ring * r * Math.cos(angle))}" cy="${round(cy + ring * r * Math.sin(angle))}" r="${round(r * 0.1)}" fill="${shadeOf(color, -0.45)}"/>`,
      );
    }
  }
  return `<circle cx="${cx}" cy="${cy}" r="${r}" fill="${color}"/>${holes.join('')}`;
}

export async function giftCardSvg(p: GiftCardPicture): Promise<StudioShot> {
  const { x, y, width, height, radius } = CARD;
  const right = x + width;
  const bottom = y + height;
  // a court seen from above: the net across the middle, the kitchen lines either side of it
  const mid = x + width / 2;
  const kitchen = width * 0.13;
  const line = `stroke="#fff" stroke-opacity="0.22" stroke-width="4" fill="none"`;
  const defs = `
    <linearGradient id="cardFace" x1="0" y1="0" x2="1" y2="1">
      <stop offset="0" stop-color="${shadeOf(p.color, 0.18)}"/><stop offset="0.6" stop-color="${p.color}"/><stop offset="1" stop-color="${shadeOf(p.color, -0.25)}"/>
    </linearGradient>
    <linearGradient id="cardSheen" x1="0" y1="0" x2="0.6" y2="1">
      <stop offset="0" stop-color="#fff" stop-opacity="0.28"/><stop offset="0.45" stop-color="#fff" stop-opacity="0"/>
    </linearGradient>
    <clipPath id="cardClip"><rect x="${x}" y="${y}" width="${width}" height="${height}" rx="${radius}"/></clipPath>`;
  const body = `${contactShadow(410, 585, 300, 40, 0.45)}
    <g transform="rotate(-7 400 400)">
      <rect x="${x + 6}" y="${y + 10}" width="${width}" height="${height}" rx="${radius}" fill="#1c1917" fill-opacity="0.18"/>
      <rect x="${x}" y="${y}" width="${width}" height="${height}" rx="${radius}" fill="url(#cardFace)"/>
      <g clip-path="url(#cardClip)">
        <rect x="${x + 40}" y="${y + 40}" width="${width - 80}" height="${height - 80}" ${line}/>
        <line x1="${mid}" y1="${y + 30}" x2="${mid}" y2="${bottom - 30}" stroke="#fff" stroke-opacity="0.4" stroke-width="7"/>
        <line x1="${mid - kitchen}" y1="${y + 40}" x2="${mid - kitchen}" y2="${bottom - 40}" ${line}/>
        <line x1="${mid + kitchen}" y1="${y + 40}" x2="${mid + kitchen}" y2="${bottom - 40}" ${line}/>
        <line x1="${x + 40}" y1="${y + height / 2}" x2="${mid - kitchen}" y2="${y + height / 2}" ${line}/>
        <line x1="${mid + kitchen}" y1="${y + height / 2}" x2="${right - 40}" y2="${y + height / 2}" ${line}/>
        <rect x="${x}" y="${y}" width="18" height="${height}" fill="${p.accent}"/>
        <rect x="${x}" y="${y}" width="${width}" height="${height}" fill="url(#cardSheen)"/>
      </g>
      ${printedBall(x + 96, y + 92, 44, p.accent)}
      <text x="${right - 34}" y="${bottom - 34}" font-size="88" font-weight="700" fill="#000" fill-opacity="0.25" text-anchor="end" font-family="${FONT}">${p.amount}</text>
      <text x="${right - 38}" y="${bottom - 38}" font-size="88" font-weight="700" fill="#fff" text-anchor="end" font-family="${FONT}">${p.amount}</text>
      <rect x="${x}" y="${y}" width="${width}" height="${height}" rx="${radius}" fill="none" stroke="#fff" stroke-opacity="0.35" stroke-width="2"/>
    </g>`;
  return studioSvg({ defs, body });
}
