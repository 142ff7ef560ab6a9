import { describe, expect, it } from 'vitest';
import { returnWindowSentence } from './return-terms.ts';

describe('returnWindowSentence', () => {
  it('says nothing for a shop without returns, and counts days in words that read right', () => {
    expect(returnWindowSentence(0)).toBeNull();
    expect(returnWindowSentence(1)).toBe('Returns within 1 day of delivery: ask for one from your order page.');
    expect(returnWindowSentence(30)).toBe('Returns within 30 days of delivery: ask for one from your order page.');
  });
});
