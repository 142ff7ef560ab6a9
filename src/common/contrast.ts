// WCAG 2.x contrast maths (https://www.w3.org/TR/WCAG21/#dfn-contrast-ratio), shared by the storefront,
// which derives readable text colours from the owner's theme, and the admin, which warns about them.

/** WCAG AA for normal-size text. */
export const AA_TEXT_CONTRAST = 4.5;

export const WHITE = '#ffffff';
/** The storefront's body text colour (Tailwind gray-900), used as "black" text. */
export const NEAR_BLACK = '#111827';

type Rgb = [number, number, number];

function rgbOf(hex: string): Rgb {
  let digits = hex.trim().slice(1);
  if (digits.length === 3) digits = [...digits].map((digit) => digit + digit).join('');
  return [0, 2, 4].map((start) => parseInt(digits.slice(start, start + 2), 16)) as Rgb;
}

function hexOf(rgb: Rgb): string {
  return `#${rgb.map((channel) => Math.round(channel).toString(16).padStart(2, '0')).join('')}`;
}

/** Relative luminance of a #rgb or #rrggbb colour, 0 (black) to 1 (white). */
export function luminanceOf(hex: string): number {
  const [r, g, b] = rgbOf(hex).map((channel) => {
    const c = channel / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  }) as Rgb;
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** Contrast ratio of two colours, 1 to 21, in either order. */
export function contrastRatio(a: string, b: string): number {
  const [lighter, darker] = [luminanceOf(a), luminanceOf(b)].sort((x, y) => y - x) as [number, number];
  return (lighter + 0.05) / (darker + 0.05);
}

/** White or near-black, whichever contrasts more with the background. */
export function readableTextOn(background: string): string {
  return contrastRatio(WHITE, background) >= contrastRatio(NEAR_BLACK, background) ? WHITE : NEAR_BLACK;
}

function mix(hex: string, toward: Rgb, amount: number): string {
  const from = rgbOf(hex);
  return hexOf(from.map((channel, index) => channel + (toward[index]! - channel) * amount) as Rgb);
}

const worstContrast = (colour: string, backgrounds: string[]) => Math.min(...backgrounds.map((background) => contrastRatio(colour, background)));

/**
 * The colour itself if it reaches `minimum` against every background, else the least change toward black or
 * white that does (in 2 % steps of mixing), else whichever of near-black and white contrasts most.
 */
export function adjustForContrast(colour: string, backgrounds: string[], minimum = AA_TEXT_CONTRAST): string {
  if (worstContrast(colour, backgrounds) >= minimum) return hexOf(rgbOf(colour));
  for (let step = 1; step <= 50; step += 1) {
    for (const toward of [
      [0, 0, 0],
      [255, 255, 255],
    ] as Rgb[]) {
      const candidate = mix(colour, toward, step / 50);
      if (worstContrast(candidate, backgrounds) >= minimum) return candidate;
    }
  }
  return worstContrast(NEAR_BLACK, backgrounds) >= worstContrast(WHITE, backgrounds) ? NEAR_BLACK : WHITE;
}
