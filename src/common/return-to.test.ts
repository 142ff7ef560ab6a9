import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { safeReturnTo } from './return-to.ts';

const SHOP = 'https://shop.example';

describe('safeReturnTo', () => {
  it('keeps a same-site path with its query and hash', () => {
    expect(safeReturnTo('/cart')).toBe('/cart');
    expect(safeReturnTo('/shop?brand=2&search=paddle')).toBe('/shop?brand=2&search=paddle');
    expect(safeReturnTo('/policies#returns')).toBe('/policies#returns');
    expect(safeReturnTo('/orders/PB-1234?key=abc')).toBe('/orders/PB-1234?key=abc');
  });

  it('normalises dot segments that stay on the site', () => {
    expect(safeReturnTo('/shop/../cart')).toBe('/cart');
    expect(safeReturnTo('/./profile')).toBe('/profile');
    expect(safeReturnTo('/../../cart')).toBe('/cart');
  });

  it.each([
    [null],
    [''],
    ['cart'],
    ['//evil.com'],
    ['//evil.com/cart'],
    ['/\\evil.com'],
    ['/\\/evil.com'],
    ['https://evil.com'],
    ['javascript:alert(1)'],
    ['/\t/evil.com'],
    ['/\n/evil.com'],
    [' /cart'],
    ['/auth'],
    ['/auth/'],
    ['/AUTH?returnTo=/cart'],
    ['/auth?returnTo=/cart'],
    // normalised, these become "//evil.example...": another site
    ['/.//evil.example'],
    ['/..//evil.example/x'],
    ['/a/..//evil.example'],
    ['/a/b/../..//evil.example'],
    ['/././/evil.example'],
    ['/%2e//evil.example'],
    ['/%2e%2e//evil.example'],
    ['/x/%2E%2E//evil.example'],
  ])('sends %j home', (value) => {
    expect(safeReturnTo(value)).toBe('/');
  });

  // pieces that make URL parsers do surprising things, joined at random
  const piece = fc.constantFrom(
    '/',
    '//',
    '.',
    '..',
    '%2e',
    '%2E',
    '%2f',
    '\\',
    'evil.example',
    'a',
    ':',
    '@',
    '?',
    '#',
    '%',
    '\t',
    ' ',
    'https:',
    'javascript:',
  );
  const tricky = fc.array(piece, { maxLength: 12 }).map((pieces) => pieces.join(''));
  const anything = fc.oneof(
    tricky,
    fc.string(),
    fc.string().map((text) => `/${text}`),
  );

  it('always answers "/" or a path with one leading "/", which never leaves the site', () => {
    fc.assert(
      fc.property(anything, (value) => {
        const path = safeReturnTo(value);
        expect(path === '/' || /^\/[^/\\]/.test(path)).toBe(true);
        expect(new URL(path, SHOP).origin).toBe(SHOP);
        // and what it answers it would answer again
        expect(safeReturnTo(path)).toBe(path === '/' ? '/' : path);
      }),
      { numRuns: 2_000 },
    );
  });

  it('keeps a plain path as it is', () => {
    const segment = fc.stringMatching(/^[a-z0-9-]{1,12}$/).filter((text) => text !== 'auth');
    fc.assert(
      fc.property(fc.array(segment, { minLength: 1, maxLength: 5 }), (segments) => {
        const path = `/${segments.join('/')}`;
        expect(safeReturnTo(path)).toBe(path);
      }),
    );
  });
});
