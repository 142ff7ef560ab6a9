import { describe, expect, it } from 'vitest';
import { ownerHero } from './site-hero.ts';

describe('the owner hero on the home page', () => {
  it('is what the owner set, blanks left out', () => {
    expect(ownerHero({ heroTitle: 'Play more', heroDescription: '  ', heroImageUrl: '/uploads/hero.webp' })).toEqual({
      title: 'Play more',
      description: null,
      imageUrl: '/uploads/hero.webp',
    });
  });

  it('any one setting is enough to show it', () => {
    expect(ownerHero({ heroImageUrl: '/uploads/hero.webp' })).toMatchObject({ imageUrl: '/uploads/hero.webp' });
    expect(ownerHero({ heroDescription: 'Free shipping' })).toMatchObject({ description: 'Free shipping' });
  });

  it('is null when nothing is set (or the settings have not loaded)', () => {
    expect(ownerHero({ heroTitle: ' ', heroDescription: null, heroImageUrl: '' })).toBeNull();
    expect(ownerHero(undefined)).toBeNull();
  });
});
