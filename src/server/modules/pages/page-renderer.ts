import { dehydrate } from '@tanstack/react-query';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { SiteSettings } from '#common/schemas/content.ts';
import { ApiError, createRenderQueryClient, PAGE_STATE_ID, sendableState, siteColorVariables } from '#client/ssr-entry.tsx';
import { inProcessReads, PAGE_READS, type NotedRead } from './in-process-reads.ts';
import { CLIENT_RENDERED, NOT_FOUND_CHUNK, PAGE_ROUTES, pageNotFound, siteTitleOf, type PageAnswer, type PageLoader, type PageMoved } from './page-loaders.ts';
import { escapeHtml, renderHead, scriptJson } from './page-head.ts';
import type { PageSettings } from './page-settings.ts';
import type { PageTemplate } from './page-template.ts';
import { renderApp } from './render-app.ts';
import { createRenderMemo, drawnPage, type DrawnPage, type ReadAnswer } from './render-memo.ts';
import { keptEncodingFor } from '#server/http/compression.ts';
import { failurePage } from './failure-page.ts';
import { createConcurrencyLimit } from '#server/http/concurrency-limit.ts';
import { RETRY_AFTER_SECONDS } from '#server/http/unavailable.ts';
import { isDatabaseUnavailable } from '#server/db/database-unavailable.ts';

// Cache-Control a CDN honours: anonymous catalogue pages may be shared briefly and served stale while one
// request refreshes them; anything for a signed-in visitor stays private to their browser.
const PUBLIC_PAGE_CACHE = 'public, max-age=0, s-maxage=5, stale-while-revalidate=30';
const PRIVATE_PAGE_CACHE = 'private, no-cache';

// Renders that run at once share one core: each waits on the database now and then, so a few at a time
// keep it busy, and more only interleave, every page finishing late together (see concurrency-limit.ts).
const RENDERS_AT_ONCE = 4;

interface PageRendererOptions {
  template: PageTemplate;
  /** the shop's address, absolute links' start (config.ts publicOrigin): never the request's Host */
  origin: string;
  /** the name of the session cookie: its presence means a signed-in visitor */
  sessionCookie: string;
  settings: PageSettings;
}

interface Route {
  loader: PageLoader;
  param?: string;
  chunk?: string;
}

function routeOf(path: string): Route | 'client' {
  for (const { pattern, loader, chunk } of PAGE_ROUTES) {
    const match = pattern.exec(path);
    if (match) return { loader, chunk, param: match[1] === undefined ? undefined : safeDecode(match[1]) };
  }
  return CLIENT_RENDERED.test(path) ? 'client' : { loader: pageNotFound, chunk: NOT_FOUND_CHUNK };
}

/** A server-rendered storefront address: the response cache keeps these for anonymous visitors (decision 021). */
export function isRenderedPage(path: string): boolean {
  return PAGE_ROUTES.some(({ pattern }) => pattern.test(path));
}

function safeDecode(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

/** The server's answer to a page address: rendered storefront pages, the shell for the rest. */
export function createPageRenderer(app: FastifyInstance, options: PageRendererOptions) {
  const { template } = options;
  const renderLimit = createConcurrencyLimit(RENDERS_AT_ONCE);
  const memo = createRenderMemo<PageAnswer>();

  /** The answers these reads give now, in their order; null when one is refused or fails. */
  async function answersNow(reads: string[]): Promise<ReadAnswer[] | null> {
    const noted: NotedRead[] = [];
    const read = inProcessReads(app, noted);
    try {
      await Promise.all(reads.map((url) => read(url, {})));
    } catch {
      return null;
    }
    return answersOf(noted);
  }

  async function renderPage(path: string, search: string, origin: string): Promise<{ answer: PageAnswer; page: DrawnPage } | PageMoved> {
    // every render's QueryClient reads through this: the public reads, answered by this app, each one noted
    const noted: NotedRead[] = [];
    const queryClient = createRenderQueryClient(inProcessReads(app, noted));
    const settings = await options.settings.read(queryClient);
    const address = `${path}?${search}`;
    const drawnWith = settingsText(settings);
    const kept = await memo.find(address, drawnWith, answersNow);
    if (kept) return kept;
    const fromLoader = noted.length;
    const route = routeOf(path);
    const { loader, param, chunk }: Route = route === 'client' ? { loader: pageNotFound, chunk: NOT_FOUND_CHUNK } : route;
    const answer = await loader({ param, search, queryClient, settings, origin });
    // a page that moved is not drawn, nor kept: its address is answered by a redirect until its item takes it back
    if (answer.status === 301) return answer;
    const readsOfLoader = noted.length;
    const html = await renderApp(path, search, queryClient);
    const state = sendableState(
      dehydrate(queryClient, { shouldDehydrateQuery: (query) => PAGE_READS.test(String(query.queryKey[0])) && query.state.status !== 'pending' }),
    );
    const head = [renderHead(answer.head, origin, siteTitleOf(settings)), siteColorsStyle(settings)].filter(Boolean).join('\n    ');
    const body = template.fill({
      head,
      html,
      afterRoot: `<script id="${PAGE_STATE_ID}" type="application/json">${scriptJson(state)}</script>`,
      // the route's lazy chunk downloads beside the app when it starts, not after the app has run
      appModules: template.appModules(chunk),
    });
    // kept only when the loader's reads were all the page was drawn from: reads the tree asked for itself
    // would not be made again before the kept page is sent, so nothing would tell that they had changed
    const reads = noted.slice(fromLoader);
    const answers = noted.length === readsOfLoader ? answersOf(reads) : null;
    if (answers === null) return { answer, page: drawnPage(body) };
    return { answer, page: memo.keep(address, { settings: drawnWith, reads: reads.map(({ url }) => url), answers }, answer, body) };
  }

  return async function answerPage(request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply> {
    const [path = '/', query = ''] = request.url.split(/\?(.*)/s);
    const normalPath = path.length > 1 ? path.replace(/\/+$/, '') : path;
    const signedIn = request.cookies[options.sessionCookie] !== undefined;
    if (routeOf(normalPath) === 'client') {
      return reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache').send(template.shell);
    }
    const { origin } = options;
    let page: RenderedPage;
    try {
      // the page's largest image is preloaded from its HTML (React writes a preload for an <img> with
      // fetchPriority="high"), which is sent whole, at once: no Link header would start it sooner
      const rendered = await renderLimit(() => renderPage(normalPath, query, origin));
      if ('location' in rendered) return reply.redirect(rendered.location, 301);
      const { answer, page: drawn } = rendered;
      const headers: Record<string, string> = {
        'content-type': 'text/html; charset=utf-8',
        'cache-control': answer.cacheable && !signedIn ? PUBLIC_PAGE_CACHE : PRIVATE_PAGE_CACHE,
      };
      // encoded here as @fastify/compress would (it passes an encoded body on): a kept page is encoded once
      const encoding = keptEncodingFor(request.headers['accept-encoding']);
      if (encoding === null) page = { status: answer.status, headers, body: drawn.html };
      else {
        const { body, etag } = drawn.encoded(encoding);
        page = { status: answer.status, headers: { ...headers, 'content-encoding': encoding, vary: 'accept-encoding', etag }, body };
      }
    } catch (error) {
      // the database is away or behind the schema (a read answered 503): "try again soon", as the API says
      const unavailable = isDatabaseUnavailable(error) || (error instanceof ApiError && error.status === 503);
      if (unavailable) request.log.warn({ err: error, url: request.url }, 'page not rendered: database unavailable');
      else request.log.error({ err: error, url: request.url }, 'page rendering failed');
      const headers = { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' };
      page = unavailable
        ? { status: 503, headers: { ...headers, 'retry-after': String(RETRY_AFTER_SECONDS) }, body: failurePage(template) }
        : { status: 500, headers, body: failurePage(template) };
    }
    return send(reply, page);
  };
}

/** Each read's answer, in order; null when one has none (refused, or it failed). */
function answersOf(noted: NotedRead[]): ReadAnswer[] | null {
  const answers = noted.map(({ answer }) => answer);
  return answers.every((answer) => answer !== undefined) ? answers : null;
}

interface RenderedPage {
  status: number;
  headers: Record<string, string>;
  body: string | Buffer;
}

function send(reply: FastifyReply, page: RenderedPage): FastifyReply {
  return reply.status(page.status).headers(page.headers).send(page.body);
}

// the settings object is kept and shared by the renders for a while (page-settings.ts): what is derived from
// it (its colours, through contrast checks; its text among a render's inputs) is written once per object
function oncePerSettings(write: (settings: SiteSettings) => string): (settings: SiteSettings) => string {
  const written = new WeakMap<SiteSettings, string>();
  return (settings) => {
    let text = written.get(settings);
    if (text === undefined) written.set(settings, (text = write(settings)));
    return text;
  };
}

/** The settings a page was drawn with, as one of its inputs (render-memo.ts): kept settings are not read per page. */
const settingsText = oncePerSettings((settings) => JSON.stringify(settings));

/** The site's colours as the client's useSiteColors sets them, there from the first paint. */
const siteColorsStyle = oncePerSettings((settings) => {
  const declarations = Object.entries(siteColorVariables(settings))
    .map(([name, value]) => `${name}:${escapeHtml(value)}`)
    .join(';');
  return `<style>:root{${declarations}}</style>`;
});
