import { describe, expect, it } from 'vitest';
import { imagePreloadLink, pageApiReads, pagePreloadHeader, storefrontPage } from './page-preloads.ts';

describe('page preloads', () => {
  it('names the API reads each storefront page starts with', () => {
    expect(pageApiReads('/')).toEqual(['/api/site-settings', '/api/products/featured']);
    expect(pageApiReads('/shop')).toEqual(['/api/site-settings', '/api/products']);
    expect(pageApiReads('/shop/')).toEqual(['/api/site-settings', '/api/products']);
    expect(pageApiReads('/products/12')).toEqual(['/api/site-settings', '/api/products/12']);
  });

  it('does not guess filtered lists or odd ids', () => {
    expect(pageApiReads('/shop?search=pro')).toEqual(['/api/site-settings']);
    expect(pageApiReads('/products/vector-16')).toEqual(['/api/site-settings', '/api/products/vector-16']);
    expect(pageApiReads('/products/Not-A-Slug')).toEqual(['/api/site-settings']);
    expect(pageApiReads('/products/0')).toEqual(['/api/site-settings']);
    expect(storefrontPage('/products/12')).toEqual({ page: 'product', key: '12' });
    expect(storefrontPage('/cart')).toBeNull();
  });

  it('writes a Link header matching fetch with credentials', () => {
    expect(pagePreloadHeader('/products/7')).toBe(
      '</api/site-settings>; rel=preload; as=fetch; crossorigin=use-credentials, </api/products/7>; rel=preload; as=fetch; crossorigin=use-credentials',
    );
  });

  it('appends the largest image with the srcset and sizes of its <img>, at high priority', () => {
    const image = { href: '/uploads/a.webp', srcset: '/uploads/a-thumb.webp 400w, /uploads/a.webp 1200w', sizes: '(max-width: 767px) 240px, 480px' };
    expect(pagePreloadHeader('/', image)).toBe(
      '</api/site-settings>; rel=preload; as=fetch; crossorigin=use-credentials, </api/products/featured>; rel=preload; as=fetch; crossorigin=use-credentials, ' +
        '</uploads/a.webp>; rel=preload; as=image; imagesrcset="/uploads/a-thumb.webp 400w, /uploads/a.webp 1200w"; imagesizes="(max-width: 767px) 240px, 480px"; fetchpriority=high',
    );
    // an image without srcset (not an upload) is preloaded by its URL alone
    expect(imagePreloadLink({ href: '/images/hero.png' })).toBe('</images/hero.png>; rel=preload; as=image; fetchpriority=high');
  });

  it('leaves out images it cannot write safely or that the page could not load', () => {
    expect(imagePreloadLink({ href: 'https://elsewhere.example/a.webp' })).toBeNull();
    expect(imagePreloadLink({ href: '//elsewhere.example/a.webp' })).toBeNull();
    expect(imagePreloadLink({ href: '/uploads/a>.webp' })).toBeNull();
    expect(imagePreloadLink({ href: '/uploads/a b.webp' })).toBeNull();
    expect(imagePreloadLink({ href: '/uploads/a.webp', srcset: '/uploads/a".webp 400w', sizes: '100vw' })).toBeNull();
    expect(imagePreloadLink({ href: '/uploads/a.webp', srcset: '/uploads/a.webp 400w', sizes: '100vw"; rel=x' })).toBeNull();
    expect(pagePreloadHeader('/cart', { href: '/uploads/a\r\nx.webp' })).toBe('</api/site-settings>; rel=preload; as=fetch; crossorigin=use-credentials');
  });
});
