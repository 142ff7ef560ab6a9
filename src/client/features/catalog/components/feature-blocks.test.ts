import { describe, expect, it } from 'vitest';
import { featureBlocks } from './feature-blocks.ts';

describe('home features section', () => {
  it('falls back to the spec texts', () => {
    expect(featureBlocks(undefined)).toEqual({
      title: 'Why Choose Us',
      blocks: [
        { title: 'Premium Quality', description: 'All our products are carefully selected from top manufacturers' },
        { title: 'Expert Support', description: 'Get guidance from our team of pickleball enthusiasts' },
        { title: 'Fast Shipping', description: 'Quick delivery to get you on the court faster' },
      ],
    });
  });

  it('uses the settings when set (blank counts as missing)', () => {
    const result = featureBlocks({ featuresTitle: 'Our Promise', feature2Title: 'Coaching', feature3Description: '  ' });
    expect(result.title).toBe('Our Promise');
    expect(result.blocks[1]?.title).toBe('Coaching');
    expect(result.blocks[2]?.description).toBe('Quick delivery to get you on the court faster');
  });
});
