import { describe, expect, it } from 'vitest';
import { isSafeColor, readableTextOn, siteColorVariables } from './site-colors.ts';

describe('site colours', () => {
  it('turns settings into CSS variables, with readable text on header and footer', () => {
    expect(siteColorVariables({ primaryColor: '#1e40af', headerColor: '#ffffff', bodyColor: '#f3f4f6', footerColor: '#1f2937' })).toEqual({
      '--color-primary': '#1e40af',
      '--color-primary-foreground': '#ffffff',
      '--color-header': '#ffffff',
      '--color-header-foreground': '#111827',
      '--color-body': '#f3f4f6',
      '--color-footer': '#1f2937',
      '--color-footer-foreground': '#ffffff',
    });
  });

  it('skips missing or unsafe values', () => {
    expect(siteColorVariables({ primaryColor: null, headerColor: 'red; background: url(x)', bodyColor: '', footerColor: '#fff' })).toEqual({
      '--color-footer': '#fff',
      '--color-footer-foreground': '#111827',
    });
    expect(isSafeColor('#12345')).toBe(false);
    expect(readableTextOn('#000')).toBe('#ffffff');
  });
});
