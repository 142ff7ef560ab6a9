import { describe, expect, it } from 'vitest';
import { isSafeColor } from '#client/lib/theme-colors.ts';
import { siteColorVariables } from './site-colors.ts';

describe('site colours', () => {
  it('turns settings into CSS variables, with readable text colours derived from them', () => {
    expect(siteColorVariables({ primaryColor: '#1e40af', headerColor: '#ffffff', bodyColor: '#f3f4f6', footerColor: '#1f2937' })).toEqual({
      '--color-primary': '#1e40af',
      '--color-primary-foreground': '#ffffff',
      '--color-primary-deep': '#1e40af',
      '--color-link': '#1e40af',
      '--color-header': '#ffffff',
      '--color-header-foreground': '#111827',
      '--color-header-accent': '#1e40af',
      '--color-body': '#f3f4f6',
      '--color-footer': '#1f2937',
      '--color-footer-foreground': '#ffffff',
    });
  });

  it('puts the defaults in place of missing or unsafe values', () => {
    const variables = siteColorVariables({ primaryColor: null, headerColor: 'red; background: url(x)', bodyColor: '', footerColor: '#fff' });
    expect(variables['--color-primary']).toBe('#1e40af');
    expect(variables['--color-header']).toBe('#ffffff');
    expect(variables['--color-body']).toBe('#f3f4f6');
    expect(variables['--color-footer']).toBe('#fff');
    expect(variables['--color-footer-foreground']).toBe('#111827');
    expect(isSafeColor('#12345')).toBe(false);
  });
});
