import { adjustForContrast, readableTextOn } from '#common/contrast.ts';

// The owner picks four colours; the storefront derives every text colour from them so each reaches
// WCAG AA (4.5:1) on the background it sits on. What the owner stored is never changed.

export interface ThemeColors {
  primary: string;
  header: string;
  body: string;
  footer: string;
}

/** The database defaults (src/server/db/schema/content.ts), used where a setting is missing or unsafe. */
export const DEFAULT_THEME: ThemeColors = { primary: '#1e40af', header: '#ffffff', body: '#f3f4f6', footer: '#1f2937' };

export interface DerivedTheme extends ThemeColors {
  /** Text on primary-coloured buttons and badges. */
  primaryForeground: string;
  /** The primary colour as a background behind white text (hero gradients). */
  primaryDeep: string;
  /** Links and accents in the page: on the body colour and on white cards. */
  link: string;
  headerForeground: string;
  /** The current page's nav link, on the header colour. */
  headerAccent: string;
  footerForeground: string;
}

const CARD = '#ffffff';
const COLOR_PATTERN = /^#(?:[0-9a-f]{3}|[0-9a-f]{6})$/i;

/** A #rgb or #rrggbb colour, the only kind allowed into the style sheet. */
export function isSafeColor(value: string | null | undefined): value is string {
  return typeof value === 'string' && COLOR_PATTERN.test(value.trim());
}

export function deriveTheme(colors: ThemeColors): DerivedTheme {
  return {
    ...colors,
    primaryForeground: readableTextOn(colors.primary),
    primaryDeep: adjustForContrast(colors.primary, ['#ffffff']),
    link: adjustForContrast(colors.primary, [colors.body, CARD]),
    headerForeground: readableTextOn(colors.header),
    headerAccent: adjustForContrast(colors.primary, [colors.header]),
    footerForeground: readableTextOn(colors.footer),
  };
}
