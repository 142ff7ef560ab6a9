import { describe, expect, it } from 'vitest';
import { brandOptionGroups, productCountLabel, shopPath } from './brand-options.ts';

const brand = (id: number, name: string, isFeatured: boolean) => ({ id, name, slug: name.toLowerCase(), isFeatured, description: null, imageUrl: null });

describe('shop brand filter', () => {
  it('groups featured brands first, then the others, each by name', () => {
    const groups = brandOptionGroups([brand(1, 'Zeta', false), brand(2, 'beta', true), brand(3, 'Alpha', false), brand(4, 'Acme', true)]);
    expect(groups.featured.map((b) => b.name)).toEqual(['Acme', 'beta']);
    expect(groups.others.map((b) => b.name)).toEqual(['Alpha', 'Zeta']);
  });

  it('counts products with a singular or plural noun', () => {
    expect(productCountLabel(0)).toBe('0 products');
    expect(productCountLabel(1)).toBe('1 product');
    expect(productCountLabel(12)).toBe('12 products');
  });

  it('builds the /shop address keeping the other parameter', () => {
    expect(shopPath(null, '')).toBe('/shop');
    expect(shopPath(3, '')).toBe('/shop?brand=3');
    expect(shopPath(3, 'soft touch')).toBe('/shop?brand=3&search=soft+touch');
    expect(shopPath(null, 'a&b')).toBe('/shop?search=a%26b');
  });
});
