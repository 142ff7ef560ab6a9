import { describe, expect, it } from 'vitest';
import { safeReturnTo, signInPath } from './return-to.ts';

describe('safeReturnTo', () => {
  it('keeps a same-site path with its query and hash', () => {
    expect(safeReturnTo('/cart')).toBe('/cart');
    expect(safeReturnTo('/shop?brand=2&search=paddle')).toBe('/shop?brand=2&search=paddle');
    expect(safeReturnTo('/policies#returns')).toBe('/policies#returns');
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
    ['/auth?returnTo=/cart'],
  ])('sends %j home', (value) => {
    expect(safeReturnTo(value)).toBe('/');
  });
});

describe('signInPath', () => {
  it('remembers where the shopper was', () => {
    expect(signInPath('/cart')).toBe('/auth?returnTo=%2Fcart');
    expect(signInPath('/shop?brand=2')).toBe('/auth?returnTo=%2Fshop%3Fbrand%3D2');
  });

  it('stays as it is on the sign-in page', () => {
    expect(signInPath('/auth')).toBe('/auth');
    expect(signInPath('/auth?returnTo=%2Fcart')).toBe('/auth?returnTo=%2Fcart');
  });

  it('leaves out home and anything off-site', () => {
    expect(signInPath('/')).toBe('/auth');
    expect(signInPath('//evil.com')).toBe('/auth');
  });
});
