import { describe, expect, it } from 'vitest';
import { pageApiReads, pagePreloadHeader } from './page-preloads.ts';

describe('page preloads', () => {
  it('names the API reads each storefront page starts with', () => {
    expect(pageApiReads('/')).toEqual(['/api/site-settings', '/api/products/featured']);
    expect(pageApiReads('/shop')).toEqual(['/api/site-settings', '/api/products']);
    expect(pageApiReads('/shop/')).toEqual(['/api/site-settings', '/api/products']);
    expect(pageApiReads('/products/12')).toEqual(['/api/site-settings', '/api/products/12']);
  });

  it('does not guess filtered lists or odd ids', () => {
    expect(pageApiReads('/shop?search=pro')).toEqual(['/api/site-settings']);
    expect(pageApiReads('/products/abc')).toEqual(['/api/site-settings']);
    expect(pageApiReads('/products/0')).toEqual(['/api/site-settings']);
  });

  it('writes a Link header matching fetch with credentials', () => {
    expect(pagePreloadHeader('/products/7')).toBe(
      '</api/site-settings>; rel=preload; as=fetch; crossorigin=use-credentials, </api/products/7>; rel=preload; as=fetch; crossorigin=use-credentials',
    );
  });
});
