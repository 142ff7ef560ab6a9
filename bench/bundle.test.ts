import { describe, expect, it } from 'vitest';
import { classifyLazyChunk, dynamicEntries, staticClosure, type Manifest } from './bundle.ts';

const manifest: Manifest = {
  'index.html': {
    file: 'assets/index.js',
    isEntry: true,
    imports: ['_react.js'],
    dynamicImports: ['features/catalog/pages/shop-page.tsx', 'app/admin/admin-page.tsx'],
  },
  '_react.js': { file: 'assets/react.js' },
  '_grid.js': { file: 'assets/grid.js', imports: ['_react.js'] },
  'features/catalog/pages/shop-page.tsx': { file: 'assets/shop.js', isDynamicEntry: true, imports: ['index.html', '_grid.js'] },
  'app/admin/admin-page.tsx': {
    file: 'assets/admin.js',
    isDynamicEntry: true,
    imports: ['index.html'],
    dynamicImports: ['features/admin-orders/components/orders-tab.tsx'],
  },
  'features/admin-orders/components/orders-tab.tsx': { file: 'assets/orders-tab.js', isDynamicEntry: true },
};

describe('bundle graph', () => {
  it('follows static imports only', () => {
    expect([...staticClosure(manifest, 'index.html')].sort()).toEqual(['_react.js', 'index.html']);
    expect([...staticClosure(manifest, 'features/catalog/pages/shop-page.tsx')].sort()).toEqual([
      '_grid.js',
      '_react.js',
      'features/catalog/pages/shop-page.tsx',
      'index.html',
    ]);
  });

  it('finds lazy modules at any depth', () => {
    expect(dynamicEntries(manifest, ['index.html'])).toEqual([
      'app/admin/admin-page.tsx',
      'features/admin-orders/components/orders-tab.tsx',
      'features/catalog/pages/shop-page.tsx',
    ]);
  });

  it('tells routes, admin and lazy components apart', () => {
    expect(classifyLazyChunk('features/catalog/pages/shop-page.tsx')).toBe('storefront-route');
    expect(classifyLazyChunk('app/routes/cart-route.tsx')).toBe('storefront-route');
    expect(classifyLazyChunk('app/admin/admin-page.tsx')).toBe('admin');
    expect(classifyLazyChunk('app/admin-routes.tsx')).toBe('admin');
    expect(classifyLazyChunk('features/admin-catalog/pages/product-editor-page.tsx')).toBe('admin');
    expect(classifyLazyChunk('features/admin-orders/components/refund-form.tsx')).toBe('admin');
    expect(classifyLazyChunk('features/diagnostics/pages/stripe-status-page.tsx')).toBe('admin');
    expect(classifyLazyChunk('features/reviews/pages/admin-reviews-page.tsx')).toBe('admin');
    expect(classifyLazyChunk('features/reviews/components/product-reviews.tsx')).toBe('lazy-component');
    expect(classifyLazyChunk('components/ui/toaster.tsx')).toBe('lazy-component');
  });
});
