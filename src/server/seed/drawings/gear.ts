import { contactShadow, shadeOf, studioSvg, type StudioShot } from './studio.ts';
import { texturePattern, textureTile } from './textures.ts';

// Bags, nets, apparel and small accessories, in the same studio and light as the paddles.

export interface BagPicture {
  kind: 'bag';
  style: 'backpack' | 'sling' | 'duffel' | 'cover';
  color: string;
  accent: string;
}
export interface NetPicture {
  kind: 'net';
  /** a portable frame, or only the net rolled out */
  style: 'system' | 'net';
}
export interface ApparelPicture {
  kind: 'apparel';
  garment: 'tee' | 'polo' | 'pullover' | 'skort' | 'shorts' | 'visor' | 'socks';
  color: string;
  accent: string;
}
export interface AccessoryPicture {
  kind: 'accessory';
  item: 'overgrip' | 'tape' | 'lead' | 'retriever' | 'wristband' | 'scoreboard';
  color: string;
  accent: string;
}

const lit = (id: string, color: string, vertical = false) =>
  `<linearGradient id="${id}" x1="0" y1="0" x2="${vertical ? 0 : 1}" y2="${vertical ? 1 : 0.6}"><stop offset="0" stop-color="${shadeOf(color, 0.25)}"/><stop offset="0.55" stop-color="${color}"/><stop offset="1" stop-color="${shadeOf(color, -0.35)}"/></linearGradient>`;
const zip = (d: string) =>
  `<path d="${d}" fill="none" stroke="#111" stroke-width="7" stroke-linecap="round"/><path d="${d}" fill="none" stroke="#a8a29e" stroke-width="3" stroke-dasharray="2 3"/>`;

export async function bagSvg(p: BagPicture): Promise<StudioShot> {
  const fabric = await textureTile('knit', p.color);
  const defs = `${texturePattern('fabric', fabric)}${lit('bagLight', '#808080')}
    <linearGradient id="bagShade" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#fff" stop-opacity="0.25"/><stop offset="0.5" stop-color="#fff" stop-opacity="0"/><stop offset="1" stop-color="#000" stop-opacity="0.35"/></linearGradient>
    ${lit('accentLit', p.accent)}`;
  const shapes: Record<BagPicture['style'], string> = {
    backpack: `${contactShadow(400, 680, 220, 26, 0.5)}
      <path d="M 330 150 Q 330 96 400 96 Q 470 96 470 150" fill="none" stroke="#1c1917" stroke-width="20" stroke-linecap="round"/>
      <path d="M 250 190 Q 250 130 330 126 L 470 126 Q 550 130 550 190 L 566 640 Q 566 672 530 674 L 270 674 Q 234 672 234 640 Z" fill="url(#fabric)"/>
      <path d="M 276 380 Q 276 350 306 350 L 494 350 Q 524 350 524 380 L 530 610 Q 530 636 504 636 L 296 636 Q 270 636 270 610 Z" fill="url(#accentLit)"/>
      ${zip('M 268 230 Q 400 262 532 230')}${zip('M 292 372 L 508 372')}
      <rect x="380" y="252" width="40" height="54" rx="9" fill="#e7e5e4"/><rect x="388" y="262" width="24" height="6" rx="3" fill="#57534e"/>
      <path d="M 250 190 Q 250 130 330 126 L 470 126 Q 550 130 550 190 L 566 640 Q 566 672 530 674 L 270 674 Q 234 672 234 640 Z" fill="url(#bagShade)"/>`,
    sling: `${contactShadow(400, 610, 230, 24, 0.5)}
      <path d="M 220 420 Q 300 110 560 170" fill="none" stroke="#1c1917" stroke-width="22" stroke-linecap="round"/>
      <path d="M 210 420 Q 200 330 300 300 L 520 250 Q 620 240 620 340 L 610 520 Q 600 590 520 596 L 290 600 Q 210 596 210 520 Z" fill="url(#fabric)"/>
      <path d="M 260 470 Q 400 420 580 430 L 576 530 Q 420 540 266 560 Z" fill="url(#accentLit)"/>
      ${zip('M 232 350 Q 420 290 600 300')}
      <path d="M 210 420 Q 200 330 300 300 L 520 250 Q 620 240 620 340 L 610 520 Q 600 590 520 596 L 290 600 Q 210 596 210 520 Z" fill="url(#bagShade)"/>`,
    duffel: `${contactShadow(400, 620, 320, 30, 0.5)}
      <path d="M 300 290 Q 400 150 500 290" fill="none" stroke="#1c1917" stroke-width="20" stroke-linecap="round"/>
      <path d="M 110 420 Q 110 290 240 284 L 560 284 Q 690 290 690 420 Q 690 600 560 604 L 240 604 Q 110 600 110 420 Z" fill="url(#fabric)"/>
      <ellipse cx="150" cy="444" rx="38" ry="150" fill="url(#accentLit)"/><ellipse cx="650" cy="444" rx="38" ry="150" fill="url(#accentLit)"/>
      ${zip('M 200 300 L 600 300')}
      <rect x="290" y="420" width="220" height="110" rx="20" fill="url(#accentLit)" opacity="0.95"/>${zip('M 310 440 L 490 440')}
      <path d="M 110 420 Q 110 290 240 284 L 560 284 Q 690 290 690 420 Q 690 600 560 604 L 240 604 Q 110 600 110 420 Z" fill="url(#bagShade)"/>`,
    cover: `${contactShadow(420, 660, 200, 24, 0.5)}
      <g transform="rotate(-10 400 400)">
        <path d="M 270 220 Q 270 130 360 130 L 440 130 Q 530 130 530 220 L 530 520 Q 530 560 490 566 L 430 570 L 430 660 L 370 660 L 370 570 L 310 566 Q 270 560 270 520 Z" fill="url(#fabric)"/>
        <path d="M 270 440 L 530 400 L 530 470 L 270 510 Z" fill="url(#accentLit)"/>
        ${zip('M 290 160 Q 400 110 510 160')}
        <path d="M 270 220 Q 270 130 360 130 L 440 130 Q 530 130 530 220 L 530 520 Q 530 560 490 566 L 310 566 Q 270 560 270 520 Z" fill="url(#bagShade)"/>
      </g>`,
  };
  return studioSvg({ defs, body: shapes[p.style] });
}

export async function netSvg(p: NetPicture): Promise<StudioShot> {
  // seen from the side of the court, the net running away to the right
  const left = { x: 120, top: 250, bottom: 560 };
  const right = { x: 700, top: 300, bottom: 520 };
  const at = (t: number) => ({
    x: left.x + (right.x - left.x) * t,
    top: left.top + (right.top - left.top) * t + Math.sin(t * Math.PI) * 14,
    bottom: left.bottom + (right.bottom - left.bottom) * t,
  });
  const lines: string[] = [];
  for (let i = 1; i < 40; i++) {
    const c = at(i / 40);
    lines.push(`<line x1="${c.x.toFixed(1)}" y1="${(c.top + 16).toFixed(1)}" x2="${c.x.toFixed(1)}" y2="${(c.bottom - 100).toFixed(1)}"/>`);
  }
  for (let j = 0; j < 9; j++) {
    const f = (j + 1) / 10;
    const y0 = left.top + 16 + (left.bottom - 100 - left.top - 16) * f;
    const y1 = right.top + 16 + (right.bottom - 100 - right.top - 16) * f;
    lines.push(`<path d="M ${left.x} ${y0.toFixed(1)} Q 410 ${((y0 + y1) / 2 + 14 * (1 - f)).toFixed(1)} ${right.x} ${y1.toFixed(1)}"/>`);
  }
  const post = (x: number, top: number, bottom: number, w: number) =>
    `<rect x="${x - w / 2}" y="${top - 10}" width="${w}" height="${bottom - top + 10}" rx="${w / 2}" fill="url(#post)"/><rect x="${x - w * 2}" y="${bottom - 6}" width="${w * 4}" height="${w * 0.9}" rx="6" fill="url(#post)"/>`;
  const defs = `${lit('post', '#27272a')}
    <linearGradient id="court" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#3b6fa0"/><stop offset="1" stop-color="#24507a"/></linearGradient>
    <linearGradient id="band" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#ffffff"/><stop offset="1" stop-color="#d6d3d1"/></linearGradient>`;
  const frame =
    p.style === 'system'
      ? `${post(left.x, left.top, left.bottom, 20)}${post(right.x, right.top, right.bottom, 14)}
      <path d="M ${left.x} ${left.bottom - 2} L ${right.x} ${right.bottom - 2}" stroke="#27272a" stroke-width="10"/>
      <path d="M ${at(0.5).x} ${at(0.5).bottom - 90} L ${at(0.5).x} ${at(0.5).bottom}" stroke="#27272a" stroke-width="8"/>`
      : '';
  return studioSvg({
    backdrop: 'cool',
    defs,
    body: `<path d="M 0 470 L 800 420 L 800 800 L 0 800 Z" fill="url(#court)"/>
      <path d="M 0 640 L 800 560" stroke="#fff" stroke-width="8" stroke-opacity="0.85"/>
      ${contactShadow(410, 560, 330, 20, 0.4)}
      ${frame}
      <g stroke="#111" stroke-width="2" fill="none" opacity="0.85">${lines.join('')}</g>
      <path d="M ${left.x} ${left.top + 6} Q 410 ${left.top + 30} ${right.x} ${right.top + 6}" stroke="url(#band)" stroke-width="20" fill="none"/>
      <path d="M ${left.x} ${left.bottom - 100} Q 410 ${left.bottom - 84} ${right.x} ${right.bottom - 100}" stroke="#111" stroke-width="6" fill="none"/>`,
  });
}

export async function apparelSvg(p: ApparelPicture): Promise<StudioShot> {
  const fabric = await textureTile('knit', p.color);
  const defs = `${texturePattern('fabric', fabric)}
    <linearGradient id="folds" x1="0" y1="0" x2="1" y2="0.3">
      <stop offset="0" stop-color="#000" stop-opacity="0.22"/><stop offset="0.3" stop-color="#fff" stop-opacity="0.14"/><stop offset="0.55" stop-color="#000" stop-opacity="0.06"/>
      <stop offset="0.75" stop-color="#fff" stop-opacity="0.1"/><stop offset="1" stop-color="#000" stop-opacity="0.28"/>
    </linearGradient>`;
  const top = 'M 300 140 L 352 122 Q 400 160 448 122 L 500 140 L 636 226 L 590 318 L 520 282 L 524 640 Q 400 660 276 640 L 280 282 L 210 318 L 164 226 Z';
  const longSleeves =
    'M 300 140 L 352 122 Q 400 160 448 122 L 500 140 L 600 210 L 680 520 L 610 540 L 524 330 L 524 640 Q 400 660 276 640 L 276 330 L 190 540 L 120 520 L 200 210 Z';
  const garments: Record<ApparelPicture['garment'], string> = {
    tee: `<path d="${top}" fill="url(#fabric)"/><path d="M 352 122 Q 400 160 448 122" fill="none" stroke="${shadeOf(p.color, -0.25)}" stroke-width="12"/><path d="${top}" fill="url(#folds)"/>`,
    polo: `<path d="${top}" fill="url(#fabric)"/><path d="M 352 122 L 400 200 L 448 122 L 420 116 L 400 150 L 380 116 Z" fill="${shadeOf(p.color, -0.15)}"/>
      <path d="M 400 150 L 400 260" stroke="${shadeOf(p.color, -0.3)}" stroke-width="4"/>${[180, 220].map((y) => `<circle cx="408" cy="${y}" r="5" fill="#f5f5f4"/>`).join('')}
      <path d="M 210 318 L 280 282 M 590 318 L 520 282" stroke="${p.accent}" stroke-width="8"/><path d="${top}" fill="url(#folds)"/>`,
    pullover: `<path d="${longSleeves}" fill="url(#fabric)"/><path d="M 352 122 Q 400 160 448 122 L 448 100 Q 400 120 352 100 Z" fill="${shadeOf(p.color, -0.2)}"/>
      <path d="M 400 140 L 400 260" stroke="#d6d3d1" stroke-width="6"/><rect x="394" y="254" width="12" height="22" rx="3" fill="#a8a29e"/><path d="${longSleeves}" fill="url(#folds)"/>`,
    skort: `<path d="M 270 180 L 530 180 L 610 600 Q 400 640 190 600 Z" fill="url(#fabric)"/><rect x="270" y="160" width="260" height="40" rx="6" fill="${shadeOf(p.color, -0.12)}"/>
      ${[0, 1, 2, 3, 4, 5].map((i) => `<path d="M ${300 + i * 40} 200 L ${250 + i * 60} 610" stroke="#000" stroke-opacity="0.12" stroke-width="4"/>`).join('')}<path d="M 270 180 L 530 180 L 610 600 Q 400 640 190 600 Z" fill="url(#folds)"/>`,
    shorts: `<path d="M 250 170 L 550 170 L 600 560 L 420 580 L 400 330 L 380 580 L 200 560 Z" fill="url(#fabric)"/><rect x="250" y="160" width="300" height="40" rx="6" fill="${shadeOf(p.color, -0.15)}"/>
      <path d="M 230 530 L 380 548 M 570 530 L 420 548" stroke="${p.accent}" stroke-width="8"/><path d="M 250 170 L 550 170 L 600 560 L 420 580 L 400 330 L 380 580 L 200 560 Z" fill="url(#folds)"/>`,
    visor: `<g transform="translate(0 80)"><path d="M 170 380 Q 400 180 630 380 L 600 400 Q 400 250 200 400 Z" fill="url(#fabric)"/><path d="M 200 400 Q 400 250 600 400 Q 520 520 400 530 Q 280 520 200 400 Z" fill="url(#fabric)"/>
      <path d="M 200 400 Q 400 250 600 400 Q 520 520 400 530 Q 280 520 200 400 Z" fill="url(#folds)"/><path d="M 190 392 Q 400 220 610 392" fill="none" stroke="${p.accent}" stroke-width="10"/></g>`,
    socks: [0, 1, 2]
      .map(
        (
          i,
        ) => `<g transform="translate(${i * 150 - 150} ${i * 20}) rotate(${i * 6 - 6} 400 400)"><path d="M 360 160 L 460 160 L 460 480 Q 470 560 540 580 Q 590 600 570 640 L 420 640 Q 360 630 360 560 Z" fill="url(#fabric)"/>
        <rect x="360" y="160" width="100" height="50" fill="${shadeOf(p.color, -0.1)}"/><path d="M 360 230 L 460 230" stroke="${p.accent}" stroke-width="10"/><path d="M 360 160 L 460 160 L 460 480 Q 470 560 540 580 Q 590 600 570 640 L 420 640 Q 360 630 360 560 Z" fill="url(#folds)"/></g>`,
      )
      .join(''),
  };
  return studioSvg({ defs, body: `${contactShadow(400, 690, 240, 24, 0.35)}${garments[p.garment]}` });
}

export async function accessorySvg(p: AccessoryPicture): Promise<StudioShot> {
  const defs = `${lit('itemLit', p.color)}${lit('accentLit', p.accent)}${lit('tube', p.color)}
    <radialGradient id="rollTop" cx="0.45" cy="0.4"><stop offset="0" stop-color="${shadeOf(p.color, 0.3)}"/><stop offset="1" stop-color="${shadeOf(p.color, -0.2)}"/></radialGradient>`;
  const roll = (cx: number, cy: number, r: number, h: number) =>
    `<rect x="${cx - r}" y="${cy}" width="${r * 2}" height="${h}" fill="url(#tube)"/><ellipse cx="${cx}" cy="${cy + h}" rx="${r}" ry="${r * 0.35}" fill="url(#tube)"/>
     <ellipse cx="${cx}" cy="${cy}" rx="${r}" ry="${r * 0.35}" fill="url(#rollTop)"/><ellipse cx="${cx}" cy="${cy}" rx="${r * 0.35}" ry="${r * 0.12}" fill="#1c1917" fill-opacity="0.6"/>`;
  const items: Record<AccessoryPicture['item'], string> = {
    overgrip: `${contactShadow(400, 620, 280, 26, 0.45)}${roll(250, 330, 80, 250)}${roll(400, 300, 80, 280)}${roll(550, 330, 80, 250)}`,
    tape: `${contactShadow(400, 600, 220, 28, 0.45)}<ellipse cx="400" cy="480" rx="200" ry="80" fill="url(#itemLit)"/><rect x="200" y="400" width="400" height="80" fill="url(#itemLit)"/>
      <ellipse cx="400" cy="400" rx="200" ry="80" fill="url(#rollTop)"/><ellipse cx="400" cy="400" rx="110" ry="44" fill="#e7e5e4"/><ellipse cx="400" cy="404" rx="104" ry="40" fill="#a8a29e" fill-opacity="0.5"/>`,
    lead: `${contactShadow(400, 600, 260, 24, 0.4)}${[0, 1, 2, 3, 4]
      .map(
        (i) => `<rect x="${220 + i * 14}" y="${220 + i * 70}" width="${360 - i * 10}" height="40" rx="4" fill="url(#itemLit)" transform="rotate(-8 400 400)"/>`,
      )
      .join('')}`,
    retriever: `${contactShadow(420, 680, 160, 18, 0.45)}<g transform="rotate(-18 400 400)"><rect x="370" y="100" width="60" height="520" rx="18" fill="url(#tube)"/>
      <rect x="364" y="600" width="72" height="40" rx="12" fill="url(#accentLit)"/><rect x="364" y="90" width="72" height="30" rx="12" fill="url(#accentLit)"/>
      ${[0, 1, 2, 3, 4, 5].map((i) => `<circle cx="400" cy="${160 + i * 72}" r="26" fill="#d9f03c" fill-opacity="0.75"/>`).join('')}</g>`,
    wristband: `${contactShadow(400, 600, 260, 24, 0.4)}${[260, 540]
      .map(
        (cx) =>
          `<ellipse cx="${cx}" cy="460" rx="120" ry="60" fill="url(#itemLit)"/><rect x="${cx - 120}" y="360" width="240" height="100" fill="url(#itemLit)"/><ellipse cx="${cx}" cy="360" rx="120" ry="60" fill="url(#itemLit)"/><ellipse cx="${cx}" cy="360" rx="96" ry="44" fill="${shadeOf(p.color, -0.4)}"/>`,
      )
      .join('')}`,
    scoreboard: `${contactShadow(400, 640, 260, 24, 0.45)}<rect x="160" y="220" width="480" height="380" rx="20" fill="url(#itemLit)"/>
      ${[0, 1, 2].map((i) => `<rect x="${200 + i * 150}" y="300" width="110" height="200" rx="10" fill="#fafaf9"/><path d="M ${200 + i * 150} 400 L ${310 + i * 150} 400" stroke="#a8a29e" stroke-width="3"/>`).join('')}
      ${[0, 1, 2, 3].map((i) => `<circle cx="${250 + i * 100}" cy="250" r="10" fill="#e7e5e4"/>`).join('')}<rect x="160" y="540" width="480" height="60" rx="20" fill="url(#accentLit)"/>`,
  };
  return studioSvg({ defs, body: items[p.item] });
}
