import { describe, expect, it } from 'vitest';
import { policySections } from './policy-sections.ts';

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
});
