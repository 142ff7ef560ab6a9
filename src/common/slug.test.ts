import { describe, expect, it } from 'vitest';
import { MAX_SLUG_LENGTH, SLUG_PATTERN, slugify } from './slug.ts';

describe('slugify', () => {
  it('makes lowercase ascii words joined by hyphens', () => {
    expect(slugify('Selkirk Vanguard Power Air 16mm', 'product')).toBe('selkirk-vanguard-power-air-16mm');
    expect(slugify('  Pålé & Co. — Pro  ', 'brand')).toBe('pale-and-co-pro');
    expect(slugify("Joola's Ben Johns Hyperion", 'product')).toBe('joolas-ben-johns-hyperion');
  });

  it('never looks like an id and is never empty', () => {
    expect(slugify('3000', 'product')).toBe('product-3000');
    expect(slugify('!!!', 'brand')).toBe('brand');
    expect(slugify('日本', 'product')).toBe('product');
  });

  it('cuts long names at a word', () => {
    const slug = slugify('word '.repeat(60), 'product');
    expect(slug.length).toBeLessThanOrEqual(MAX_SLUG_LENGTH);
    expect(slug).toMatch(SLUG_PATTERN);
    expect(slug.endsWith('-')).toBe(false);
  });

  it('pattern refuses what a URL would mangle', () => {
    for (const bad of ['Upper', 'two--hyphens', '-lead', 'trail-', 'spa ce', '123', 'ü']) expect(bad).not.toMatch(SLUG_PATTERN);
    for (const good of ['a', 'x-2', '16mm-paddle', '3-pack']) expect(good).toMatch(SLUG_PATTERN);
  });
});
