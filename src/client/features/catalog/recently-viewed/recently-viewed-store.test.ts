import { describe, expect, it } from 'vitest';
import { MAX_RECENT, parseViewed, withViewed } from './recently-viewed-store.ts';

const product = (id: number) => ({ id, slug: `p-${id}`, name: `Product ${id}`, imageUrl: null });

describe('recently viewed', () => {
  it('puts the opened product first, once, and keeps the newest few', () => {
    const list = [1, 2, 3].reduce((acc, id) => withViewed(acc, product(id)), [] as ReturnType<typeof withViewed>);
    expect(list.map((entry) => entry.id)).toEqual([3, 2, 1]);
    expect(withViewed(list, product(1)).map((entry) => entry.id)).toEqual([1, 3, 2]);
    const many = Array.from({ length: 20 }, (_, index) => index + 1).reduce((acc, id) => withViewed(acc, product(id)), list);
    expect(many).toHaveLength(MAX_RECENT);
    expect(many[0]!.id).toBe(20);
  });

  it('ignores what it did not write', () => {
    expect(parseViewed('')).toEqual([]);
    expect(parseViewed('not json')).toEqual([]);
    expect(parseViewed('[{"id":"x"}]')).toEqual([]);
    expect(parseViewed(JSON.stringify([product(4)]))).toEqual([product(4)]);
  });
});
