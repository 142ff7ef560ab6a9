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

// the page's largest image (the one it fetches first) is drawn before the app's code competes with it
const largest = document.querySelector<HTMLImageElement>('img[fetchpriority="high"]');
if (largest && !largest.complete) {
  largest.addEventListener('load', startAfterNextPaint, { once: true });
  largest.addEventListener('error', startAfterNextPaint, { once: true });
  setTimeout(startAfterNextPaint, LARGEST_IMAGE_WAIT_MS);
} else {
  startAfterNextPaint();
}
