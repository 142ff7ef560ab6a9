import { describe, expect, it } from 'vitest';
import { contrastRatio, NEAR_BLACK, WHITE } from '#common/contrast.ts';
import { DEFAULT_THEME, deriveTheme } from './theme-colors.ts';

describe('theme derivation', () => {
  it('leaves the default theme as it is', () => {
    expect(deriveTheme(DEFAULT_THEME)).toEqual({
      ...DEFAULT_THEME,
      primaryForeground: WHITE,
      primaryDeep: '#1e40af',
      link: '#1e40af',
      headerForeground: NEAR_BLACK,
      headerAccent: '#1e40af',
      footerForeground: WHITE,
    });
  });

  it('darkens a light primary for text and puts dark text on it', () => {
    const theme = deriveTheme({ ...DEFAULT_THEME, primary: '#ffeb3b' });
    expect(theme.primary).toBe('#ffeb3b');
    expect(theme.primaryForeground).toBe(NEAR_BLACK);
    for (const background of [DEFAULT_THEME.body, '#ffffff']) expect(contrastRatio(theme.link, background)).toBeGreaterThanOrEqual(4.5);
    expect(contrastRatio(theme.headerAccent, DEFAULT_THEME.header)).toBeGreaterThanOrEqual(4.5);
    expect(contrastRatio(WHITE, theme.primaryDeep)).toBeGreaterThanOrEqual(4.5);
  });

  it('keeps a dark primary for text on light backgrounds and lightens it on a dark header', () => {
    const theme = deriveTheme({ ...DEFAULT_THEME, primary: '#1a1a2e', header: '#111111', footer: '#fafafa' });
    expect(theme.link).toBe('#1a1a2e');
    expect(theme.primaryForeground).toBe(WHITE);
    expect(theme.headerForeground).toBe(WHITE);
    expect(theme.footerForeground).toBe(NEAR_BLACK);
    expect(theme.headerAccent).not.toBe('#1a1a2e');
    expect(contrastRatio(theme.headerAccent, '#111111')).toBeGreaterThanOrEqual(4.5);
  });
});
