import { describe, expect, it } from 'vitest';
import { imagePreloadLink, storefrontPage } from './page-preloads.ts';

describe('page preloads', () => {
  it('knows the pages whose image it can look up from the path alone', () => {
    expect(storefrontPage('/')).toEqual({ page: 'home' });
    expect(storefrontPage('/shop/')).toEqual({ page: 'shop' });
    expect(storefrontPage('/products/12')).toEqual({ page: 'product', key: '12' });
    expect(storefrontPage('/products/vector-16')).toEqual({ page: 'product', key: 'vector-16' });
    expect(storefrontPage('/products/Not-A-Slug')).toBeNull();
    expect(storefrontPage('/shop?search=pro')).toBeNull();
    expect(storefrontPage('/products/0')).toBeNull();
    expect(storefrontPage('/cart')).toBeNull();
  });

  it('preloads the largest image with the srcset and sizes of its <img>, at high priority', () => {
    const image = { href: '/uploads/a.webp', srcset: '/uploads/a-thumb.webp 400w, /uploads/a.webp 1200w', sizes: '(max-width: 767px) 240px, 480px' };
    expect(imagePreloadLink(image)).toBe(
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
    expect(imagePreloadLink({ href: '/uploads/a\r\nx.webp' })).toBeNull();
  });
});
