import { describe, expect, it } from 'vitest';
import { policySections, returnsSection } from './policy-sections.ts';

const empty = { title1: '', content1: '', title2: '', content2: '', title3: '', content3: '', updatedAt: '' };

describe('policies', () => {
  it('has no sections when nothing is set', () => {
    expect(policySections(empty)).toEqual([]);
    expect(policySections(undefined)).toEqual([]);
  });

  it('splits content at line breaks into paragraphs and keeps only filled sections', () => {
    expect(
      policySections({ ...empty, title1: 'Returns', content1: 'Within 30 days.\r\n\nUnused only.', title3: 'Privacy', content3: 'We keep little.' }),
    ).toEqual([
      { title: 'Returns', paragraphs: ['Within 30 days.', 'Unused only.'] },
      { title: 'Privacy', paragraphs: ['We keep little.'] },
    ]);
  });

  it('adds the return window and terms as a Returns section, only when the shop takes returns', () => {
    expect(returnsSection({ returnWindowDays: 0, returnConditions: 'Ignored' })).toBeNull();
    expect(returnsSection(undefined)).toBeNull();
    expect(returnsSection({ returnWindowDays: 30, returnConditions: 'Play it.\n\nStore credit or refund minus a fee.' })).toEqual({
      title: 'Returns',
      paragraphs: ['Returns within 30 days of delivery: ask for one from your order page.', 'Play it.', 'Store credit or refund minus a fee.'],
    });
  });
});
