import { contactShadow, round, shadeOf, studioSvg, type StudioShot } from './studio.ts';

// Balls drawn as lit spheres with their holes placed on the sphere (an even spiral), so holes
// near the rim are foreshortened like on a photo: 26 large holes indoors, 40 small ones outdoors.

export interface BallPicture {
  kind: 'ball';
  color: string;
  holes: 26 | 40;
  /** one ball close up, or a few of them as a group */
  view: 'single' | 'group';
}

function sphere(id: string, cx: number, cy: number, r: number, p: BallPicture, turn: number): string {
  const holeRadius = (p.holes === 26 ? 0.16 : 0.115) * r;
  const holes: string[] = [];
  const golden = Math.PI * (3 - Math.sqrt(5));
  for (let i = 0; i < p.holes; i++) {
    const y = 1 - ((i + 0.5) / p.holes) * 2;
    const ring = Math.sqrt(1 - y * y);
    const angle = i * golden + turn;
    const x = Math.cos(angle) * ring;
    const z = Math.sin(angle) * ring;
    // tilt the sphere toward the camera a little
    const ty = y * 0.94 - z * 0.34;
    const tz = y * 0.34 + z * 0.94;
    if (tz < 0.12) continue;
    const sx = cx + x * r;
    const sy = cy + ty * r;
    const rotation = (Math.atan2(ty, x) * 180) / Math.PI;
    const light = 0.35 + 0.45 * tz;
    holes.push(
      `<ellipse cx="${round(sx)}" cy="${round(sy)}" rx="${round(holeRadius * tz)}" ry="${round(holeRadius)}" transform="rotate(${round(rotation)} ${round(sx)} ${round(sy)})" fill="${shadeOf(p.color, -0.55)}" fill-opacity="${round(light)}"/>`,
      `<ellipse cx="${round(sx + 1.5)}" cy="${round(sy + 1.5)}" rx="${round(holeRadius * tz * 0.8)}" ry="${round(holeRadius * 0.8)}" transform="rotate(${round(rotation)} ${round(sx + 1.5)} ${round(sy + 1.5)})" fill="#000" fill-opacity="${round(0.25 * tz)}"/>`,
    );
  }
  return `<g>
    <circle cx="${cx}" cy="${cy}" r="${r}" fill="url(#${id}Body)"/>
    ${holes.join('')}
    <circle cx="${cx}" cy="${cy}" r="${r}" fill="url(#ballShade)"/>
    <ellipse cx="${round(cx - r * 0.38)}" cy="${round(cy - r * 0.42)}" rx="${round(r * 0.3)}" ry="${round(r * 0.18)}" transform="rotate(-35 ${round(cx - r * 0.38)} ${round(cy - r * 0.42)})" fill="url(#ballGloss)"/>
  </g>`;
}

export async function ballSvg(p: BallPicture): Promise<StudioShot> {
  const defs = `
    <radialGradient id="ballBody" cx="0.4" cy="0.35" r="0.75">
      <stop offset="0" stop-color="${shadeOf(p.color, 0.35)}"/><stop offset="0.6" stop-color="${p.color}"/><stop offset="1" stop-color="${shadeOf(p.color, -0.35)}"/>
    </radialGradient>
    <radialGradient id="ballShade" cx="0.38" cy="0.32" r="0.8">
      <stop offset="0.55" stop-color="#000" stop-opacity="0"/><stop offset="0.92" stop-color="#000" stop-opacity="0.28"/><stop offset="1" stop-color="#000" stop-opacity="0.4"/>
    </radialGradient>
    <radialGradient id="ballGloss"><stop offset="0" stop-color="#fff" stop-opacity="0.75"/><stop offset="1" stop-color="#fff" stop-opacity="0"/></radialGradient>`;
  if (p.view === 'single') {
    return studioSvg({ defs, body: `${contactShadow(420, 640, 230, 36, 0.55)}${sphere('ball', 400, 390, 240, p, 0.3)}` });
  }
  return studioSvg({
    defs,
    body: `${contactShadow(400, 620, 330, 40, 0.5)}
      ${sphere('ball', 270, 470, 150, p, 1.1)}
      ${sphere('ball', 530, 470, 150, p, 2.3)}
      ${contactShadow(400, 560, 140, 22, 0.3)}
      ${sphere('ball', 400, 300, 150, p, 0.4)}`,
  });
}
