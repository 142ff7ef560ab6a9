import { AA_TEXT_CONTRAST, contrastRatio, NEAR_BLACK } from '#common/contrast.ts';
import { DEFAULT_THEME, deriveTheme, isSafeColor, type ThemeColors } from '#client/lib/theme-colors.ts';

// What the colour fields tell the owner when a colour fails WCAG AA where the storefront uses it,
// and what the storefront does about it (src/client/lib/theme-colors.ts).

export type ColorKey = 'primaryColor' | 'headerColor' | 'bodyColor' | 'footerColor';
type ColorValues = Record<ColorKey, string>;

// rounded down, so a failing 4.48 never reads as a passing "4.5"
const ratio = (a: string, b: string) => `${(Math.floor(contrastRatio(a, b) * 100) / 100).toFixed(2)}:1`;
const fails = (a: string, b: string) => contrastRatio(a, b) < AA_TEXT_CONTRAST;
const textName = (color: string) => (color === NEAR_BLACK ? 'dark text' : 'white text');

function themeOf(values: ColorValues): ThemeColors {
  const pick = (value: string, fallback: string) => (isSafeColor(value) ? value.trim() : fallback);
  return {
    primary: pick(values.primaryColor, DEFAULT_THEME.primary),
    header: pick(values.headerColor, DEFAULT_THEME.header),
    body: pick(values.bodyColor, DEFAULT_THEME.body),
    footer: pick(values.footerColor, DEFAULT_THEME.footer),
  };
}

function primaryWarning(theme: ReturnType<typeof deriveTheme>): string | undefined {
  const notes: string[] = [];
  if (fails(theme.primary, theme.body) || fails(theme.primary, '#ffffff')) {
    notes.push(
      `As text on the page it reaches only ${ratio(theme.primary, theme.body)} (AA needs 4.5:1); the storefront shows links in ${theme.link} instead.`,
    );
  }
  if (fails(theme.primary, theme.header)) {
    notes.push(`On the header it reaches only ${ratio(theme.primary, theme.header)}; the current page's menu link shows in ${theme.headerAccent}.`);
  }
  if (fails(theme.primaryForeground, theme.primary)) {
    notes.push(
      `Button text reaches only ${ratio(theme.primaryForeground, theme.primary)} on it even as ${textName(theme.primaryForeground)}; pick a lighter or darker colour.`,
    );
  }
  return notes.length > 0 ? notes.join(' ') : undefined;
}

function backgroundWarning(background: string, text: string): string | undefined {
  if (!fails(text, background)) return undefined;
  return `Neither white nor dark text reaches 4.5:1 on it; the storefront uses ${textName(text)} (${ratio(text, background)}). Pick a lighter or darker colour.`;
}

/** A warning per colour field that fails AA where it is used; fields that pass have none. */
export function colorWarnings(values: ColorValues): Partial<Record<ColorKey, string>> {
  const theme = deriveTheme(themeOf(values));
  const warnings: Partial<Record<ColorKey, string>> = {
    primaryColor: primaryWarning(theme),
    headerColor: backgroundWarning(theme.header, theme.headerForeground),
    footerColor: backgroundWarning(theme.footer, theme.footerForeground),
    bodyColor: fails(NEAR_BLACK, theme.body)
      ? `Page text stays dark and reaches only ${ratio(NEAR_BLACK, theme.body)} on it (AA needs 4.5:1); the storefront does not change it, so pick a lighter colour.`
      : undefined,
  };
  return Object.fromEntries(Object.entries(warnings).filter(([, warning]) => warning !== undefined));
}
