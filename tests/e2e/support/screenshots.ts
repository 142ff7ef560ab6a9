import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import type { Page } from '@playwright/test';

export const SCREENSHOT_DIR = path.resolve('test-results/screenshots');
const SCREENSHOT_WIDTHS = [390, 1280] as const;
// A page grows with the shared server's data (the admin's orders after a hundred tests' checkouts): its top
// is what a reader looks at; the admin orders journey ran out of time while shooting all of it on a busy machine.
const MAX_SCREENSHOT_HEIGHT = 6000;
// E2E_SCREENSHOTS=0 (CI: nobody looks at its pictures) resizes and runs each width's checks but draws no PNG
const CAPTURE = process.env.E2E_SCREENSHOTS !== '0';

/** Scrolls through the page's top so lazy images load before the screenshot. */
async function loadLazyImages(page: Page): Promise<void> {
  await page.evaluate(async (maxHeight) => {
    for (let y = 0; y < Math.min(document.body.scrollHeight, maxHeight); y += window.innerHeight / 2) {
      window.scrollTo(0, y);
      await new Promise((resolve) => setTimeout(resolve, 40));
    }
    window.scrollTo(0, 0);
  }, MAX_SCREENSHOT_HEIGHT);
  await page.waitForLoadState('networkidle');
}

/**
 * Saves test-results/screenshots/{name}-{width}.png at 390 and 1280 px (the page's first 6,000 px) and puts the
 * viewport back as it was. `prepare` runs after each resize (e.g. to open a menu that only exists on mobile, or
 * to check the page fits), also when E2E_SCREENSHOTS=0 leaves the pictures out.
 */
export async function screenshotPage(page: Page, name: string, prepare?: (width: number) => Promise<void>): Promise<void> {
  await mkdir(SCREENSHOT_DIR, { recursive: true });
  const original = page.viewportSize();
  for (const width of SCREENSHOT_WIDTHS) {
    await page.setViewportSize({ width, height: width < 768 ? 844 : 900 });
    await prepare?.(width);
    if (!CAPTURE) continue;
    await loadLazyImages(page);
    const height = Math.min(await page.evaluate(() => document.documentElement.scrollHeight), MAX_SCREENSHOT_HEIGHT);
    const clip = { x: 0, y: 0, width, height };
    await page.screenshot({ path: path.join(SCREENSHOT_DIR, `${name}-${width}.png`), fullPage: true, clip, animations: 'disabled' });
  }
  if (original) await page.setViewportSize(original);
}
