import { test as base, type Page } from '@playwright/test';
import { APP_STARTED_ATTRIBUTE } from '#client/lib/app-start.ts';

export * from '@playwright/test';

// A server-rendered page is on screen, links working, before its app has started (it is started after
// the first paint: src/client/paint-first.ts), and Playwright's navigations end at the `load` event,
// which may come first. A shopper's tap on a button in that moment does nothing, so every test waits
// for the app after each navigation before it acts: import `test` and `expect` from here.

const NAVIGATIONS = ['goto', 'reload', 'goBack', 'goForward'] as const;

function appStarted(attribute: string): boolean {
  return !document.querySelector('script[type="module"]') || document.documentElement.hasAttribute(attribute);
}

/** Makes this page's navigations wait for the app; the `page` fixture's pages do already, a test's own `browser.newPage()` needs it. */
export function waitsForApp(page: Page): Page {
  for (const name of NAVIGATIONS) {
    const navigate = page[name].bind(page) as (...args: unknown[]) => ReturnType<Page['goto']>;
    page[name] = (async (...args: unknown[]) => {
      const response = await navigate(...args);
      await page.waitForFunction(appStarted, APP_STARTED_ATTRIBUTE);
      return response;
    }) as Page[typeof name];
  }
  return page;
}

export const test = base.extend({
  context: async ({ context, javaScriptEnabled }, use) => {
    if (javaScriptEnabled !== false) context.on('page', waitsForApp);
    await use(context);
  },
});
