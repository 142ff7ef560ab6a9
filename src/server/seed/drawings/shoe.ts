import { contactShadow, shadeOf, studioSvg, type StudioShot } from './studio.ts';
import { texturePattern, textureTile } from './textures.ts';

// A court shoe in side profile, as a catalogue photo shows it: mesh upper, overlays, a white
// midsole with a gum or non-marking outsole, laces and a heel tab, all lit from the upper left.

export interface ShoePicture {
  kind: 'shoe';
  upper: string;
  accent: string;
  /** gum rubber (indoor) or a white/dark herringbone outsole */
  sole: 'gum' | 'white' | 'dark';
}

const SOLE: Record<ShoePicture['sole'], string> = { gum: '#b7793f', white: '#e7e5e4', dark: '#292524' };

export async function shoeSvg(p: ShoePicture): Promise<StudioShot> {
  const mesh = await textureTile('mesh', p.upper);
  const sole = SOLE[p.sole];
  const defs = `${texturePattern('mesh', mesh)}
    <linearGradient id="upperLight" x1="0" y1="0" x2="0" y2="1">
      <stop offset="0" stop-color="#fff" stop-opacity="0.28"/><stop offset="0.5" stop-color="#fff" stop-opacity="0"/><stop offset="1" stop-color="#000" stop-opacity="0.3"/>
    </linearGradient>
    <linearGradient id="midsole" x1="0" y1="0" x2="0" y2="1">
      <stop offset="0" stop-color="#ffffff"/><stop offset="0.7" stop-color="#e7e5e4"/><stop offset="1" stop-color="#a8a29e"/>
    </linearGradient>
    <linearGradient id="outsole" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${sole}"/><stop offset="1" stop-color="${shadeOf(sole, -0.35)}"/></linearGradient>
    <linearGradient id="overlay" x1="0" y1="0" x2="1" y2="0"><stop offset="0" stop-color="${shadeOf(p.accent, 0.15)}"/><stop offset="1" stop-color="${shadeOf(p.accent, -0.25)}"/></linearGradient>`;
  // heel on the left, ankle collar, tongue, lacing down to a rounded toe box on the right
  const upper =
    'M 150 470 L 146 330 Q 146 288 184 280 Q 232 272 268 294 Q 296 310 316 282 L 338 248 Q 352 232 372 244 L 560 336 Q 640 356 690 388 Q 718 410 712 470 Z';
  const laces = [0, 1, 2, 3, 4]
    .map((i) => {
      const x = 380 + i * 34;
      const y = 262 + i * 16;
      return `<path d="M ${x} ${y} q 14 -14 34 -8" fill="none" stroke="#f5f5f4" stroke-width="7" stroke-linecap="round"/><path d="M ${x} ${y + 3} q 14 -14 34 -8" fill="none" stroke="#000" stroke-opacity="0.2" stroke-width="2"/>`;
    })
    .join('');
  const treads = Array.from(
    { length: 22 },
    (_, i) => `<path d="M ${170 + i * 24} 518 l 10 -14 l 10 14" fill="none" stroke="#000" stroke-opacity="0.25" stroke-width="3"/>`,
  ).join('');
  return studioSvg({
    defs,
    body: `${contactShadow(420, 540, 300, 26, 0.55)}
      <g transform="rotate(-3 420 400)">
        <path d="${upper}" fill="url(#mesh)"/>
        <path d="M 150 470 L 147 336 Q 148 296 186 286 L 236 296 Q 212 380 262 470 Z" fill="url(#overlay)"/>
        <path d="M 596 470 Q 596 392 646 376 Q 700 388 712 424 L 712 470 Z" fill="url(#overlay)" fill-opacity="0.9"/>
        <path d="M 250 440 Q 380 360 540 380 L 560 404 Q 400 392 280 452 Z" fill="${shadeOf(p.accent, 0.35)}" fill-opacity="0.9"/>
        <path d="M 184 280 Q 232 272 268 294 Q 296 310 316 282 L 322 296 Q 296 330 262 310 Q 228 290 188 296 Z" fill="${shadeOf(p.upper, -0.45)}"/>
        <path d="M 338 248 Q 352 232 372 244 L 378 262 L 344 262 Z" fill="${shadeOf(p.upper, -0.2)}"/>
        ${laces}
        <path d="${upper}" fill="url(#upperLight)"/>
        <path d="M 142 462 Q 140 500 170 504 L 680 504 Q 716 500 712 452 Q 700 440 690 460 L 150 462 Z" fill="url(#midsole)"/>
        <path d="M 156 504 L 690 504 Q 712 504 706 522 L 164 526 Q 146 522 156 504 Z" fill="url(#outsole)"/>
        ${treads}
        <path d="M 200 478 L 660 478" stroke="${p.accent}" stroke-width="4" stroke-opacity="0.8"/>
      </g>`,
  });
}
