// A server-rendered page is complete in its HTML, so the browser paints it, largest image included,
// before any of the app's code is fetched or run; the app (main.tsx) then starts and hydrates it.
// The server names on #root the app's entry first, then the chunks it and the page's route import
// (decision 021, "Paint first"). The attribute is APP_MODULES_ATTRIBUTE of lib/app-start.ts, written out
// so that this script stays one small file of its own.
requestAnimationFrame(() =>
  setTimeout(() => {
    const [app, ...imported] = document.getElementById('root')?.getAttribute('data-app-modules')?.split(' ') ?? [];
    if (!app) return;
    for (const href of imported) {
      const link = document.createElement('link');
      link.rel = 'modulepreload';
      link.href = href;
      document.head.append(link);
    }
    void import(/* @vite-ignore */ app);
  }),
);
