import { contactShadow, round, shadeOf, studioSvg, type StudioShot } from './studio.ts';
import { texturePattern, textureTile } from './textures.ts';

// A paddle drawn to its published measurements (length, width, handle length, core thickness),
// so an elongated paddle looks longer and narrower than a widebody. Three shots per paddle: the
// face, a three-quarter view showing the edge and core, and a close-up of the face's texture.

export type PaddleFace = 'carbon' | 'fiberglass' | 'graphite' | 'kevlar';
type PaddleView = 'face' | 'edge' | 'detail';

export interface PaddlePicture {
  kind: 'paddle';
  view: PaddleView;
  /** inches, as published */
  length: number;
  width: number;
  handle: number;
  thicknessMm: number;
  face: PaddleFace;
  /** the face's print colour (brand or variant colour) */
  accent: string;
  /** base colour of a fiberglass/graphite face; carbon and kevlar have their own */
  base?: string;
  grip: string;
  /** swoosh, stripes or a block: paddles of one brand look related */
  graphic: 'swoosh' | 'stripes' | 'block';
}

const PX_PER_IN = 36;

const FACE_BASE: Record<PaddleFace, string> = {
  carbon: '#26282c',
  graphite: '#3a3d42',
  kevlar: '#b89a4a',
  fiberglass: '#e8e6e1',
};

/** The face outline, centred on x = 0, top at y = 0; answers the path and where the throat ends. */
function outline(p: PaddlePicture): { face: string; faceHeight: number; halfWidth: number } {
  const w = (p.width * PX_PER_IN) / 2;
  const h = (p.length - p.handle) * PX_PER_IN;
  // elongated faces have tighter top corners than wide ones
  const top = w * (p.width >= 7.9 ? 0.62 : 0.5);
  const bottom = w * 0.32;
  const throat = 0.36 * PX_PER_IN;
  const face = [
    `M ${-w} ${top}`,
    `Q ${-w} 0 ${-w + top} 0`,
    `L ${w - top} 0`,
    `Q ${w} 0 ${w} ${top}`,
    `L ${w} ${h - bottom}`,
    `Q ${w} ${h} ${w - bottom} ${h}`,
    `L ${throat * 2.2} ${h}`,
    `Q ${throat} ${h} ${throat} ${h + throat}`,
    `L ${-throat} ${h + throat}`,
    `Q ${-throat} ${h} ${-throat * 2.2} ${h}`,
    `L ${-w + bottom} ${h}`,
    `Q ${-w} ${h} ${-w} ${h - bottom}`,
    'Z',
  ]
    .map((part) => part.replace(/-?\d+\.\d+/g, (n) => String(round(Number(n)))))
    .join(' ');
  return { face, faceHeight: h, halfWidth: w };
}

async function defs(p: PaddlePicture): Promise<string> {
  const base = p.base ?? FACE_BASE[p.face];
  // raw carbon and kevlar are woven; fiberglass and graphite show a finer grain
  const woven = p.face === 'carbon' || p.face === 'kevlar';
  const face = await textureTile(woven ? 'twill' : 'grain', base);
  return `${texturePattern('weave', face)}
    <linearGradient id="sheen" x1="0" y1="0" x2="1" y2="1">
      <stop offset="0" stop-color="#fff" stop-opacity="0.30"/><stop offset="0.45" stop-color="#fff" stop-opacity="0.04"/>
      <stop offset="0.7" stop-color="#000" stop-opacity="0.05"/><stop offset="1" stop-color="#000" stop-opacity="0.28"/>
    </linearGradient>
    <linearGradient id="edge" x1="0" y1="0" x2="1" y2="0">
      <stop offset="0" stop-color="#0b0c0e"/><stop offset="0.5" stop-color="#3b3f46"/><stop offset="1" stop-color="#0b0c0e"/>
    </linearGradient>
    <linearGradient id="wrap" x1="0" y1="0" x2="1" y2="0">
      <stop offset="0" stop-color="#000" stop-opacity="0.45"/><stop offset="0.35" stop-color="#fff" stop-opacity="0.18"/>
      <stop offset="0.6" stop-color="#000" stop-opacity="0"/><stop offset="1" stop-color="#000" stop-opacity="0.5"/>
    </linearGradient>
    <radialGradient id="drop"><stop offset="0.5" stop-color="#1c1917" stop-opacity="0.55"/><stop offset="1" stop-color="#1c1917" stop-opacity="0"/></radialGradient>`;
}

function graphic(p: PaddlePicture, w: number, h: number): string {
  const a = p.accent;
  switch (p.graphic) {
    case 'swoosh':
      return `<path d="M ${-w} ${h * 0.72} C ${-w * 0.2} ${h * 0.55} ${w * 0.4} ${h * 0.62} ${w} ${h * 0.3} L ${w} ${h * 0.42} C ${w * 0.3} ${h * 0.74} ${-w * 0.3} ${h * 0.7} ${-w} ${h * 0.86} Z" fill="${a}" fill-opacity="0.92"/>
        <path d="M ${-w} ${h * 0.9} C ${-w * 0.1} ${h * 0.76} ${w * 0.5} ${h * 0.8} ${w} ${h * 0.5}" fill="none" stroke="${a}" stroke-width="5" stroke-opacity="0.7"/>`;
    case 'stripes':
      return [0, 1, 2]
        .map((i) => `<rect x="${-w + 18 + i * 22}" y="-10" width="${12 - i * 3}" height="${h + 20}" fill="${a}" fill-opacity="${0.95 - i * 0.2}"/>`)
        .join('');
    case 'block':
      return `<rect x="${-w}" y="${h * 0.64}" width="${w * 2}" height="${h * 0.36}" fill="${a}" fill-opacity="0.9"/>
        <rect x="${-w}" y="${h * 0.6}" width="${w * 2}" height="6" fill="${a}" fill-opacity="0.6"/>`;
  }
}

/** The grip's overlapping wrap: a dark seam and a light ridge every turn, slanting up the handle. */
function wrapLines(half: number, top: number, length: number, color: string): string {
  const turns: string[] = [];
  for (let y = top; y < top + length + 24; y += 17) {
    turns.push(`<path d="M ${-half} ${y + 10} L ${half} ${y - 6}" stroke="${shadeOf(color, -0.5)}" stroke-width="2.5"/>`);
    turns.push(`<path d="M ${-half} ${y + 13} L ${half} ${y - 3}" stroke="#fff" stroke-opacity="0.14" stroke-width="3"/>`);
  }
  return turns.join('');
}

/** The paddle, top of the face at y = 0, centred on x = 0. */
function paddleBody(p: PaddlePicture): { body: string; height: number } {
  const { face, faceHeight: h, halfWidth: w } = outline(p);
  const gripTop = h + 0.36 * PX_PER_IN;
  const gripLength = p.handle * PX_PER_IN - 0.36 * PX_PER_IN;
  const gripHalf = 0.68 * PX_PER_IN;
  const body = `
    <clipPath id="faceClip"><path d="${face}"/></clipPath>
    <clipPath id="gripClip"><rect x="${-gripHalf}" y="${h - 4}" width="${gripHalf * 2}" height="${gripLength + 8}" rx="10"/></clipPath>
    <rect x="${-gripHalf}" y="${h - 4}" width="${gripHalf * 2}" height="${gripLength + 8}" rx="10" fill="${p.grip}"/>
    <g clip-path="url(#gripClip)">${wrapLines(gripHalf, h, gripLength, p.grip)}</g>
    <rect x="${-gripHalf}" y="${h - 4}" width="${gripHalf * 2}" height="${gripLength + 8}" rx="10" fill="url(#wrap)"/>
    <rect x="${-gripHalf - 4}" y="${gripTop + gripLength - 6}" width="${gripHalf * 2 + 8}" height="22" rx="9" fill="#15171a"/>
    <rect x="${-gripHalf - 4}" y="${gripTop + gripLength - 6}" width="${gripHalf * 2 + 8}" height="22" rx="9" fill="url(#wrap)"/>
    <rect x="${-gripHalf + 4}" y="${gripTop + gripLength}" width="${gripHalf * 2 - 8}" height="4" rx="2" fill="${p.accent}"/>
    <g clip-path="url(#faceClip)">
      <rect x="${-w}" y="0" width="${w * 2}" height="${h + 20}" fill="url(#weave)"/>
      ${graphic(p, w, h)}
      <rect x="${-w}" y="0" width="${w * 2}" height="${h + 20}" fill="url(#sheen)"/>
    </g>
    <path d="${face}" fill="none" stroke="url(#edge)" stroke-width="13" stroke-linejoin="round"/>
    <path d="${face}" fill="none" stroke="#fff" stroke-opacity="0.22" stroke-width="2" transform="translate(-1.5 -1.5)"/>`;
  return { body, height: gripTop + gripLength + 16 };
}

async function faceShot(p: PaddlePicture): Promise<StudioShot> {
  const { body, height } = paddleBody(p);
  const scale = Math.min(1, 640 / height);
  const top = (800 - height * scale) / 2 - 10;
  return studioSvg({
    defs: await defs(p),
    body: `${contactShadow(430, 720, 150, 16, 0.45)}
      <g transform="translate(412 ${round(top)}) rotate(-14 0 ${round(height / 2)}) scale(${round(scale * 100) / 100})">
        <ellipse cx="26" cy="${round(height * 0.42)}" rx="${round(p.width * 26)}" ry="${round(height * 0.52)}" fill="url(#drop)" opacity="0.4"/>
        ${body}
      </g>`,
  });
}

/** Three-quarter view: the face turned away, its edge guard and core thickness showing. */
async function edgeShot(p: PaddlePicture): Promise<StudioShot> {
  const { body, height } = paddleBody(p);
  const { face } = outline(p);
  const depth = Math.round(p.thicknessMm * 2.2);
  const layers = Array.from(
    { length: depth },
    (_, i) => `<path d="${face}" transform="translate(${i + 1} 0)" fill="${i === depth - 1 ? '#0b0c0e' : i % 6 === 0 ? '#2e3137' : '#1d1f23'}"/>`,
  ).join('');
  const scale = Math.min(1, 620 / height);
  return studioSvg({
    backdrop: 'cool',
    defs: await defs(p),
    body: `${contactShadow(420, 716, 120, 14, 0.45)}
      <g transform="translate(390 ${round((800 - height * scale) / 2 - 14)}) rotate(12 0 ${round(height / 2)}) scale(${round(scale * 0.55 * 100) / 100} ${round(scale * 100) / 100})">
        ${layers}
        <path d="${face}" fill="#d6d3cc" transform="translate(${depth / 2} 0)" fill-opacity="0.25"/>
        ${body}
      </g>`,
  });
}

/** Close-up of the upper face: texture, print and edge guard. */
async function detailShot(p: PaddlePicture): Promise<StudioShot> {
  const { body } = paddleBody(p);
  const w = (p.width * PX_PER_IN) / 2;
  return studioSvg({
    defs: await defs(p),
    body: `<g transform="translate(${round(520 - w * 0.2 * 2.6)} 150) rotate(-28) scale(2.6)">
        <ellipse cx="14" cy="160" rx="${round(w * 1.4)}" ry="220" fill="url(#drop)" opacity="0.35"/>
        ${body}
      </g>`,
  });
}

export function paddleSvg(p: PaddlePicture): Promise<StudioShot> {
  switch (p.view) {
    case 'face':
      return faceShot(p);
    case 'edge':
      return edgeShot(p);
    case 'detail':
      return detailShot(p);
  }
}
