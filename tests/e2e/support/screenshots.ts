import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import type { Page } from '@playwright/test';

export const SCREENSHOT_DIR = path.resolve('test-results/screenshots');
const SCREENSHOT_WIDTHS = [390, 1280] as const;

/** Scrolls through the page so lazy images load before a full-page screenshot. */
async function loadLazyImages(page: Page): Promise<void> {
  await page.evaluate(async () => {
    for (let y = 0; y < document.body.scrollHeight; y += window.innerHeight / 2) {
      window.scrollTo(0, y);
      await new Promise((resolve) => setTimeout(resolve, 40));
    }
    window.scrollTo(0, 0);
  });
  await page.waitForLoadState('networkidle');
}

/**
 * Saves test-results/screenshots/{name}-{width}.png at 390 and 1280 px and puts the
 * viewport back as it was. `prepare` runs after each resize (e.g. to open a menu that only exists on mobile).
 */
export async function screenshotPage(page: Page, name: string, prepare?: (width: number) => Promise<void>): Promise<void> {
  await mkdir(SCREENSHOT_DIR, { recursive: true });
  const original = page.viewportSize();
  for (const width of SCREENSHOT_WIDTHS) {
    await page.setViewportSize({ width, height: width < 768 ? 844 : 900 });
    await prepare?.(width);
    await loadLazyImages(page);
    await page.screenshot({ path: path.join(SCREENSHOT_DIR, `${name}-${width}.png`), fullPage: true, animations: 'disabled' });
  }
  if (original) await page.setViewportSize(original);
}
