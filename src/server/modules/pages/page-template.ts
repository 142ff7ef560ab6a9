import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { APP_MODULES_ATTRIBUTE } from '#client/ssr-entry.tsx';

// The built client's index.html (its script and style tags with their hashed names) is the frame of
// every page. What each page says about itself replaces the generic title and description; the fetch
// preloads meant for the browser-rendered home are dropped, as the page now carries its data.

/** The frame when no client is built (API tests): enough for a page to be read without JavaScript. */
const BARE_TEMPLATE =
  '<!doctype html>\n<html lang="en">\n  <head>\n    <meta charset="UTF-8" />\n    <meta name="viewport" content="width=device-width, initial-scale=1.0" />\n  </head>\n  <body>\n    <div id="root"></div>\n  </body>\n</html>\n';

interface ManifestChunk {
  file: string;
  isEntry?: boolean;
  imports?: string[];
}

export interface PageTemplate {
  /**
   * What the page's script starts after the first paint: the app's entry, then the chunks it and the
   * route's lazy module import (URLs). Empty without a built client or its paint-first script.
   */
  appModules(routeSource: string | undefined): string[];
  /** the page: head tags before </head>, the rendered app inside #root (which names the app's modules), then its state */
  fill(parts: { head: string; html: string; afterRoot: string; appModules?: string[] }): string;
  /** the client-rendered shell, as built */
  readonly shell: string;
}

/** The script a rendered page runs instead of the entry: it starts the app after the first paint (decision 021, "Paint first"). */
const PAINT_FIRST = 'paint-first.ts';
const APP_ENTRY = 'index.html';

export function loadPageTemplate(clientDir: string): PageTemplate {
  const file = path.join(clientDir, 'index.html');
  const built = existsSync(file) ? readFileSync(file, 'utf8') : '';
  // a client built without the frame's landmarks cannot hold a page: the bare frame stands in
  const shell = built.includes('</head>') && built.includes('<div id="root"></div>') ? built : BARE_TEMPLATE;
  const manifest = readManifest(path.join(clientDir, '.vite', 'manifest.json'));
  const closure = (source: string): string[] => {
    const files = new Set<string>();
    const visit = (key: string) => {
      const chunk = manifest[key];
      if (!chunk || files.has(chunk.file)) return;
      files.add(chunk.file);
      for (const imported of chunk.imports ?? []) visit(imported);
    };
    visit(source);
    return [...files].map((name) => `/${name}`);
  };
  const paintFirst = manifest[PAINT_FIRST] && manifest[APP_ENTRY] ? closure(PAINT_FIRST) : [];
  const app = paintFirst.length ? closure(APP_ENTRY) : [];
  const stripped = shell
    .replace(/\s*<title>[\s\S]*?<\/title>/, '')
    .replace(/\s*<meta name="description"[^>]*>/, '')
    .replace(/\s*<!--[\s\S]*?-->/g, '')
    .replace(/\s*<link rel="preload"[^>]*as="fetch"[^>]*>/g, '');
  // the app's own tags give way to the paint-first script, which fetches them after the first paint
  const [paintFirstScript, ...paintFirstImports] = paintFirst;
  const frame = paintFirstScript
    ? stripped
        .replace(/\s*<(script type="module"[^>]*><\/script|link rel="modulepreload"[^>]*)>/g, '')
        .replace(
          '</head>',
          [
            `<script type="module" crossorigin src="${paintFirstScript}"></script>`,
            ...paintFirstImports.map((href) => `<link rel="modulepreload" crossorigin href="${href}">`),
          ]
            .map((tag) => `  ${tag}\n  `)
            .join('') + '</head>',
        )
    : stripped;
  const headEnd = frame.indexOf('</head>');
  const root = frame.indexOf('<div id="root"></div>');
  const beforeHead = frame.slice(0, headEnd);
  const betweenHeadAndRoot = frame.slice(headEnd, root);
  const afterRoot = frame.slice(root + '<div id="root"></div>'.length);
  // the build does not change while the server runs: each route's list is walked from the manifest once, not per page
  const modulesByRoute = new Map<string | undefined, string[]>();
  return {
    shell,
    appModules: (routeSource) => {
      if (!app.length) return [];
      let modules = modulesByRoute.get(routeSource);
      if (!modules) {
        const route = routeSource && manifest[routeSource] ? closure(routeSource) : [];
        modules = [...app, ...route.filter((href) => !app.includes(href))];
        modulesByRoute.set(routeSource, modules);
      }
      return modules;
    },
    fill: (parts) => {
      const modules = parts.appModules?.length ? ` ${APP_MODULES_ATTRIBUTE}="${parts.appModules.join(' ')}"` : '';
      return `${beforeHead}  ${parts.head}\n  ${betweenHeadAndRoot}<div id="root"${modules}>${parts.html}</div>${parts.afterRoot}${afterRoot}`;
    },
  };
}

/** Vite's build manifest (source module -> chunk), or none when the client was built without it. */
function readManifest(file: string): Record<string, ManifestChunk> {
  if (!existsSync(file)) return {};
  try {
    return JSON.parse(readFileSync(file, 'utf8')) as Record<string, ManifestChunk>;
  } catch {
    return {};
  }
}
