// A server-rendered page is complete in its HTML, so the browser paints it, largest image included,
// before any of the app's code is fetched or run; the app (main.tsx) then starts and hydrates it.
// The server names on #root the app's entry first, then the chunks it and the page's route import
// (decision 021, "Paint first"). The attribute is APP_MODULES_ATTRIBUTE of lib/app-start.ts, written out
// so that this script stays one small file of its own.

/** Waited for at most this long: a slow image must not keep the page from working. */
const LARGEST_IMAGE_WAIT_MS = 2500;

function startApp(): void {
  const [app, ...imported] = document.getElementById('root')?.getAttribute('data-app-modules')?.split(' ') ?? [];
  if (!app) return;
  for (const href of imported) {
    const link = document.createElement('link');
    link.rel = 'modulepreload';
    link.href = href;
    document.head.append(link);
  }
  void import(/* @vite-ignore */ app);
}

let started = false;
/** After the next frame is drawn: a frame is drawn after the callback of requestAnimationFrame, and before the timer. */
function startAfterNextPaint(): void {
  if (started) return;
  started = true;
  requestAnimationFrame(() => setTimeout(startApp));
}

/**
 * The browser reports the image's largest-contentful-paint entry once the frame that shows it is on the
 * screen, which comes later than the end of the frame's work: the timer after a frame can fire before
 * it is shown, and then the app's code counts as coming before the paint. Where the image is not the
 * largest thing drawn (a wide screen's heading) no entry names it: its load plus this long stands in.
 */
const NOT_LARGEST_WAIT_MS = 250;

function startWhenShown(image: HTMLImageElement): void {
  const observer = new PerformanceObserver((entries) => {
    if (entries.getEntries().some((entry) => (entry as PerformanceEntry & { element?: Element | null }).element === image)) {
      observer.disconnect();
      startAfterNextPaint();
    }
  });
  observer.observe({ type: 'largest-contentful-paint', buffered: true });
}

// the page's largest image (the one it fetches first) is shown before the app's code competes with it
const largest = document.querySelector<HTMLImageElement>('img[fetchpriority="high"]');
if (largest) {
  setTimeout(startAfterNextPaint, LARGEST_IMAGE_WAIT_MS);
  const reportsPaint = globalThis.PerformanceObserver?.supportedEntryTypes?.includes('largest-contentful-paint') === true;
  if (reportsPaint) startWhenShown(largest);
  // without a report naming it, the image's load stands in: at once where the browser has no such reports
  const loaded = reportsPaint ? () => setTimeout(startAfterNextPaint, NOT_LARGEST_WAIT_MS) : startAfterNextPaint;
  if (largest.complete) loaded();
  else {
    largest.addEventListener('load', loaded, { once: true });
    largest.addEventListener('error', startAfterNextPaint, { once: true });
  }
} else {
  startAfterNextPaint();
}
