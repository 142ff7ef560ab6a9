import { describe, expect, it } from 'vitest';
import { shopSearchPath } from './shop-search-path.ts';

describe('navigation search', () => {
  it('trims and URL-encodes the text', () => {
    expect(shopSearchPath('  soft paddle ')).toBe('/shop?search=soft%20paddle');
    expect(shopSearchPath('a&b=c')).toBe('/shop?search=a%26b%3Dc');
  });

  it('ignores blank text', () => {
    expect(shopSearchPath('')).toBeNull();
    expect(shopSearchPath('   ')).toBeNull();
  });
});
