import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { ROUTE_MODULES_ATTRIBUTE } from '#client/lib/app-start.ts';

// The built client's index.html (its script and style tags with their hashed names) is the frame of
// every page. What each page says about itself replaces the generic title and description; the fetch
// preloads meant for the browser-rendered home are dropped, as the page now carries its data.

/** The frame when no client is built (API tests): enough for a page to be read without JavaScript. */
const BARE_TEMPLATE =
  '<!doctype html>\n<html lang="en">\n  <head>\n    <meta charset="UTF-8" />\n    <meta name="viewport" content="width=device-width, initial-scale=1.0" />\n  </head>\n  <body>\n    <div id="root"></div>\n  </body>\n</html>\n';

interface ManifestChunk {
  file: string;
  imports?: string[];
}

export interface PageTemplate {
  /** the URLs of a lazy module's chunk and of the chunks it imports that the app's start does not load already */
  routeModules(source: string | undefined): string[];
  /** the page: head tags before </head>, the rendered app inside #root (which names the route's chunks), then its state */
  fill(parts: { head: string; html: string; afterRoot: string; routeModules?: string[] }): string;
  /** the client-rendered shell, as built */
  readonly shell: string;
}

/** The app's code (src/client/start.tsx): the entry imports it after the first paint (decision 021, "Paint first"). */
const APP_MODULE = 'start.tsx';

export function loadPageTemplate(clientDir: string): PageTemplate {
  const file = path.join(clientDir, 'index.html');
  const built = existsSync(file) ? readFileSync(file, 'utf8') : '';
  // a client built without the frame's landmarks cannot hold a page: the bare frame stands in
  const shell = built.includes('</head>') && built.includes('<div id="root"></div>') ? built : BARE_TEMPLATE;
  const frame = shell
    .replace(/\s*<title>[\s\S]*?<\/title>/, '')
    .replace(/\s*<meta name="description"[^>]*>/, '')
    .replace(/\s*<!--[\s\S]*?-->/g, '')
    .replace(/\s*<link rel="preload"[^>]*as="fetch"[^>]*>/g, '')
    // the page is drawn from its HTML; the entry only makes it interactive, so the stylesheet and the
    // largest image go first (a browser fetches module scripts at high priority otherwise)
    .replace(/<(script type="module"|link rel="modulepreload")/g, '<$1 fetchpriority="low"');
  const headEnd = frame.indexOf('</head>');
  const root = frame.indexOf('<div id="root"></div>');
  const beforeHead = frame.slice(0, headEnd);
  const betweenHeadAndRoot = frame.slice(headEnd, root);
  const afterRoot = frame.slice(root + '<div id="root"></div>'.length);
  const manifest = readManifest(path.join(clientDir, '.vite', 'manifest.json'));
  const chunkClosure = (source: string): Set<string> => {
    const files = new Set<string>();
    const visit = (key: string) => {
      const chunk = manifest[key];
      if (!chunk || files.has(chunk.file)) return;
      files.add(chunk.file);
      for (const imported of chunk.imports ?? []) visit(imported);
    };
    visit(source);
    return files;
  };
  const started = chunkClosure(APP_MODULE);
  const routeModules = (source: string | undefined) => {
    if (!source || !manifest[source]) return [];
    return [...chunkClosure(source)].filter((name) => !started.has(name) && !shell.includes(`/${name}"`)).map((name) => `/${name}`);
  };
  return {
    shell,
    routeModules,
    fill: (parts) => {
      const modules = parts.routeModules?.length ? ` ${ROUTE_MODULES_ATTRIBUTE}="${parts.routeModules.join(' ')}"` : '';
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
