import { describe, expect, it } from 'vitest';
import { signInPath } from './return-to.ts';

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
    expect(signInPath('/.//evil.example')).toBe('/auth');
  });
});
