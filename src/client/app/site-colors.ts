import type { SiteSettings } from '#common/schemas/content.ts';

// Site settings carry four colours; they become CSS variables that Tailwind's theme reads
// (styles.css), with a readable text colour chosen for the header and the footer.

const COLOR_PATTERN = /^#(?:[0-9a-f]{3}|[0-9a-f]{6})$/i;

export function isSafeColor(value: string | null | undefined): value is string {
  return typeof value === 'string' && COLOR_PATTERN.test(value.trim());
}

/** Relative luminance (WCAG) of a #rgb or #rrggbb colour. */
export function luminanceOf(hex: string): number {
  let digits = hex.trim().slice(1);
  if (digits.length === 3) digits = [...digits].map((digit) => digit + digit).join('');
  const channels = [0, 2, 4].map((start) => parseInt(digits.slice(start, start + 2), 16) / 255);
  const [r, g, b] = channels.map((c) => (c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4)) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** Near-black text on light backgrounds, white on dark ones. */
export function readableTextOn(hex: string): string {
  return luminanceOf(hex) > 0.4 ? '#111827' : '#ffffff';
}

export function siteColorVariables(settings: Pick<SiteSettings, 'primaryColor' | 'headerColor' | 'bodyColor' | 'footerColor'>): Record<string, string> {
  const variables: Record<string, string> = {};
  const pairs = [
    ['primary', settings.primaryColor],
    ['header', settings.headerColor],
    ['body', settings.bodyColor],
    ['footer', settings.footerColor],
  ] as const;
  for (const [name, value] of pairs) {
    if (!isSafeColor(value)) continue;
    variables[`--color-${name}`] = value.trim();
    if (name !== 'body') variables[`--color-${name}-foreground`] = readableTextOn(value);
  }
  return variables;
}
