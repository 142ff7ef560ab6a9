import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeClientDir } from '#server/test/client-dir.ts';
import { loadPageTemplate } from './page-template.ts';

const BUILT = `<!doctype html>
<html lang="en">
  <head>
    <meta name="description" content="Generic." />
    <title>Pickleball Shop</title>
    <!-- a comment -->
    <link rel="preload" href="/api/site-settings" as="fetch" crossorigin="use-credentials" />
    <script type="module" crossorigin src="/assets/index-1.js"></script>
    <link rel="modulepreload" crossorigin href="/assets/react-1.js">
  </head>
  <body>
    <div id="root"></div>
  </body>
</html>
`;

describe('page template', () => {
  let clientDir: string;
  let removeClientDir: () => Promise<void>;

  beforeAll(async () => {
    const manifest = {
      'index.html': { file: 'assets/index-1.js', isEntry: true, imports: ['_react.js', '_names.js'] },
      'paint-first.ts': { file: 'assets/paint-first-1.js', isEntry: true, imports: ['_names.js'] },
      '_names.js': { file: 'assets/names-1.js' },
      '_react.js': { file: 'assets/react-1.js' },
      '_grid.js': { file: 'assets/grid-1.js', imports: ['_react.js'] },
      'features/catalog/pages/shop-page.tsx': { file: 'assets/shop-page-1.js', imports: ['_grid.js', '_react.js'] },
    };
    ({ dir: clientDir, remove: removeClientDir } = await makeClientDir({ 'index.html': BUILT, '.vite/manifest.json': JSON.stringify(manifest) }));
  });

  afterAll(() => removeClientDir());

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
    // drawn from its HTML: the app's scripts wait for the paint-first script to start them after the first paint
    expect(html).not.toContain('index-1.js');
    expect(html).not.toContain('react-1.js');
    expect(html).toContain('<script type="module" crossorigin src="/assets/paint-first-1.js"></script>');
    expect(html).toContain('<link rel="modulepreload" crossorigin href="/assets/names-1.js">');
    // the browser-rendered shell starts the app itself
    expect(loadPageTemplate(clientDir).shell).toContain('<script type="module" crossorigin src="/assets/index-1.js"></script>');
    expect(html).toContain('<div id="root"><h1>Shop</h1></div><script type="application/json">{}</script>');
  });

  it("names on #root the app's entry, then what it and the route's chunk import, for the paint-first script", () => {
    const template = loadPageTemplate(clientDir);
    const appModules = template.appModules('features/catalog/pages/shop-page.tsx');
    expect(appModules).toEqual(['/assets/index-1.js', '/assets/react-1.js', '/assets/names-1.js', '/assets/shop-page-1.js', '/assets/grid-1.js']);
    expect(template.fill({ head: '', html: '<h1>Shop</h1>', afterRoot: '', appModules })).toContain(
      `<div id="root" data-app-modules="${appModules.join(' ')}"><h1>Shop</h1></div>`,
    );
    expect(template.appModules(undefined)).toEqual(['/assets/index-1.js', '/assets/react-1.js', '/assets/names-1.js']);
    expect(template.appModules('no/such/module.tsx')).toEqual(['/assets/index-1.js', '/assets/react-1.js', '/assets/names-1.js']);
  });

  it('leaves the entry to itself when the client was built without the paint-first script', async () => {
    const olderBuild = await makeClientDir({ 'index.html': BUILT });
    try {
      const template = loadPageTemplate(olderBuild.dir);
      expect(template.appModules('features/catalog/pages/shop-page.tsx')).toEqual([]);
      expect(template.fill({ head: '', html: '', afterRoot: '' })).toContain('<script type="module" crossorigin src="/assets/index-1.js"></script>');
    } finally {
      await olderBuild.remove();
    }
  });
});
