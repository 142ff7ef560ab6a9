import { describe, expect, it } from 'vitest';
import { emailsCsvFileName } from './download-emails-csv.ts';

describe('emailsCsvFileName', () => {
  it('is the pickleball-user-emails prefix and the ISO date', () => {
    expect(emailsCsvFileName(new Date('2026-11-22T23:59:00Z'))).toBe('pickleball-user-emails-2026-11-22.csv');
  });
});
