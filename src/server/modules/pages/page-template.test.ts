import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadPageTemplate } from './page-template.ts';

const BUILT = `<!doctype html>
<html lang="en">
  <head>
    <meta name="description" content="Generic." />
    <title>Pickleball Shop</title>
    <!-- a comment -->
    <link rel="preload" href="/api/site-settings" as="fetch" crossorigin="use-credentials" />
    <script type="module" crossorigin src="/assets/index-1.js"></script>
  </head>
  <body>
    <div id="root"></div>
  </body>
</html>
`;

describe('page template', () => {
  let clientDir: string;

  beforeAll(async () => {
    clientDir = await mkdtemp(path.join(tmpdir(), 'shop-client-'));
    await writeFile(path.join(clientDir, 'index.html'), BUILT);
    await mkdir(path.join(clientDir, '.vite'));
    const manifest = {
      'index.html': { file: 'assets/index-1.js', dynamicImports: ['start.tsx'] },
      'start.tsx': { file: 'assets/start-1.js', imports: ['_react.js'] },
      '_react.js': { file: 'assets/react-1.js' },
      '_grid.js': { file: 'assets/grid-1.js', imports: ['_react.js'] },
      'features/catalog/pages/shop-page.tsx': { file: 'assets/shop-page-1.js', imports: ['_grid.js', '_react.js'] },
    };
    await writeFile(path.join(clientDir, '.vite', 'manifest.json'), JSON.stringify(manifest));
  });

  afterAll(async () => {
    await rm(clientDir, { recursive: true, force: true });
  });

  it("puts the page's head and HTML into the built frame, without the generic title, description and fetch preloads", () => {
    const html = loadPageTemplate(clientDir).fill({
      head: '<title>Shop</title>',
      html: '<h1>Shop</h1>',
      afterRoot: '<script type="application/json">{}</script>',
    });
    expect(html).toContain('<title>Shop</title>');
    expect(html).not.toContain('Pickleball Shop');
    expect(html).not.toContain('Generic.');
    expect(html).not.toContain('as="fetch"');
    // drawn from its HTML: the scripts that make it interactive wait behind the stylesheet and images
    expect(html).toContain('<script type="module" fetchpriority="low" crossorigin src="/assets/index-1.js"></script>');
    expect(loadPageTemplate(clientDir).shell).toContain('<script type="module" crossorigin src="/assets/index-1.js"></script>');
    expect(html).toContain('<div id="root"><h1>Shop</h1></div><script type="application/json">{}</script>');
  });

  it("names a route's chunk and what it imports beyond the app's start on #root, for the entry to preload", () => {
    const template = loadPageTemplate(clientDir);
    const routeModules = template.routeModules('features/catalog/pages/shop-page.tsx');
    expect(routeModules).toEqual(['/assets/shop-page-1.js', '/assets/grid-1.js']);
    expect(template.fill({ head: '', html: '<h1>Shop</h1>', afterRoot: '', routeModules })).toContain(
      '<div id="root" data-route-modules="/assets/shop-page-1.js /assets/grid-1.js"><h1>Shop</h1></div>',
    );
    expect(template.fill({ head: '', html: '<h1>Home</h1>', afterRoot: '' })).toContain('<div id="root"><h1>Home</h1></div>');
    expect(template.routeModules(undefined)).toEqual([]);
    expect(template.routeModules('no/such/module.tsx')).toEqual([]);
  });
});
