import { startTransition, StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { App } from './app/app.tsx';
import { createQueryClient } from './lib/query-client.ts';
import { hydratePageState, readPageState } from './lib/page-state.ts';
import { APP_STARTED_ATTRIBUTE } from './lib/app-start.ts';
import './styles.css';

const root = document.getElementById('root')!;
const queryClient = createQueryClient();
const pageState = readPageState();
const app = (
  <StrictMode>
    <App queryClient={queryClient} />
  </StrictMode>
);

// storefront pages arrive rendered with their data (docs/decisions/021); admin, checkout and account pages as the empty shell
if (pageState) {
  hydratePageState(queryClient, pageState);
  // as a transition React hydrates in slices, yielding to the browser between them, rather than in one long task
  startTransition(() => {
    hydrateRoot(root, app);
  });
} else {
  createRoot(root).render(app);
}
document.documentElement.setAttribute(APP_STARTED_ATTRIBUTE, '');
