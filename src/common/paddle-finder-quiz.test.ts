import { describe, expect, it } from 'vitest';
import { FinderAnswers } from './schemas/paddle-finder.ts';
import { answersQuery, readAnswers } from './paddle-finder-quiz.ts';

describe("the finder's answers in an address", () => {
  it('keeps the known answers, in the quiz order, and drops everything else as the API does', () => {
    const search = 'weight=light&colour=pink&skill=grandmaster&arm=yes&style=power&style=control&budget=under-100';
    const read = readAnswers(search);
    expect(read).toEqual({ arm: 'yes', budget: 'under-100', weight: 'light' });
    const params = new URLSearchParams(search);
    const api = FinderAnswers.parse({ ...Object.fromEntries(params), style: params.getAll('style') });
    expect(Object.fromEntries(Object.entries(api).filter(([, value]) => value !== undefined))).toEqual(read);
    expect(answersQuery(read)).toBe('arm=yes&budget=under-100&weight=light');
    expect(answersQuery({})).toBe('');
  });
});
