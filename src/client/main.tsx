import './styles.css';
import { APP_STARTED_ATTRIBUTE, ROUTE_MODULES_ATTRIBUTE } from './lib/app-start.ts';

// A server-rendered page is complete in its HTML, so the browser paints it, largest image included,
// before any of the app's code is fetched or run; React then starts and takes the page over
// (decision 021, "Paint first"). The route's own chunks, named by the server, download beside it.
// A page the browser renders alone (the shell) loses one frame to this.
requestAnimationFrame(() =>
  setTimeout(() => {
    const root = document.getElementById('root');
    for (const href of root?.getAttribute(ROUTE_MODULES_ATTRIBUTE)?.split(' ').filter(Boolean) ?? []) {
      const link = document.createElement('link');
      link.rel = 'modulepreload';
      link.href = href;
      document.head.append(link);
    }
    void import('./start.tsx').then(() => document.documentElement.setAttribute(APP_STARTED_ATTRIBUTE, ''));
  }),
);
