import { describe, expect, it } from 'vitest';
import { colorWarnings } from './color-warnings.ts';

const defaults = { primaryColor: '#1e40af', headerColor: '#ffffff', bodyColor: '#f3f4f6', footerColor: '#1f2937' };

describe('colour field warnings', () => {
  it('says nothing about the default colours', () => {
    expect(colorWarnings(defaults)).toEqual({});
  });

  it('tells the owner a light primary fails as text, and which colour the storefront uses instead', () => {
    const warnings = colorWarnings({ ...defaults, primaryColor: '#ffeb3b' });
    expect(Object.keys(warnings)).toEqual(['primaryColor']);
    expect(warnings.primaryColor).toMatch(/only 1\.\d\d:1 \(AA needs 4\.5:1\); the storefront shows links in #[0-9a-f]{6} instead\./);
    expect(warnings.primaryColor).toContain("the current page's menu link shows in");
  });

  it('rounds down, so 4.48:1 never reads as passing', () => {
    expect(colorWarnings({ ...defaults, primaryColor: '#777777', bodyColor: '#ffffff' }).primaryColor).toContain('only 4.47:1');
  });

  it('warns about a header or footer no text colour reads well on, and a body too dark for the page text', () => {
    const warnings = colorWarnings({ ...defaults, headerColor: '#777777', footerColor: '#808080', bodyColor: '#333333' });
    expect(warnings.headerColor).toBe(
      'Neither white nor dark text reaches 4.5:1 on it; the storefront uses white text (4.47:1). Pick a lighter or darker colour.',
    );
    expect(warnings.footerColor).toMatch(/^Neither white nor dark text/);
    expect(warnings.bodyColor).toMatch(/^Page text stays dark and reaches only 1\.\d\d:1/);
  });
});
