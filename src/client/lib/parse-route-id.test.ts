import { describe, expect, it } from 'vitest';
import { parseRouteId } from './parse-route-id.ts';

describe('parseRouteId', () => {
  it('accepts positive integers only', () => {
    expect(parseRouteId('42')).toBe(42);
    for (const bad of [undefined, '', '0', '-1', '1.5', 'abc', '1e3', '99999999999']) expect(parseRouteId(bad)).toBeNull();
  });
});
