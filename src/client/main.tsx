import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { App } from './app/app.tsx';
import { createQueryClient } from './lib/query-client.ts';
import { hydratePageState, readPageState } from './lib/page-state.ts';
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
  hydrateRoot(root, app);
} else {
  createRoot(root).render(app);
}
