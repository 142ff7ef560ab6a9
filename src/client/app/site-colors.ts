import type { SiteSettings } from '#common/schemas/content.ts';
import { DEFAULT_THEME, deriveTheme, isSafeColor, type DerivedTheme } from '#client/lib/theme-colors.ts';

// Site settings carry four colours; they and the readable text colours derived from them become
// CSS variables that Tailwind's theme reads (styles.css).

const VARIABLES: Record<keyof DerivedTheme, string> = {
  primary: '--color-primary',
  primaryForeground: '--color-primary-foreground',
  primaryDeep: '--color-primary-deep',
  link: '--color-link',
  header: '--color-header',
  headerForeground: '--color-header-foreground',
  headerAccent: '--color-header-accent',
  body: '--color-body',
  footer: '--color-footer',
  footerForeground: '--color-footer-foreground',
};

export function siteColorVariables(settings: Pick<SiteSettings, 'primaryColor' | 'headerColor' | 'bodyColor' | 'footerColor'>): Record<string, string> {
  // an unsafe value never reaches the style sheet; the default stands in so the derived colours still fit
  const pick = (value: string | null | undefined, fallback: string) => (isSafeColor(value) ? value.trim() : fallback);
  const theme = deriveTheme({
    primary: pick(settings.primaryColor, DEFAULT_THEME.primary),
    header: pick(settings.headerColor, DEFAULT_THEME.header),
    body: pick(settings.bodyColor, DEFAULT_THEME.body),
    footer: pick(settings.footerColor, DEFAULT_THEME.footer),
  });
  return Object.fromEntries(Object.entries(VARIABLES).map(([key, variable]) => [variable, theme[key as keyof DerivedTheme]]));
}
