import { useEffect } from 'react';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useLocation, useSearch } from 'wouter';
import { prefetchRouteData } from './prefetch-route-data.ts';
import { AppRouter } from './router.tsx';
import { Providers } from './providers.tsx';
import { SiteLayout } from './layout/site-layout.tsx';

/** A new page starts at the top, as with ordinary links. */
function ScrollToTop() {
  const [location] = useLocation();
  useEffect(() => {
    window.scrollTo(0, 0);
  }, [location]);
  return null;
}

function RouteDataPrefetch() {
  const [location] = useLocation();
  const search = useSearch();
  const queryClient = useQueryClient();
  useEffect(() => {
    prefetchRouteData(queryClient, location, search);
  }, [queryClient, location, search]);
  return null;
}

export function App({ queryClient }: { queryClient?: QueryClient }) {
  return (
    <Providers queryClient={queryClient}>
      <ScrollToTop />
      <RouteDataPrefetch />
      <SiteLayout>
        <AppRouter />
      </SiteLayout>
    </Providers>
  );
}
