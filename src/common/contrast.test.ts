import { describe, expect, it } from 'vitest';
import { adjustForContrast, contrastRatio, luminanceOf, NEAR_BLACK, readableTextOn, WHITE } from './contrast.ts';

describe('WCAG contrast', () => {
  it('gives the known ratios', () => {
    expect(contrastRatio('#000000', '#ffffff')).toBeCloseTo(21, 5);
    expect(contrastRatio('#777', '#fff')).toBeCloseTo(4.48, 2);
    expect(contrastRatio('#fff', '#777')).toBe(contrastRatio('#777777', '#ffffff'));
    expect(contrastRatio('#1e40af', '#1e40af')).toBe(1);
    expect(luminanceOf('#ffffff')).toBe(1);
    expect(luminanceOf('#000')).toBe(0);
  });

  it('picks white or near-black text, whichever contrasts more', () => {
    expect(readableTextOn('#ffeb3b')).toBe(NEAR_BLACK);
    expect(readableTextOn('#1a1a2e')).toBe(WHITE);
    expect(readableTextOn('#1e40af')).toBe(WHITE);
  });

  it('keeps a colour that already passes, and otherwise moves it just far enough', () => {
    expect(adjustForContrast('#1E40AF', ['#ffffff'])).toBe('#1e40af');
    const darkened = adjustForContrast('#ffeb3b', ['#ffffff', '#f3f4f6']);
    expect(contrastRatio(darkened, '#f3f4f6')).toBeGreaterThanOrEqual(4.5);
    expect(contrastRatio(darkened, '#f3f4f6')).toBeLessThan(5);
    const lightened = adjustForContrast('#1a1a2e', ['#000000']);
    expect(luminanceOf(lightened)).toBeGreaterThan(luminanceOf('#1a1a2e'));
    expect(contrastRatio(lightened, '#000000')).toBeGreaterThanOrEqual(4.5);
  });

  it('falls back to near-black or white when no tint of the colour passes on every background', () => {
    expect(adjustForContrast('#1e40af', ['#777777'], 7)).toBe(WHITE);
    expect(adjustForContrast('#777777', ['#000000', '#ffffff'], 15)).toBe(NEAR_BLACK);
  });
});
