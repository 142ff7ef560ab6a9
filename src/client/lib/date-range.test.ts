import { describe, expect, it } from 'vitest';
import { endOfLocalDay, isDateText, startOfLocalDay } from '#client/lib/date-range.ts';

describe('date range bounds', () => {
  it('accepts real calendar days only', () => {
    expect(isDateText('2026-04-11')).toBe(true);
    expect(isDateText('2026-02-30')).toBe(false);
    expect(isDateText('11/04/2026')).toBe(false);
    expect(startOfLocalDay('2026-13-01')).toBeUndefined();
    expect(endOfLocalDay(undefined)).toBeUndefined();
  });

  it("gives the first and last instant of the admin's own day", () => {
    const from = new Date(startOfLocalDay('2026-04-11')!);
    const to = new Date(endOfLocalDay('2026-04-11')!);
    expect([from.getFullYear(), from.getMonth(), from.getDate(), from.getHours(), from.getMinutes()]).toEqual([2026, 3, 11, 0, 0]);
    expect([to.getDate(), to.getHours(), to.getMinutes(), to.getSeconds(), to.getMilliseconds()]).toEqual([11, 23, 59, 59, 999]);
  });
});
